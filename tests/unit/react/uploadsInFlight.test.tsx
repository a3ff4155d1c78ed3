// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { UploadsInFlightProvider, useReportUploads, useUploadsInFlight, type UploadsInFlight } from '../../../runtime/react/attachments/uploadsInFlight';

afterEach(cleanup);

function Widget({ count }: { count: number }) {
  useReportUploads(count);
  return null;
}

let seen: UploadsInFlight | undefined;

function Form({ children }: { children: ReactNode }) {
  const uploads = useUploadsInFlight();
  seen = uploads;
  return (
    <UploadsInFlightProvider value={uploads.report}>
      <span data-testid="count">{uploads.count}</span>
      {children}
    </UploadsInFlightProvider>
  );
}

describe('uploads in flight across a form', () => {
  it('sums the widgets\' files on their way and forgets a widget that goes', () => {
    const view = render(<Form><Widget count={1} /><Widget count={2} /></Form>);
    expect(screen.getByTestId('count').textContent).toBe('3');
    expect(seen?.pending()).toBe(3);

    view.rerender(<Form><Widget count={0} /><Widget count={2} /></Form>);
    expect(screen.getByTestId('count').textContent).toBe('2');

    // A removed sub-table row with a file on its way must not hold the save for ever.
    act(() => { view.rerender(<Form><Widget count={0} /></Form>); });
    expect(screen.getByTestId('count').textContent).toBe('0');
    expect(seen?.pending()).toBe(0);
  });

  it('is a no-op outside a form (the mail compose screen counts through onUploadingChange)', () => {
    render(<Widget count={1} />);
  });
});
