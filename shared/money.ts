/** Integer paise inside, rupees only at the edges; the one rounding: tax (basis points, 200 = 2%) on items and fees, DOWN to a paisa (ADR 070). */
export type Paise = number;

export const rupeesToPaise = (rupees: number): Paise => Math.round(rupees * 100);
export const paiseToRupees = (paise: Paise): number => paise / 100;
export const taxOn = (amount: Paise, taxBasisPoints: number): Paise => Math.floor((amount * taxBasisPoints) / 10_000);

/** The store's fees, each optional (absent: none); thresholds compare the item total. */
export type Fees = { deliveryFee?: Paise; freeDeliveryFrom?: Paise; minimumOrder?: Paise; smallCartFee?: Paise; smallCartBelow?: Paise };
export type PricedLine = { unitPricePaise: Paise; quantity: number };
export type Totals = { subtotal: Paise; deliveryFee: Paise; smallCartFee: Paise; tax: Paise; taxBasisPoints: number; total: Paise };

export function totalsFor(lines: readonly PricedLine[], taxBasisPoints: number, fees: Fees = {}): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  const deliveryFee = subtotal > 0 && subtotal < (fees.freeDeliveryFrom ?? Infinity) ? (fees.deliveryFee ?? 0) : 0;
  const smallCartFee = subtotal > 0 && subtotal < (fees.smallCartBelow ?? 0) ? (fees.smallCartFee ?? 0) : 0;
  // Fees are part of the taxable value (CGST Act s. 15(2)(c): incidental charges by the supplier).
  const tax = taxOn(subtotal + deliveryFee + smallCartFee, taxBasisPoints);
  return { subtotal, deliveryFee, smallCartFee, tax, taxBasisPoints, total: subtotal + deliveryFee + smallCartFee + tax };
}

/** What an item total still lacks for the minimum order, to leave the small-cart fee behind, for free delivery (0: nothing). */
export function shortfalls(subtotal: Paise, fees: Fees) {
  const short = (threshold: Paise | undefined) => Math.max(0, (threshold ?? 0) - subtotal);
  return {
    minimumOrder: short(fees.minimumOrder),
    smallCartFee: fees.smallCartFee ? short(fees.smallCartBelow) : 0,
    freeDelivery: fees.deliveryFee ? short(fees.freeDeliveryFrom) : 0,
  };
}

export type Savings = { saved: Paise; percentOff: number };

/** The saving against the MRP, its percentage rounded DOWN (a badge never claims more than is saved). */
export function savingsOf(mrp: Paise, offer: Paise): Savings | null {
  if (offer >= mrp) return null;
  const saved = mrp - offer;
  return { saved, percentOff: Math.floor((saved * 100) / mrp) };
}

export const savedAgainstMrp = (lines: readonly (PricedLine & { mrpPaise: Paise })[]): Paise =>
  lines.reduce((sum, line) => sum + Math.max(0, line.mrpPaise - line.unitPricePaise) * line.quantity, 0);

/** The item total of the lines whose price is known (products on sale). */
export const itemsTotal = (items: Readonly<Record<string, number>>, prices: Readonly<Record<string, Paise>>): Paise =>
  Object.entries(items).reduce((sum, [id, quantity]) => sum + (prices[id] ?? 0) * quantity, 0);

/** "₹1,23,456" or "₹1,234.50", as `Intl.NumberFormat("en-IN")` prints, by hand: the browser's first Intl costs 40–60 ms before hydration. */
export function formatRupees(paise: Paise): string {
  const sign = paise < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(paise) / 100);
  const fraction = Math.abs(paise) % 100;
  const grouped = String(whole).replace(/(\d)(?=(\d\d)+\d$)/g, "$1,");
  return `₹${sign}${grouped}${fraction ? `.${String(fraction).padStart(2, "0")}` : ""}`;
}

const ONES = ["", ..."One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen".split(" ")];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];
const SCALES = { Crore: 10_000_000, Lakh: 100_000, Thousand: 1000, Hundred: 100 };

const belowHundred = (n: number): string => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ""}`);

/** "One Lakh Twenty Thousand Five". */
function indianWords(n: number): string {
  if (n === 0) return "Zero";
  const parts: string[] = [];
  for (const [name, size] of Object.entries(SCALES)) {
    if (n >= size) {
      parts.push(`${indianWords(Math.floor(n / size))} ${name}`);
      n %= size;
    }
  }
  if (n > 0) parts.push(belowHundred(n));
  return parts.join(" ");
}

/** Under an invoice's total: "Rupees Three Hundred Forty-Six and Eighty Paise Only". */
export function amountInWords(paise: Paise): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ""} Only`;
}
