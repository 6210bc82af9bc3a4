/** GST inside prices that include it (ADR 073): per line the taxable value and the tax, CGST+SGST within the store's state, IGST across. */
import { IST_OFFSET_MS } from "./ist";
import type { Paise } from "./money";

/** Basis points (500 = 5%): the slabs since 22 Sep 2025, the seller's list to edit. */
export const DEFAULT_GST_RATES = [0, 500, 1800, 4000];
/** A new product's, until the seller says otherwise: packaged food's slab. */
export const DEFAULT_GST_RATE = 500;

/** The tax inside `amount` at `rate`, rounded once per line; CGST and SGST are equal halves, so the parts always add up to the amount. */
export function taxInside(amount: Paise, rate: number, sameState: boolean) {
  const half = sameState ? Math.round((amount * rate) / (2 * (10_000 + rate))) : 0;
  const igst = sameState ? 0 : Math.round((amount * rate) / (10_000 + rate));
  return { taxable: amount - 2 * half - igst, cgst: half, sgst: half, igst };
}

export type GstLine = { name: string; hsn: string | null; quantity: number; amount: Paise; rate: number };

/** `amount` split in proportion to `weights`, to the paisa: the paise left over go to the largest remainders, the first on a tie. */
export function apportion(amount: Paise, weights: readonly number[]): Paise[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const shares = weights.map((weight) => Math.floor((amount * weight) / total));
  const order = weights.map((weight, i) => ({ i, rest: (amount * weight) % total })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  const left = amount - shares.reduce((sum, share) => sum + share, 0);
  for (let k = 0; k < left; k++) shares[order[k]!.i]! += 1;
  return shares;
}

/** The invoice's rows and sums: a fee is split over the items by value, each part at its item's rate (as freight is), one row per rate. */
export function gstInvoice(items: readonly GstLine[], fees: readonly { name: string; amount: Paise }[], sameState: boolean) {
  const rates = [...new Set(items.map((line) => line.rate))].sort((a, b) => a - b);
  const values = items.map((line) => line.amount);
  const feeRows = fees.flatMap(({ name, amount }) => {
    const parts = apportion(amount, values);
    const atRate = (rate: number) => parts.reduce((sum, part, i) => sum + (items[i]!.rate === rate ? part : 0), 0);
    return rates.map((rate) => ({ name, hsn: null, quantity: 1, rate, amount: atRate(rate) })).filter((row) => row.amount > 0);
  });
  const rows = [...items, ...feeRows].map((line) => ({ ...line, ...taxInside(line.amount, line.rate, sameState) }));
  const sum = (key: "taxable" | "cgst" | "sgst" | "igst") => rows.reduce((total, row) => total + row[key], 0);
  return { rows, taxable: sum("taxable"), cgst: sum("cgst"), sgst: sum("sgst"), igst: sum("igst") };
}

/** A credit note's tax: its amount split over the invoice's rows by value, each part taxed at its row's rate, summed per rate. */
export function gstCredit(rows: readonly { amount: Paise; rate: number }[], amount: Paise, sameState: boolean) {
  const values = rows.map((row) => row.amount);
  const parts = apportion(amount, values);
  const rates = [...new Set(rows.map((row) => row.rate))].sort((a, b) => a - b);
  return rates.flatMap((rate) => {
    const taxes = rows.flatMap((row, i) => (row.rate === rate ? [{ amount: parts[i]!, ...taxInside(parts[i]!, rate, sameState) }] : []));
    const sum = (key: "amount" | "taxable" | "cgst" | "sgst" | "igst") => taxes.reduce((total, tax) => total + tax[key], 0);
    return sum("amount") > 0 ? [{ rate, amount: sum("amount"), taxable: sum("taxable"), cgst: sum("cgst"), sgst: sum("sgst"), igst: sum("igst") }] : [];
  });
}

/** "26-27" for 1 April 2026 to 31 March 2027 in India: the invoice series' year. */
export function financialYear(ms: number): string {
  const date = new Date(ms + IST_OFFSET_MS);
  const start = date.getUTCFullYear() - (date.getUTCMonth() < 3 ? 1 : 0);
  return [start, start + 1].map((year) => String(year % 100).padStart(2, "0")).join("-");
}
