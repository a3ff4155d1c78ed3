const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' in local time: the storage format of date fields, so it compares as a string. */
export function formatLocalDate(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in local time: the storage format of datetime fields. */
export function formatLocalDateTime(at: Date): string {
  return `${formatLocalDate(at)} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
