/** The bill's lines and the words around the store's fees, shown before checkout (no drip pricing); the amounts are shared/money.ts's. */
import { formatRupees, shortfalls, type Fees, type Paise, type Totals } from "./money";
import { taxLineLabel } from "./tax";

/** The lines between items and total, as the cart, order page, invoice and Stripe name them; delivery shows even when free, tax only when added. */
export function billLines(bill: Omit<Totals, "total">): { name: string; paise: Paise; text: string }[] {
  const lines = [
    { name: "Item total", paise: bill.subtotal },
    { name: "Delivery fee", paise: bill.deliveryFee },
    ...(bill.smallCartFee > 0 ? [{ name: "Small-cart fee", paise: bill.smallCartFee }] : []),
    ...(bill.taxBasisPoints > 0 ? [{ name: taxLineLabel(bill.taxBasisPoints), paise: bill.tax }] : []),
  ];
  return lines.map((line) => ({ ...line, text: line.paise === 0 && line.name === "Delivery fee" ? "Free" : formatRupees(line.paise) }));
}

/** An order's own record of what it charged, as the bill reads it. */
export const chargedOn = (order: { subtotalPaise: Paise; deliveryFeePaise: Paise; smallCartFeePaise: Paise; taxPaise: Paise; taxBasisPoints: number }) => ({
  subtotal: order.subtotalPaise,
  deliveryFee: order.deliveryFeePaise,
  smallCartFee: order.smallCartFeePaise,
  tax: order.taxPaise,
  taxBasisPoints: order.taxBasisPoints,
});

/** The store's terms in a sentence, or null without fees: "Delivery ₹25, free on orders of ₹199 or more. Minimum order ₹99." */
export function feesSentence(fees: Fees): string | null {
  const parts: string[] = [];
  if (fees.deliveryFee) {
    const free = fees.freeDeliveryFrom ? `, free on orders of ${formatRupees(fees.freeDeliveryFrom)} or more` : "";
    parts.push(`Delivery ${formatRupees(fees.deliveryFee)}${free}.`);
  }
  if (fees.smallCartFee && fees.smallCartBelow) parts.push(`A ${formatRupees(fees.smallCartFee)} small-cart fee below ${formatRupees(fees.smallCartBelow)}.`);
  if (fees.minimumOrder) parts.push(`Minimum order ${formatRupees(fees.minimumOrder)}.`);
  return parts.length > 0 ? parts.join(" ") : null;
}

/** Why a cart holding `subtotal` of items cannot be ordered yet, as the cart and the refusal say it; null once it can. */
export function belowMinimumOrder(subtotal: Paise, fees: Fees): string | null {
  const short = shortfalls(subtotal, fees).minimumOrder;
  return short > 0 ? `The minimum order is ${formatRupees(fees.minimumOrder!)}: add ${formatRupees(short)} more to place your order.` : null;
}

/** What a cart holding `subtotal` of items still needs ("Add ₹40 more for free delivery"), or null. */
export function feeNudge(subtotal: Paise, fees: Fees): string | null {
  const { minimumOrder, smallCartFee, freeDelivery } = shortfalls(subtotal, fees);
  if (minimumOrder > 0) return `Add ${formatRupees(minimumOrder)} more to reach the ${formatRupees(fees.minimumOrder!)} minimum order`;
  if (smallCartFee > 0) return `Add ${formatRupees(smallCartFee)} more to drop the small-cart fee`;
  if (freeDelivery > 0) return `Add ${formatRupees(freeDelivery)} more for free delivery`;
  return null;
}
