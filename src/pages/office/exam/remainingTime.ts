/**
 * The countdown of an exam is the server's: the deadline and the server's clock come with the
 * paper, so a wrong clock on the candidate's machine neither shortens nor lengthens the exam.
 * Both times are the server's "YYYY-MM-DD HH:mm:ss"; only their difference is used.
 */
function parse(text: string): number {
  const [date, time = '00:00:00'] = text.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s || 0);
}

/** Seconds left at `nowMs`, given the paper received at `receivedAtMs` (never below 0). */
export function secondsLeft(deadline: string, serverTime: string, receivedAtMs: number, nowMs: number): number {
  const left = (parse(deadline) - parse(serverTime) - (nowMs - receivedAtMs)) / 1000;
  return Math.max(0, Math.ceil(left));
}

/** 01:05:09 or 05:09. */
export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
