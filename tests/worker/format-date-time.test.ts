import { describe, expect, it } from "vitest";
import { formatDateTime } from "@shared/order-status";

// The reference is what the old implementation printed, with any special space ICU may put
// before "am"/"pm" read as a plain one.
const intl = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const reference = (ms: number) => intl.format(new Date(ms)).replace(/[\u00a0\u202f]/g, " ");

describe("formatDateTime: an order's time in India, without Intl", () => {
  it("prints day, month, year and a 12-hour clock in Indian time", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 22, 16, 7))).toBe("22 Nov 2026, 9:37 pm");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 18, 29))).toBe("1 Jan 2026, 11:59 pm");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 18, 30))).toBe("2 Jan 2026, 12:00 am");
    expect(formatDateTime(Date.UTC(2026, 5, 15, 6, 30))).toBe("15 Jun 2026, 12:00 pm");
  });

  it("agrees with Intl's en-IN on the boundaries of days, months and years and on random times", () => {
    const times = [0, Date.UTC(2024, 1, 28, 18, 30), Date.UTC(2024, 11, 31, 18, 29, 59), Date.UTC(2024, 11, 31, 18, 30)];
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(2000, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let n = 0; n < 2000; n++) times.push(Math.floor(from + random() * (to - from)));
    for (const ms of times) expect(formatDateTime(ms), new Date(ms).toISOString()).toBe(reference(ms));
  });
});
