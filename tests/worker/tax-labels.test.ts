/**
 * The tax's words (shared/tax.ts) and amount (shared/money.ts) at the store's rate: every label
 * tells the truth, whether the tax is added at checkout or there is none.
 */
import { describe, expect, it } from "vitest";
import { taxOn, totalsFor } from "@shared/money";
import { formatTaxRate, priceTaxNote, taxLineLabel, taxPolicySentence } from "@shared/tax";

describe("the tax's words", () => {
  it("name the rate the store charges, on top of the prices", () => {
    expect(formatTaxRate(200)).toBe("2%");
    expect(formatTaxRate(250)).toBe("2.5%");
    expect(formatTaxRate(1234)).toBe("12.34%");
    expect(taxLineLabel(200)).toBe("Tax (2%)");
    expect(priceTaxNote(200)).toBe("+ 2% tax added at checkout");
    expect(taxPolicySentence(550)).toBe("A tax of 5.5% of the cart amount is added at checkout.");
  });

  it("say the prices are final only when no tax is added", () => {
    expect(priceTaxNote(0)).toBe("Inclusive of all taxes");
    expect(taxPolicySentence(0)).toBe("Prices include all taxes.");
    expect(taxLineLabel(0)).toBe("Tax (0%)");
  });
});

describe("the tax's amount", () => {
  it("is the rate of the subtotal, rounded down to the paisa; the totals carry the rate for their label", () => {
    expect(taxOn(34000, 200)).toBe(680); // ₹340 → ₹6.80
    expect(taxOn(27550, 200)).toBe(551); // ₹275.50 → ₹5.51
    expect(taxOn(999, 250)).toBe(24); // 24.975 paise, rounded down
    expect(taxOn(34000, 0)).toBe(0);
    expect(totalsFor([{ unitPricePaise: 11000, quantity: 3 }], 550)).toEqual({
      subtotal: 33000,
      deliveryFee: 0,
      smallCartFee: 0,
      tax: 1815,
      taxBasisPoints: 550,
      total: 34815,
    });
  });
});
