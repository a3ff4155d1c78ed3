import { describe, expect, it } from 'vitest';
import { withImportSlot } from '../../../server/entity/importSlots';

/** The server whose line the imports wait in (any object: the context in the server). */
const OWNER = {};
import { ApiError } from '../../../server/http/ApiError';
import { MAX_CONCURRENT_IMPORTS, MAX_WAITING_IMPORTS } from '../../../runtime/core/constants';

/** Imports parse a few at a time per process; a burst waits in line, a longer one is refused with code 100. */
describe('import slots', () => {
  it('runs a few imports at once, queues the next ones in order and refuses beyond the line', async () => {
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const job = (n: number) => withImportSlot(OWNER, async () => {
      started.push(n);
      await new Promise<void>((resolve) => { finish[n] = resolve; });
      return n;
    });
    const total = MAX_CONCURRENT_IMPORTS + MAX_WAITING_IMPORTS;
    const running = Array.from({ length: total }, (_, n) => job(n));
    await Promise.resolve();
    expect(started).toEqual(Array.from({ length: MAX_CONCURRENT_IMPORTS }, (_, n) => n));

    const refused = await job(total).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 100, messageKey: 'file.importBusy' });

    // Each finished import hands its slot to the next in line.
    for (let n = 0; n < total; n += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      finish[n]();
      expect(await running[n]).toBe(n);
    }
    expect(started).toEqual(Array.from({ length: total }, (_, n) => n));
    // All slots are free again: the next import starts at once.
    expect(await withImportSlot(OWNER, async () => 'free')).toBe('free');
  });

  it('frees the slot when an import fails', async () => {
    for (let n = 0; n < MAX_CONCURRENT_IMPORTS + 1; n += 1) {
      await expect(withImportSlot(OWNER, async () => { throw new Error('bad file'); })).rejects.toThrow('bad file');
    }
    expect(await withImportSlot(OWNER, async () => 'ok')).toBe('ok');
  });
});
