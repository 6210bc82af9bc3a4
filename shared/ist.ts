/** IST is UTC+5:30 all year (no daylight saving), so its days are plain arithmetic, in JavaScript and SQLite alike. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's day number (migration 0009 computes the same in SQL). */
export const istDay = (ms: number): number => Math.floor((ms + IST_OFFSET_MS) / DAY_MS);

export const istDayStart = (day: number): number => day * DAY_MS - IST_OFFSET_MS;

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]; // 1970-01-01 was a Thursday

/** "23 Nov" (CLDR's short month names). */
export function formatIstDay(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** "Mon 23 Nov". */
export const formatIstWeekday = (day: number): string => `${WEEKDAYS[((day % 7) + 7) % 7]} ${formatIstDay(day)}`;

export const istDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
