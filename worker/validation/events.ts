import { z } from "zod";
import { ORDER_STATUSES } from "@shared/order-status";

/** What its shopper is told about an order (ADR 041). */
export const ORDER_EVENTS = [...ORDER_STATUSES, "Paid", "Refunded"] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** A malformed message is dropped, never retried. */
export const storeEventInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("order-event"), orderId: z.string().min(1).max(64), event: z.enum(ORDER_EVENTS), at: z.number().int().positive() }),
]);
export type StoreEvent = z.infer<typeof storeEventInput>;
