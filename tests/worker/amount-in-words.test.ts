// The total in words under an invoice (shared/money.ts amountInWords): Indian numbering (lakh, crore).
import { describe, expect, it } from "vitest";
import { amountInWords } from "@shared/money";

describe("amountInWords", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [100, "Rupees One Only"],
    [1_900, "Rupees Nineteen Only"],
    [34_680, "Rupees Three Hundred Forty-Six and Eighty Paise Only"],
    [100_001, "Rupees One Thousand and One Paise Only"],
    [12_000_000, "Rupees One Lakh Twenty Thousand Only"],
    [1_23_45_678_05, "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Five Paise Only"],
  ])("%i paise is %s", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});
