import { daysText } from "@shared/delivery";
import { awaitingCardPayment, formatDateTime, isActive, UNPAID_CARD_ORDER_HOLD_MS } from "@shared/order-status";
import type { Order } from "@worker/db/schema";
import { deliveryPromise } from "./delivery-area";
import type { StoreSettings } from "./store-settings";

/** When an order should arrive; null once delivered or cancelled. An unpaid card order says until when it waits (ADR 054). */
export function orderPromise(order: Pick<Order, "status" | "createdAt" | "address" | "paymentType" | "paymentState" | "isPaid">, area: StoreSettings) {
  if (!isActive(order.status)) return null;
  if (awaitingCardPayment(order)) return `Waiting for your payment: unpaid, it is cancelled at ${formatDateTime(order.createdAt + UNPAID_CARD_ORDER_HOLD_MS)}`;
  // As promised when it was placed: a pause since holds no placed order back.
  const promise = deliveryPromise({ ...area, paused: false }, order.address.zipCode, order.address.state, order.createdAt);
  if (promise.kind === "express") {
    const by = formatDateTime((promise.opensAt ?? order.createdAt) + promise.etaMinutes * 60_000);
    return promise.opensAt === null ? `Delivery by ${by} (${promise.etaMinutes} min)` : `Delivery by ${by}, after we open`;
  }
  // An address the area no longer covers keeps the standard window it was sold with.
  return `Delivery in ${daysText(area.standardMinDays, area.standardMaxDays)}`;
}
