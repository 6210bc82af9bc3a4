/** The words around the tax, in one place (the amount is shared/money.ts's). Rates in basis points: 200 = 2%. */
/** "2%", "2.5%", "0%". */
export const formatTaxRate = (basisPoints: number): string => `${Number((basisPoints / 100).toFixed(2))}%`;

/** "Tax (2%)". */
export const taxLineLabel = (basisPoints: number): string => `Tax (${formatTaxRate(basisPoints)})`;

/** The struck-through price's name: by law an MRP includes all taxes, so it is one only where nothing is added at checkout. */
export const listPriceName = (basisPoints: number) => (basisPoints > 0 ? "Regular price" : "MRP");

export const priceTaxNote = (basisPoints: number): string =>
  basisPoints > 0 ? `+ ${formatTaxRate(basisPoints)} tax added at checkout` : "Inclusive of all taxes";

export const taxPolicySentence = (basisPoints: number): string =>
  basisPoints > 0 ? `A tax of ${formatTaxRate(basisPoints)} of the cart amount is added at checkout.` : "Prices include all taxes.";
