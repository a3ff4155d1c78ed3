import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type CellValue = string | number;

export interface XlsxStream {
  /** The file's bytes as they are made: the answer's body. */
  body: Readable;
  addRow(values: CellValue[]): void;
  /**
   * Resolves once the rows added so far have moved on to compression, so memory holds about one
   * slice of rows whatever the size of the file; rejects when `signal` aborts (client gone).
   */
  flushed(signal: AbortSignal): Promise<void>;
  /** Closes the data sheet and adds a second sheet of lines, opened first when the file is. */
  addNoticeSheet(name: string, lines: string[]): void;
  /** Writes the rest of the file; resolves when its last byte is in `body`. */
  finish(): Promise<void>;
  /** Stops the file mid-way (client gone, or an error): the answer ends without a valid file. */
  abort(error?: Error): void;
}

/**
 * The parts of ExcelJS's streaming writer that no typing exposes. ExcelJS hands each sheet's XML
 * to the zip archiver through a queue that ignores backpressure (its StreamBuf's write always
 * returns true), so a writer that never waits keeps the whole uncompressed sheet in memory —
 * 100 MB per 200,000 rows in practice. `pipes[0]` is the stream the archiver reads the sheet
 * from; waiting for its 'drain' is what bounds memory. tests/api/exportStream.test.ts fails if a
 * new ExcelJS release moves these.
 */
interface WriterInternals {
  zip: { abort(): void };
}
interface SheetInternals {
  stream: { pipes: (NodeJS.WritableStream & { _writableState?: { needDrain: boolean } })[] };
}

/**
 * An xlsx file written row by row into a stream (ExcelJS WorkbookWriter: inline strings, no
 * styles — both would be held in memory until the end).
 */
export function openXlsxStream(sheetName: string, columns: { header: string; width: number }[]): XlsxStream {
  const body = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useSharedStrings: false, useStyles: false });
  let sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  const sheetQueue = () => {
    const queue = (sheet as unknown as SheetInternals).stream.pipes[0];
    if (!queue?._writableState) throw new Error('ExcelJS internals changed: the sheet stream has no archiver queue to wait on');
    return queue;
  };
  sheetQueue();
  return {
    body,
    addRow(values) {
      sheet.addRow(values).commit();
    },
    async flushed(signal) {
      const queue = sheetQueue();
      if (queue._writableState!.needDrain) await once(queue, 'drain', { signal });
    },
    addNoticeSheet(name, lines) {
      sheet.commit();
      sheet = book.addWorksheet(name);
      sheet.columns = [{ key: 'c0', width: 100 }];
      for (const line of lines) sheet.addRow([line]).commit();
      // The notice tab is the one shown when the file opens.
      book.views = [{ x: 0, y: 0, width: 20000, height: 15000, firstSheet: 0, activeTab: 1, visibility: 'visible' }];
    },
    async finish() {
      sheet.commit();
      await book.commit();
    },
    abort(error) {
      (book as unknown as WriterInternals).zip.abort();
      body.destroy(error);
    },
  };
}
