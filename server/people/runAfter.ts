import type { CallHandler, CallRequest, CallTable } from '../calls/CallHandler';
import { nowText } from '../http/newId';

/** A call's answer as the wrappers read it (records and counts are objects). */
export type Answer = Record<string, unknown> | null | undefined;

/**
 * Runs after a call's handler has answered, i.e. after its transaction committed. `after`
 * receives the answer; what it does must not throw (the write is done and must be answered).
 */
export function runAfter(table: CallTable, key: string, after: (request: CallRequest, answer: Answer, started: string) => Promise<void>): void {
  const original = table.get(key);
  if (!original) return;
  const wrapped: CallHandler = {
    ...original,
    async handle(request) {
      const started = nowText();
      const answer = await original.handle(request);
      await after(request, answer as Answer, started);
      return answer;
    },
  };
  table.set(key, wrapped);
}
