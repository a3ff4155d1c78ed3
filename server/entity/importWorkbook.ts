import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { MAX_ARCHIVE_UNCOMPRESSED_MB } from '../../runtime/core/constants';
import { ApiError } from '../http/ApiError';
import { entryHead, inspectArchive } from '../files/archiveGuard';
import { eventLoopPacer } from './eventLoopPacer';

/** One data row of the first sheet: its row number and the kept cells' texts by field name. */
export interface SheetRow { row: number; cells: Record<string, string> }

/**
 * Data rows handed on at a time: what the checks work on together (set queries per slice).
 * Small on purpose: a slice's cells, resolved rows and values live until it is checked, and what
 * lives through two young-generation collections is promoted; with 2,000-row slices nearly all of
 * it was, and the old space grew to ~300 MB of garbage before a full collection (bench/import:
 * peak RSS 551 MB with 2,000, 429 MB with 250, at the same rows/s; 100 was no better).
 */
export const SHEET_SLICE_ROWS = 250;

export interface ReadSheetOptions {
  /** More non-empty data rows than this refuses the file as soon as the first extra row is read. */
  maxRows: number;
  /** Header texts by column → the columns to keep (column → field name); may throw to refuse the file. */
  columnsOf(header: Map<number, string>): Map<number, string>;
  /**
   * Takes each slice of data rows (at most SHEET_SLICE_ROWS), in order; reading waits for it, so
   * memory holds the rows of one slice, not of the file. An error it throws ends the reading and
   * is the reader's.
   */
  onRows(rows: SheetRow[]): Promise<void>;
  /**
   * Called as each slice is handed on (before onRows) and at the end, with the number of data rows
   * read so far and, when the sheet declares its size, the share of its rows read (0–1).
   */
  onCount?(count: number, read: number | undefined): void;
}

/**
 * A date cell (what Excel makes of a typed 2026-02-03) holds a Date whose UTC fields are the
 * sheet's calendar date and clock; its `text` would be Date.toString(), which no date field takes.
 * It reads as 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm:ss' when it has a time of day. (A formula's
 * date result comes from the streaming reader as its serial number, like any number.)
 */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (!(value instanceof Date)) return String(cell.text).trim();
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  return iso.slice(11, 19) === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * The last row number the first sheet declares in its `<dimension ref="A1:K30001"/>`, which
 * Excel, WPS and ExcelJS's workbook writer put at the sheet's top (streaming writers, ours
 * included, cannot and leave it out): how far along reading is, for the progress bar.
 */
async function declaredLastRow(buffer: Buffer): Promise<number | undefined> {
  const head = await entryHead(buffer, 'xl/worksheets/sheet1.xml', 2048);
  const match = head && /<dimension\s+ref="[A-Z]+\d+(?::[A-Z]+(\d+))?"/.exec(head.toString('utf8'));
  return match?.[1] ? Number(match[1]) : undefined;
}

/** Slices the upload is fed to the unzipper in: each step of parsing stays a few milliseconds long. */
const FEED_BYTES = 64 * 1024;

function sliced(buffer: Buffer): Readable {
  return Readable.from((function* slices() {
    for (let at = 0; at < buffer.length; at += FEED_BYTES) yield buffer.subarray(at, at + FEED_BYTES);
  })());
}

/**
 * The first sheet of an uploaded xlsx, read as a stream (ExcelJS's WorkbookReader), never held as
 * a workbook: the inflated size is checked first (server/files/archiveGuard), so a small file that
 * would inflate to gigabytes is refused with code 100 before any parsing; the row count is
 * checked while reading, so a file over the cap is refused at its first extra row, without
 * parsing the rest. Only the kept columns' texts of non-empty rows are kept, a slice at a time.
 * Answers the number of data rows read.
 */
export async function readImportSheet(buffer: Buffer, options: ReadSheetOptions): Promise<number> {
  const verdict = await inspectArchive(buffer);
  if (!verdict.ok && verdict.problem === 'tooLarge') throw ApiError.business('file.archiveTooLarge', { mb: MAX_ARCHIVE_UNCOMPRESSED_MB });
  if (!verdict.ok) throw ApiError.business('file.badSpreadsheet');
  const lastRow = await declaredLastRow(buffer);
  const input = sliced(buffer);
  // styles cached: a date cell's text is what the full reader gives (numbers formatted as dates).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore',
  });
  let slice: SheetRow[] = [];
  let count = 0;
  // The slice's consumer fails as itself, not as a bad spreadsheet.
  let consumerError: unknown;
  const handOn = async () => {
    const rows = slice;
    slice = [];
    try {
      await options.onRows(rows);
    } catch (error) {
      consumerError = error;
      throw error;
    }
  };
  let columns: Map<number, string> | undefined;
  let sawSheet = false;
  // The sheet row of the last data row read, against the size the sheet declares, if it does.
  let lastRead = 0;
  const shareRead = () => (lastRow ? Math.min(1, lastRead / lastRow) : undefined);
  const pace = eventLoopPacer();
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet) {
        if (!columns) {
          const header = new Map<number, string>();
          row.eachCell((cell, col) => { header.set(col, String(cell.text).trim()); });
          columns = options.columnsOf(header);
          continue;
        }
        const cells: Record<string, string> = {};
        let empty = true;
        for (const [col, field] of columns) {
          const text = cellText(row.getCell(col));
          if (text) empty = false;
          cells[field] = text;
        }
        if (empty) continue;
        if (count >= options.maxRows) throw ApiError.business('file.tooManyRows', { max: options.maxRows });
        count += 1;
        slice.push({ row: row.number, cells });
        lastRead = row.number;
        // Counted as each slice is handed on, so the rows read are never fewer than the rows checked.
        if (slice.length >= SHEET_SLICE_ROWS) {
          options.onCount?.(count, shareRead());
          await handOn();
        }
        await pace();
      }
      // The first sheet only: the template's second sheet is the guide.
      break;
    }
    if (slice.length) {
      options.onCount?.(count, shareRead());
      await handOn();
    }
  } catch (error) {
    if (error instanceof ApiError || (consumerError !== undefined && error === consumerError)) throw error;
    throw ApiError.business('file.badSpreadsheet');
  } finally {
    input.destroy();
  }
  if (!sawSheet) throw ApiError.business('file.badSpreadsheet');
  // A sheet without even a header row names no columns.
  if (!columns) options.columnsOf(new Map());
  options.onCount?.(count, 1);
  return count;
}
