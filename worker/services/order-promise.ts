import { daysText } from "@shared/delivery";
import { awaitingCardPayment, formatDateTime, isActive, UNPAID_CARD_ORDER_HOLD_MS } from "@shared/order-status";
import type { Order } from "@worker/db/schema";
import { deliveryPromise } from "./delivery-area";
import type { StoreSettings } from "./store-settings";

/** When an order should arrive; null once delivered or cancelled. An unpaid card order says until when it waits (ADR 054). */
export function orderPromise(order: Pick<Order, "status" | "createdAt" | "address" | "paymentType" | "paymentState" | "isPaid">, area: StoreSettings) {
  if (!isActive(order.status)) return null;
  if (awaitingCardPayment(order)) return `Waiting for your payment: unpaid, it is cancelled at ${formatDateTime(order.createdAt + UNPAID_CARD_ORDER_HOLD_MS)}`;
  const promise = deliveryPromise(area, order.address.zipCode, order.address.state);
  if (promise.kind === "express") return `Delivery by ${formatDateTime(order.createdAt + promise.etaMinutes * 60_000)} (${promise.etaMinutes} min)`;
  // An address the area no longer covers keeps the standard window it was sold with.
  return `Delivery in ${daysText(area.standardMinDays, area.standardMaxDays)}`;
}
