/**
 * Grey-page mode (spec §4): the whole interface is shown in greyscale while the current time is
 * before GREY_END_TIME (days of mourning). The end time comes from configuration as a local
 * date-time text ('2025-04-04 23:59:59', ISO also accepted) or epoch milliseconds.
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Epoch ms of a configured end time, or null when it is blank or not a time. */
export function parseGreyEndTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text === '0') return null;
  if (/^\d+$/.test(text)) return Number(text) > 0 ? Number(text) : null;
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    // new Date rolls 2025-02-30 over to March; a date that does not exist is refused instead.
    if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return null;
    return date.getTime();
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

/** True while `now` is strictly before the end time. */
export function isGreyModeActive(greyEndTime: unknown, now: number = Date.now()): boolean {
  const end = parseGreyEndTime(greyEndTime);
  return end !== null && now < end;
}

/** Milliseconds until grey mode ends (for a timer), or null when it is not active. */
export function greyModeRemainingMs(greyEndTime: unknown, now: number = Date.now()): number | null {
  const end = parseGreyEndTime(greyEndTime);
  return end !== null && now < end ? end - now : null;
}
