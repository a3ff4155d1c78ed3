import { MAX_CONCURRENT_IMPORTS, MAX_WAITING_IMPORTS } from '../../runtime/core/constants';
import { ApiError } from '../http/ApiError';
import type { CallHandler } from '../calls/CallHandler';

/**
 * Spreadsheet imports parsed at once in this process: exceljs holds a whole workbook in memory,
 * many times the file's size, so a burst of imports waits in line instead of adding up, and a
 * line that is too long is refused (code 100) rather than holding every upload's buffer.
 */
let running = 0;
const waiting: (() => void)[] = [];

export async function withImportSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_IMPORTS) {
    if (waiting.length >= MAX_WAITING_IMPORTS) throw ApiError.business('file.importBusy');
    await new Promise<void>((resolve) => { waiting.push(resolve); });
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` counts it throughout.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** The same handler, run in an import slot. */
export function inImportSlot(handler: CallHandler): CallHandler {
  return { ...handler, handle: (request) => withImportSlot(() => handler.handle(request)) };
}
