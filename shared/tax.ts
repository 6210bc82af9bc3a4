/**
 * The words around the tax, in one place, so every label tells the same truth: the store adds its
 * tax rate on top of the listed prices at checkout (the amount itself is shared/money.ts's to
 * compute). The cart summary, the product page, the footer, the terms, Stripe's line and the
 * invoice all word it here. Rates are basis points: 200 = 2%.
 */

/** "2%", "2.5%", "0%". */
export function formatTaxRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}

/** The bill's tax line: "Tax (2%)". */
export function taxLineLabel(basisPoints: number): string {
  return `Tax (${formatTaxRate(basisPoints)})`;
}

/** Next to a price: what the shopper will pay on top of it, or that the price is final. */
export function priceTaxNote(basisPoints: number): string {
  return basisPoints > 0 ? `+ ${formatTaxRate(basisPoints)} tax added at checkout` : "Inclusive of all taxes";
}

/** One sentence for the footer and the terms: "A tax of 2% of the cart amount is added at checkout." */
export function taxPolicySentence(basisPoints: number): string {
  return basisPoints > 0 ? `A tax of ${formatTaxRate(basisPoints)} of the cart amount is added at checkout.` : "Prices include all taxes.";
}
