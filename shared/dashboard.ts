/** The seller dashboard's words and numbers that both wings use (the figures are read in worker/services/dashboard.ts). */
import type { OrderStatus } from "./order-status";

/** At or below this counted stock a product is low on stock (the product page says "Only N left"). */
export const LOW_STOCK = 5;

/** The periods the dashboard sums, in IST calendar days ending today (today counts as one). */
export const PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "week", label: "Last 7 days", days: 7 },
  { key: "month", label: "Last 30 days", days: 30 },
] as const;
export type PeriodKey = (typeof PERIODS)[number]["key"];

/** Days drawn in the sales chart (the longest period). */
export const CHART_DAYS = 30;
/** Best sellers are counted over this many days. */
export const BEST_SELLER_DAYS = 7;

/** How often an open dashboard reads its figures again (only while the tab is visible). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** The next step each waiting order needs, the status it waits in, and the orders page that lists them. */
export const WAITING_STEPS = [
  { key: "toPack", label: "To pack", status: "Order Placed" },
  { key: "toShip", label: "To send out", status: "Packed" },
  { key: "toDeliver", label: "Out for delivery", status: "Out for delivery" },
  { key: "cashToCollect", label: "Cash to mark received", status: "Delivered", method: "cod", paid: "unpaid" },
  { key: "refundsDue", label: "Refunds to make", status: "Cancelled", paid: "refund" },
] as const satisfies readonly { key: string; label: string; status: OrderStatus; method?: "cod"; paid?: "refund" | "unpaid" }[];
export type WaitingKey = (typeof WAITING_STEPS)[number]["key"];

/** The seller's orders page filtered to one step's orders: a status, and where it matters the method and payment (cash not yet marked received, refunds not yet made). */
export function ordersPageFor(step: { status: OrderStatus; method?: "cod"; paid?: "refund" | "unpaid" }): string {
  return `/seller/orders?${new URLSearchParams({ status: step.status, ...(step.method && { method: step.method }), ...(step.paid && { paid: step.paid }) })}`;
}
