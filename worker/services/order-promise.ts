/**
 * When an order should arrive, in the words every order page uses. The one place that says it: the
 * delivery rules (store settings and pincode ETAs) replace the policy text here, in one line, once
 * they exist.
 */
import { isActive } from "@shared/order-status";
import type { Order } from "@worker/db/schema";

/** The spec's standard delivery policy (point 9): within the store's state, 2-7 business days. */
export const STANDARD_DELIVERY_PROMISE = "Delivery in 2-7 business days";

export function orderPromise(order: Pick<Order, "status" | "createdAt" | "address">): string | null {
  return isActive(order.status) ? STANDARD_DELIVERY_PROMISE : null;
}
