import { nowText } from '../http/newId';

/** The date `days` from today (negative: before), as the demo rows store it. */
export function addDays(days: number): string {
  return nowText(new Date(Date.now() + days * 86_400_000)).slice(0, 10);
}
