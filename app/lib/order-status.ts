/** Client-safe words for an order's state (the lifecycle itself lives in worker/services/order-status.ts). */
export const LIFECYCLE = ["Order Placed", "Packed", "Out for delivery", "Delivered"] as const;

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
