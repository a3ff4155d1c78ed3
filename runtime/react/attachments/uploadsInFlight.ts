import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';

/**
 * A form saved while a file is still uploading is stored without it (the attachIds arrive with the
 * upload's answer). Every upload widget inside a form reports its files in flight here, so the form
 * can hold its save until all have arrived — sub-table rows and closed tabs included.
 */
type ReportUploads = (widget: string, count: number) => void;

const UploadsInFlightContext = createContext<ReportUploads | null>(null);

/** Given `report` of useUploadsInFlight, collects the counts of the upload widgets inside it. */
export const UploadsInFlightProvider = UploadsInFlightContext.Provider;

/** An upload widget's part: tells the form around it (if any) how many of its files are on their way. */
export function useReportUploads(count: number): void {
  const report = useContext(UploadsInFlightContext);
  const widget = useId();
  useEffect(() => { report?.(widget, count); }, [report, widget, count]);
  // A widget that goes (a removed sub-table row) must not keep the form waiting for ever.
  useEffect(() => () => { report?.(widget, 0); }, [report, widget]);
}

export interface UploadsInFlight {
  /** Files on their way across the form, for rendering (disabled buttons, the hint). */
  count: number;
  /** The same, read at the moment of a save that bypassed the disabled button (a stale render must not let it through). */
  pending(): number;
  report: ReportUploads;
}

/** The form's side: the total of what its upload widgets report through UploadsInFlightProvider. */
export function useUploadsInFlight(): UploadsInFlight {
  const counts = useRef(new Map<string, number>());
  const [count, setCount] = useState(0);
  const pending = useCallback(() => [...counts.current.values()].reduce((sum, n) => sum + n, 0), []);
  const report = useCallback<ReportUploads>((widget, n) => {
    if (n > 0) counts.current.set(widget, n);
    else counts.current.delete(widget);
    setCount(pending());
  }, [pending]);
  return { count, pending, report };
}
