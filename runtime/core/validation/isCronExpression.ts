import { Cron } from 'croner';

/**
 * A five-part cron expression (minute hour day month weekday): the scheduler works by the
 * minute, so second-level patterns are refused rather than silently rounded.
 */
export function isCronExpression(text: string): boolean {
  if (text.trim().split(/\s+/).length !== 5) return false;
  try {
    new Cron(text, { paused: true });
    return true;
  } catch {
    return false;
  }
}
