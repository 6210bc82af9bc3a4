import { z } from "zod";
import { ORDER_STATUSES } from "@shared/order-status";

/** What happened to an order that its shopper is told about: a status it reached, its payment, or its refund (ADR 044). */
export const ORDER_EVENTS = [...ORDER_STATUSES, "Paid", "Refunded"] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** A message on the store's event queue (worker/events). Parsed on the way in: a malformed one is dropped, never retried. */
export const storeEventInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("order-event"), orderId: z.string().min(1).max(64), event: z.enum(ORDER_EVENTS), at: z.number().int().positive() }),
]);
export type StoreEvent = z.infer<typeof storeEventInput>;
