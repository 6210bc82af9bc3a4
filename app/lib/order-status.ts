/** Client-safe words and policy for an order's state (the moves live in worker/services/order-status.ts). */
export const LIFECYCLE = ["Order Placed", "Packed", "Out for delivery", "Delivered"] as const;

/** The store's policy: a shopper may cancel within 1 hour, while the order is not yet packed. */
export const SHOPPER_CANCEL_WINDOW_MS = 60 * 60 * 1000;

export function shopperCanCancel(order: { status: string; createdAt: number }, now = Date.now()): boolean {
  return order.status === "Order Placed" && now - order.createdAt < SHOPPER_CANCEL_WINDOW_MS;
}

export function paymentLabel(order: { isPaid: boolean; paymentType: string; paymentState: string }): string {
  if (order.paymentState === "refund_due") return "Refund due";
  if (order.isPaid) return "Paid";
  if (order.paymentType === "Online") {
    if (order.paymentState === "failed") return "Payment failed";
    if (order.paymentState === "expired") return "Payment not completed";
    return "Awaiting payment";
  }
  return "Pending";
}

const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}
