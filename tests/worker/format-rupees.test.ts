import { describe, expect, it } from "vitest";
import { formatRupees } from "@shared/money";

// The reference is what the old implementation printed: Intl's en-IN formatting, with paise
// shown only when there are any.
const whole = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const reference = (paise: number) => `₹${(paise % 100 === 0 ? whole : withPaise).format(paise / 100)}`;

describe("formatRupees: Indian digit grouping without Intl", () => {
  it("prints whole rupees without paise, and paise when there are any", () => {
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(5)).toBe("₹0.05");
    expect(formatRupees(12_050)).toBe("₹120.50");
    expect(formatRupees(12_000)).toBe("₹120");
    expect(formatRupees(123_456_700)).toBe("₹12,34,567");
    expect(formatRupees(1_000_000_000)).toBe("₹1,00,00,000");
    expect(formatRupees(123_456_789)).toBe("₹12,34,567.89");
  });

  it("agrees with Intl's en-IN at every grouping boundary and on random amounts", () => {
    const amounts = [1, 99, 100, 101, 99_999, 100_000, 100_001, 9_999_999, 10_000_000, 999_999_999, 1_000_000_000, 10_000_000_000, 123_456_789_012];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) amounts.push(Math.floor(random() * 10 ** Math.floor(random() * 13)));
    for (const paise of amounts) {
      expect(formatRupees(paise), String(paise)).toBe(reference(paise));
      if (paise !== 0) expect(formatRupees(-paise), String(-paise)).toBe(reference(-paise)); // (Intl prints -0 as "-0")
    }
  });
});
