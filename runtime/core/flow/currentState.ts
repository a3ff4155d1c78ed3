import type { FlowDef } from '../schema/types';

/**
 * The state a record is in. A record stored before its entity gained a flow has no state yet;
 * it is treated as being in the initial state rather than stuck in none.
 */
export function currentState(flow: FlowDef, record: Record<string, unknown>): string {
  const value = record[flow.field];
  return value === null || value === undefined || value === '' ? flow.initial : String(value);
}
