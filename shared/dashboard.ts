/** The seller dashboard's words and numbers that both wings use. */
import type { OrderStatus } from "./order-status";

export const LOW_STOCK = 5;

/** In IST calendar days ending today. */
export const PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "week", label: "Last 7 days", days: 7 },
  { key: "month", label: "Last 30 days", days: 30 },
] as const;
export type PeriodKey = (typeof PERIODS)[number]["key"];

export const CHART_DAYS = 30;
export const BEST_SELLER_DAYS = 7;

/** Only while the tab is visible. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** The next step each waiting order needs, and the status it waits in. */
export const WAITING_STEPS = [
  { key: "toPack", label: "To pack", status: "Order Placed" },
  { key: "toShip", label: "To send out", status: "Packed" },
  { key: "toDeliver", label: "Out for delivery", status: "Out for delivery" },
  { key: "cashToCollect", label: "Cash to mark received", status: "Delivered", method: "cod", paid: "unpaid" },
  { key: "refundsDue", label: "Refunds to make", status: "Cancelled", paid: "refund" },
] as const satisfies readonly { key: string; label: string; status: OrderStatus; method?: "cod"; paid?: "refund" | "unpaid" }[];
export type WaitingKey = (typeof WAITING_STEPS)[number]["key"];

export const ordersPageFor = (step: { status: OrderStatus; method?: "cod"; paid?: "refund" | "unpaid" }): string =>
  `/seller/orders?${new URLSearchParams({ status: step.status, ...(step.method && { method: step.method }), ...(step.paid && { paid: step.paid }) })}`;
