import { IST_OFFSET_MS, MONTHS } from "./ist";
import { formatRupees } from "./money";

/** The words and policy of an order's state, for both wings (the moves live in worker/services/order-status.ts). */
export const ORDER_STATUSES = ["Order Placed", "Packed", "Out for delivery", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATES = ["pending", "paid", "failed", "expired", "refund_due", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const LIFECYCLE = ["Order Placed", "Packed", "Out for delivery", "Delivered"] as const;

/** How long a card order waits for its payment, holding its stock (ADR 054). */
export const UNPAID_CARD_ORDER_HOLD_MS = 60 * 60 * 1000;

/** The cart's parameter naming the card order just left unpaid on Stripe's page. */
export const UNPAID_PARAM = "unpaid";

type OrderPayment = { paymentType: string; paymentState: string; isPaid: boolean; status: string };

export const awaitingCardPayment = (order: OrderPayment): boolean =>
  order.paymentType === "Online" && order.paymentState === "pending" && !order.isPaid && order.status !== "Cancelled";

/** A card order not yet paid reads as awaiting payment (ADR 054). */
export const shopperStatusLabel = (order: OrderPayment): string => (awaitingCardPayment(order) ? "Awaiting payment" : order.status);

/** The store's policy: a shopper may cancel within 1 hour, while the order is not yet packed. */
export const SHOPPER_CANCEL_WINDOW_MS = 60 * 60 * 1000;

export const shopperCanCancel = (order: { status: string; createdAt: number }, now = Date.now()): boolean =>
  order.status === "Order Placed" && now - order.createdAt < SHOPPER_CANCEL_WINDOW_MS;

export const paymentMethodLabel = (paymentType: string): string => (paymentType === "COD" ? "Cash On Delivery" : "Online (card or UPI)");

export function paymentLabel(order: OrderPayment): string {
  if (order.paymentState === "refund_due") return "Refund due";
  if (order.paymentState === "refunded") return "Refunded";
  if (order.isPaid) return "Paid";
  if (order.status === "Cancelled") return "Nothing to pay";
  if (order.paymentType !== "Online") return "Pending";
  if (order.paymentState === "failed") return "Payment failed";
  if (order.paymentState === "expired") return "Payment not completed";
  return "Awaiting payment";
}

/** "22 Nov 2026, 9:37 pm" in IST as en-IN's Intl prints it, by hand: Intl is costly at first use, and two ICUs could disagree in hydration. */
export function formatDateTime(ms: number): string {
  const ist = new Date(ms + IST_OFFSET_MS);
  const hours = ist.getUTCHours();
  const minutes = String(ist.getUTCMinutes()).padStart(2, "0");
  return `${formatDate(ms)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

/** "22 Nov 2026" in IST. */
export function formatDate(ms: number): string {
  const ist = new Date(ms + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** The Cancellation & Refund Policy's words. */
export const REFUND_TIME = "5-7 business days";

type Refundable = { paymentState: string; paymentType: string; amountPaise: number; refundedAt: number | null };
/** The money of a paid, cancelled order (ADR 044, 072): "Refund of ₹420 due: …" or "Refund of ₹420 made on 24 Nov 2026". */
export function refundText(order: Refundable, reader: Reader = "shopper"): string | null {
  const amount = formatRupees(order.amountPaise);
  if (order.paymentState === "refunded" && order.refundedAt !== null) return `Refund of ${amount} made on ${formatDate(order.refundedAt)}`;
  if (order.paymentState !== "refund_due") return null;
  const [forSeller, forShopper] =
    order.paymentType === "Online"
      ? ["it is asked of Stripe; if Stripe refuses it, refund by hand and press Mark refunded", "this page says when it has started"]
      : ["give the cash back, then press Mark refunded", "the store gives your cash back"];
  return `Refund of ${amount} due: ${reader === "seller" ? forSeller : forShopper}`;
}

export const CANCEL_REFUND_REASON = "Order cancelled";
export const PART_REFUND_REASONS = ["Missing item", "Damaged item", "Wrong item", "Price adjustment"] as const;
export type RefundView = { amountPaise: number; reason: string; status: string; createdAt: number; updatedAt: number };
const settled = (refund: RefundView) => refund.status === "failed" || refund.status === "canceled";

/** Each refund through Stripe, then the order's own refund state where no Stripe refund stands for it. */
export function refundLines(order: Refundable & { refunds: RefundView[] }, reader: Reader = "shopper"): string[] {
  const lines = order.refunds.flatMap((refund) => {
    const amount = `Refund of ${formatRupees(refund.amountPaise)}${refund.reason === CANCEL_REFUND_REASON ? "" : ` (${refund.reason})`}`;
    if (refund.status === "succeeded") return [`${amount} made on ${formatDate(refund.updatedAt)}`];
    if (settled(refund)) return [reader === "seller" ? `${amount} refused by Stripe` : `${amount} did not go through: the store refunds you another way`];
    // Told only once Stripe has taken it.
    if (refund.status === "requested") return reader === "seller" ? [`${amount} being asked of Stripe`] : [];
    return [`${amount} started on ${formatDate(refund.createdAt)}: usually ${REFUND_TIME}`];
  });
  // The order's own line stays until Stripe has taken its refund.
  const covered = order.refunds.some((refund) => refund.reason === CANCEL_REFUND_REASON && (refund.status === "pending" || refund.status === "succeeded"));
  const own = covered ? null : refundText(order, reader);
  return own ? [...lines, own] : lines;
}

/** A refund still standing: the seller marks none by hand then. */
export const refundUnderWay = (refunds: RefundView[]) => refunds.some((refund) => !settled(refund));

/** What is left of an online payment to refund through Stripe. */
export function leftToRefund(order: { isPaid: boolean; paymentType: string; amountPaise: number; paymentState: string; refunds: RefundView[] }): number {
  if (!order.isPaid || order.paymentType !== "Online" || order.paymentState === "refunded") return 0;
  return order.amountPaise - order.refunds.filter((refund) => !settled(refund)).reduce((sum, refund) => sum + refund.amountPaise, 0);
}

/** What cancelling a paid card order means for the money, said before the cancel is confirmed. */
export function cancelRefundNote(order: { isPaid: boolean; paymentType: string; amountPaise: number }, reader: Reader): string | null {
  if (!order.isPaid || order.paymentType !== "Online") return null;
  const amount = formatRupees(order.amountPaise);
  return reader === "seller"
    ? `The customer paid ${amount} online: cancelling makes a refund of ${amount} due.`
    : `You paid ${amount} online: it goes back to the card or UPI account you paid from in ${REFUND_TIME}.`;
}

/** Orders still on their way: the pages that show them refresh, and they count for the seller's next step. */
export const ACTIVE_STATUSES = ["Order Placed", "Packed", "Out for delivery"] as const satisfies readonly OrderStatus[];

export const isActive = (status: OrderStatus): boolean => (ACTIVE_STATUSES as readonly OrderStatus[]).includes(status);

/** Who cancelled an order: a person, or the store itself ("system": a card payment that never came, ADR 054). */
export const CANCELLED_BY = ["shopper", "seller", "system"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
/** Who reads "Cancelled by you": never the system. */
type Reader = Exclude<CancelledBy, "system">;

export const SHOPPER_CANCEL_REASONS = [
  "Ordered by mistake",
  "Want to change items or quantity",
  "Want to change the delivery address",
  "Delivery is too slow",
  "Found a better price elsewhere",
  "Other",
] as const;

/** The seller's reasons (with a note of their own, required for "Other"). */
export const SELLER_CANCEL_REASONS = [
  "Items out of stock",
  "Customer asked to cancel",
  "Cannot deliver to this address",
  "Customer not reachable",
  "Customer refused the delivery",
  "Payment problem",
  "Other",
] as const;

export const CANCEL_NOTE_MAX = 300;

type Cancellable = { status: string; cancelReason: string | null; cancelNote: string | null; cancelledBy: CancelledBy | null };
/** "Cancelled by you: Ordered by mistake" / "Cancelled by the store: Items out of stock (note)". */
export function cancellationText(order: Cancellable, reader: Reader): string | null {
  // A card order being ended carries its cancellation before it is cancelled (ADR 066): not said until then.
  if (order.status !== "Cancelled" || !order.cancelReason) return null;
  if (order.cancelledBy === "system") return `Cancelled: ${order.cancelReason}`;
  const who = order.cancelledBy === reader ? "you" : order.cancelledBy === "seller" ? "the store" : "the customer";
  return `Cancelled by ${who}: ${order.cancelReason}${order.cancelNote ? ` (${order.cancelNote})` : ""}`;
}

export const orderNumber = (id: string): string => id.slice(0, 8).toUpperCase();

/** Back from paying at Stripe: the order's page, confirming the payment until Stripe's word arrives. */
export const CONFIRMING_PARAM = "confirming";
export const paymentReturnPath = (orderId: string) => `/my-orders/${encodeURIComponent(orderId)}?${CONFIRMING_PARAM}`;

/** My Orders, the new order highlighted and announced. */
export const PLACED_PARAM = "placed";
export const placedOrderPath = (orderId: string): string => `/my-orders?${PLACED_PARAM}=${encodeURIComponent(orderId)}`;
