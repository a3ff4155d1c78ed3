import { MAX_CONCURRENT_IMPORTS, MAX_WAITING_IMPORTS } from '../../runtime/core/constants';
import { ApiError } from '../http/ApiError';
import type { CallHandler } from '../calls/CallHandler';

/**
 * Spreadsheet imports parsed at once in this process: exceljs holds a whole workbook in memory,
 * many times the file's size, so a burst of imports waits in line instead of adding up, and a
 * line that is too long is refused (code 100) rather than holding every upload's buffer.
 */
interface Slots { running: number; waiting: (() => void)[] }

// One line per server (its context): a server closed with an import still waiting on its upload
// never frees that slot, and must not hold up another server of the same process.
const slotsOf = new WeakMap<object, Slots>();

export async function withImportSlot<T>(owner: object, work: () => Promise<T>): Promise<T> {
  let slots = slotsOf.get(owner);
  if (!slots) slotsOf.set(owner, slots = { running: 0, waiting: [] });
  if (slots.running >= MAX_CONCURRENT_IMPORTS) {
    if (slots.waiting.length >= MAX_WAITING_IMPORTS) throw ApiError.business('file.importBusy');
    await new Promise<void>((resolve) => { slots.waiting.push(resolve); });
  } else {
    slots.running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` counts it throughout.
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running -= 1;
  }
}

/** The same handler, run in an import slot. */
export function inImportSlot(handler: CallHandler): CallHandler {
  return { ...handler, handle: (request) => withImportSlot(request.ctx, () => handler.handle(request)) };
}
