/**
 * The one money module, shared by the pages, the services and the Stripe charge so that the
 * shopper sees, the order stores and Stripe charges the same number.
 *
 * Money is integer paise (₹1 = 100 paise) everywhere inside; rupees appear only at the edges
 * (the JSON API's numbers and what people read).
 *
 * Rounding rule (the only one): tax is the store's rate (a setting, 2% unless the seller changes it)
 * of the subtotal, rounded DOWN to a whole paisa. Shipping is free. Total = subtotal + tax.
 * Rates are basis points (200 = 2%), so 2.5% stays an integer too; shared/tax.ts words them.
 */
export type Paise = number;

export const SHIPPING_PAISE: Paise = 0;

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

export function taxOn(subtotal: Paise, taxBasisPoints: number): Paise {
  return Math.floor((subtotal * taxBasisPoints) / 10_000);
}

export type PricedLine = { unitPricePaise: Paise; quantity: number };
/** `taxBasisPoints`: the rate the tax was computed at, for its label (shared/tax.ts). */
export type Totals = { subtotal: Paise; tax: Paise; taxBasisPoints: number; shipping: Paise; total: Paise };

export function totalsFor(lines: readonly PricedLine[], taxBasisPoints: number): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  const tax = taxOn(subtotal, taxBasisPoints);
  return { subtotal, tax, taxBasisPoints, shipping: SHIPPING_PAISE, total: subtotal + tax + SHIPPING_PAISE };
}

export type Savings = { saved: Paise; percentOff: number };

/**
 * What the offer price saves against the MRP, and that as a whole percentage rounded DOWN (a
 * badge never claims more than the shopper saves). Nothing when the offer is not below the MRP.
 */
export function savingsOf(mrp: Paise, offer: Paise): Savings | null {
  if (offer >= mrp) return null;
  const saved = mrp - offer;
  return { saved, percentOff: Math.floor((saved * 100) / mrp) };
}

/** What a cart saves against the MRP (each line's MRP less its offer price, times its quantity). */
export function savedAgainstMrp(lines: readonly (PricedLine & { mrpPaise: Paise })[]): Paise {
  return lines.reduce((sum, line) => sum + Math.max(0, line.mrpPaise - line.unitPricePaise) * line.quantity, 0);
}

/** The cart's item total at offer prices, of the lines whose price is known (products on sale). */
export function itemsTotal(items: Readonly<Record<string, number>>, prices: Readonly<Record<string, Paise>>): Paise {
  return totalsFor(
    Object.entries(items)
      .filter(([id]) => prices[id] !== undefined)
      .map(([id, quantity]) => ({ unitPricePaise: prices[id]!, quantity })),
    0,
  ).subtotal;
}

/**
 * "₹1,23,456" for whole rupees, "₹1,234.50" otherwise: Indian digit grouping (the last three
 * digits, then pairs), exactly what `Intl.NumberFormat("en-IN")` prints. Written out by hand
 * because the browser's first `Intl.NumberFormat` costs 40–60 ms of main thread (ICU start-up)
 * on this project's test machine, before hydration, on every page that shows a price.
 */
export function formatRupees(paise: Paise): string {
  const sign = paise < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(paise) / 100);
  const fraction = Math.abs(paise) % 100;
  const digits = String(whole);
  const lastThree = digits.slice(-3);
  const lead = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  const grouped = lead ? `${lead},${lastThree}` : lastThree;
  return `₹${sign}${grouped}${fraction ? `.${String(fraction).padStart(2, "0")}` : ""}`;
}

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0-99 in words ("Forty-Six"). */
function belowHundred(n: number): string {
  return n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ""}`;
}

/** A whole number in Indian words: crore, lakh, thousand, hundred ("One Lakh Twenty Thousand Five"). */
function indianWords(n: number): string {
  if (n === 0) return "Zero";
  const parts: string[] = [];
  for (const [size, name] of [
    [10_000_000, "Crore"],
    [100_000, "Lakh"],
    [1000, "Thousand"],
    [100, "Hundred"],
  ] as const) {
    if (n >= size) {
      parts.push(`${indianWords(Math.floor(n / size))} ${name}`);
      n %= size;
    }
  }
  if (n > 0) parts.push(belowHundred(n));
  return parts.join(" ");
}

/** What an Indian invoice writes under its total: "Rupees Three Hundred Forty-Six and Eighty Paise Only". */
export function amountInWords(paise: Paise): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ""} Only`;
}
