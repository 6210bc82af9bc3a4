/**
 * When an order should arrive, in the words the shopper's order pages use: the delivery rules
 * (worker/services/delivery-area.ts) for the order's address, under the store's settings.
 */
import { daysText } from "@shared/delivery";
import { awaitingCardPayment, formatDateTime, isActive, UNPAID_CARD_ORDER_HOLD_MS } from "@shared/order-status";
import type { Order } from "@worker/db/schema";
import { deliveryPromise } from "./delivery-area";
import type { StoreSettings } from "./store-settings";

/**
 * "Delivery by 23 Nov 2026, 9:37 pm (30 min)" or "Delivery in 2-7 business days"; null once delivered
 * or cancelled. A card order not yet paid promises nothing but says until when it waits (ADR 054).
 */
export function orderPromise(
  order: Pick<Order, "status" | "createdAt" | "address" | "paymentType" | "paymentState" | "isPaid">,
  area: StoreSettings,
): string | null {
  if (!isActive(order.status)) return null;
  if (awaitingCardPayment(order))
    return `Waiting for your card payment: unpaid, it is cancelled at ${formatDateTime(order.createdAt + UNPAID_CARD_ORDER_HOLD_MS)}`;
  const promise = deliveryPromise(area, order.address.zipCode, order.address.state);
  if (promise.kind === "express") return `Delivery by ${formatDateTime(order.createdAt + promise.etaMinutes * 60_000)} (${promise.etaMinutes} min)`;
  // An address the area no longer covers (the settings changed since) keeps the standard window it was sold with.
  return `Delivery in ${daysText(area.standardMinDays, area.standardMaxDays)}`;
}
