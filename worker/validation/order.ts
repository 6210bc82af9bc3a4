import { z } from "zod";
import {
  CANCEL_NOTE_MAX,
  CANCEL_REFUND_REASON,
  ORDER_STATUSES,
  PART_REFUND_REASONS,
  SELLER_CANCEL_REASONS,
  SHOPPER_CANCEL_REASONS,
} from "@shared/order-status";
import { orderLinesField } from "./cart";
import { decimal, refuse, requiredNumber, rupeeAmount } from "./common";

export const orderIdField = z.string({ error: "Unknown order" }).min(1, "Unknown order").max(64, "Unknown order");
const statusField = z.enum(ORDER_STATUSES, { error: "Unknown status" });
export const paymentTypeField = z.enum(["COD", "Online"], { error: "Choose a payment method" });

export const placeOrderInput = z.object({
  items: orderLinesField,
  address: z.string({ error: "Please select an address" }).min(1, "Please select an address").max(64, "Please select an address"),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "Invalid idempotency key")
    .optional(),
});

/** The Place Order form: its lines as JSON text. */
export const checkoutFormInput = z.object({
  paymentType: paymentTypeField,
  items: z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return refuse(ctx, "Your cart could not be read. Please reload the page.");
    }
  }),
  address: z.string().optional(),
  idempotencyKey: z.string().optional(),
});

export const orderRefInput = z.object({ orderId: orderIdField });
export const orderStatusInput = z.object({ orderId: orderIdField, status: statusField });

/** A query parameter a GET form may send empty (`?from=&q=`): empty means not given. */
const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter dates as YYYY-MM-DD")
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), "That date does not exist");

export const SELLER_ORDER_SEARCH_MAX = 100;

/** The seller's order list, from the page's URL or the API's query (ADR 035). */
export const sellerOrdersQuery = z
  .object({
    status: optionalParam(statusField),
    before: optionalParam(decimal(z.number({ error: "Unknown page" }).int("Unknown page").positive("Unknown page"))),
    from: optionalParam(dayField),
    to: optionalParam(dayField),
    method: optionalParam(z.enum(["cod", "card"], { error: "Payment method is cod or card" })),
    /** `refund`: paid, cancelled and not yet refunded (ADR 044). */
    paid: optionalParam(z.enum(["paid", "unpaid", "refund"], { error: "Payment is paid, unpaid or refund" })),
    q: optionalParam(z.string().trim().max(SELLER_ORDER_SEARCH_MAX, `Search for at most ${SELLER_ORDER_SEARCH_MAX} characters`)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: "The start date is after the end date", path: ["to"] });
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuery>;

/** A refused query's sound filters, kept on the page so the seller sees what to correct. */
export const soundFiltersOf = (raw: Record<string, string>): SellerOrdersQuery =>
  Object.fromEntries(
    Object.entries(sellerOrdersQuery.shape).flatMap(([key, field]) => {
      const parsed = field.safeParse(raw[key]);
      return parsed.success && parsed.data !== undefined ? [[key, parsed.data]] : [];
    }),
  );

export const shopperCancelInput = orderRefInput.extend({ reason: z.enum(SHOPPER_CANCEL_REASONS, { error: "Choose a reason for cancelling" }) });

const cancelNoteField = z
  .string()
  .trim()
  .max(CANCEL_NOTE_MAX, `Keep the note to ${CANCEL_NOTE_MAX} characters`)
  .optional()
  .transform((note) => note || null);

export const sellerCancelInput = orderRefInput
  .extend({ reason: z.enum(SELLER_CANCEL_REASONS, { error: "Choose a reason for cancelling" }), note: cancelNoteField })
  .refine((input) => input.reason !== "Other" || input.note, { message: "Write a note for the customer when the reason is Other", path: ["note"] });

/** A refund through Stripe (ADR 072): `POST /api/order/refund` and the Orders page's Refund. */
export const refundInput = orderRefInput.extend({
  amount: requiredNumber(rupeeAmount("The refund", 1_00_00_000), "Enter the amount to refund"),
  reason: z.enum([...PART_REFUND_REASONS, CANCEL_REFUND_REASON], { error: "Choose why you refund" }),
});

/** The seller's orders page (cancelling has its own form). */
export const sellerOrderFormInput = z.discriminatedUnion("intent", [
  orderStatusInput.extend({ intent: z.literal("move") }),
  orderRefInput.extend({ intent: z.literal("paid") }),
  orderRefInput.extend({ intent: z.literal("refunded") }),
  refundInput.extend({ intent: z.literal("refund") }),
  orderRefInput.extend({
    intent: z.literal("note"),
    note: z.string({ error: "Write the note" }).trim().min(1, "Write the note").max(500, "Keep a note under 500 characters"),
  }),
]);
