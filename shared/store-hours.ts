/** The store's hours (ADR 076): when it delivers now, and when it opens next. Times are IST minutes after midnight, in quarter hours. */
import { formatIstWeekday, istDate, istDay, istDayStart } from "./ist";

/** Monday first; null: closed that weekday. Closing at 1440 is midnight. */
export type OpeningHours = ([number, number] | null)[];
export type StoreHours = { openingHours: OpeningHours; holidays: string[]; paused: boolean };

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const DEFAULT_OPENING_HOURS: OpeningHours = WEEKDAY_NAMES.map(() => [7 * 60, 23 * 60]);
export const OPEN_ALL_DAY: OpeningHours = WEEKDAY_NAMES.map(() => [0, 24 * 60]);
const QUARTER_HOUR_MS = 15 * 60_000;

/** Pages cached at the edge are keyed by the quarter hour, the hours' step, so none outlives an opening or a closing. */
export const quarterHour = (now: number) => Math.floor(now / QUARTER_HOUR_MS);

/** `now` while open, else when it next opens (within two weeks); null when paused or never open. */
export function nextOpening({ openingHours, holidays, paused }: StoreHours, now: number): number | null {
  if (paused) return null;
  const today = istDay(now);
  for (let day = today; day < today + 15; day++) {
    const hours = openingHours[(day + 3) % 7]; // day 0, 1 Jan 1970, was a Thursday
    if (!hours || holidays.includes(istDate(day))) continue;
    const [opens, closes] = hours.map((minutes) => istDayStart(day) + minutes * 60_000) as [number, number];
    if (now < closes) return Math.max(now, opens);
  }
  return null;
}

/** "07:00", as a time field shows it; midnight closing is "00:00". */
export const clockField = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** "7 am", "10:30 pm", "12 am" (midnight). */
export function clockText(minutes: number): string {
  const [hours, rest] = [Math.floor(minutes / 60) % 24, minutes % 60];
  return `${hours % 12 || 12}${rest ? `:${String(rest).padStart(2, "0")}` : ""} ${hours < 12 ? "am" : "pm"}`;
}

/** "today by 7:30 am", "tomorrow by 7:30 am", "Mon 30 Nov by 7:30 am". */
export function laterText(ms: number, now: number): string {
  const [day, today] = [istDay(ms), istDay(now)];
  const when = day === today ? "today" : day === today + 1 ? "tomorrow" : formatIstWeekday(day);
  return `${when} by ${clockText(Math.round((ms - istDayStart(day)) / 60_000))}`;
}

/** "every day, 7 am to 11 pm", or "Mon–Sat 7 am to 11 pm; Sun closed": days with the same hours together. */
export function hoursText(openingHours: OpeningHours): string {
  const runs: { from: number; to: number; hours: string }[] = [];
  openingHours.forEach((window, day) => {
    const hours = !window ? "closed" : window[1] - window[0] === 24 * 60 ? "24 hours" : `${clockText(window[0])} to ${clockText(window[1])}`;
    const last = runs.at(-1);
    if (last?.hours === hours) last.to = day;
    else runs.push({ from: day, to: day, hours });
  });
  if (runs.length === 1) return `every day, ${runs[0]!.hours}`;
  const name = (day: number) => WEEKDAY_NAMES[day]!.slice(0, 3);
  return runs.map(({ from, to, hours }) => `${name(from)}${to > from ? `–${name(to)}` : ""} ${hours}`).join("; ");
}
