import { z } from "zod";
import { ORDER_STATUSES } from "@shared/order-status";
import { orderLinesField } from "./cart";

export const orderIdField = z.string({ error: "Unknown order" }).min(1, "Unknown order").max(64, "Unknown order");
const statusField = z.enum(ORDER_STATUSES, { error: "Unknown status" });
export const paymentTypeField = z.enum(["COD", "Online"], { error: "Choose a payment method" });

/** An order as the API's JSON and the cart page's form both describe it. */
export const placeOrderInput = z.object({
  items: orderLinesField,
  address: z.string({ error: "Please select an address" }).min(1, "Please select an address").max(64, "Please select an address"),
  /** One per checkout attempt: a repeated key returns the first order instead of a second one. */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Invalid idempotency key")
    .optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderInput>;

/** The cart page's Place Order form: the same order, its lines as JSON text, and the payment. */
export const checkoutFormInput = z.object({
  paymentType: paymentTypeField,
  items: z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Your cart could not be read. Please reload the page." });
      return z.NEVER;
    }
  }),
  address: z.string().optional(),
  idempotencyKey: z.string().optional(),
});

export const orderRefInput = z.object({ orderId: orderIdField });
export const orderStatusInput = z.object({ orderId: orderIdField, status: statusField });

/** The seller's order list: one status, and paging back in time. */
export const sellerOrdersQuery = z.object({ status: statusField.optional(), before: z.coerce.number().int().positive().optional() });

/** The seller's orders page: move an order, or mark a cash-on-delivery order paid. */
export const sellerOrderFormInput = z.discriminatedUnion("intent", [
  orderStatusInput.extend({ intent: z.literal("move") }),
  orderRefInput.extend({ intent: z.literal("paid") }),
]);
