import { z } from "zod";

/** The signature proves who sent an event, not its shape: a malformed one is a 400, not a failed query. */
const checkoutSession = z.looseObject({
  id: z.string(),
  payment_status: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export const stripeEventInput = z.looseObject({ id: z.string().min(1), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) });

export const checkoutSessionEventInput = z.looseObject({ data: z.looseObject({ object: checkoutSession }) });

const refund = z.looseObject({ id: z.string(), status: z.string().nullish(), metadata: z.record(z.string(), z.string()).nullish() });

/** `refund.*`'s refund, or `charge.refunded`'s charge with its refunds (listed by API versions before 2022-11-15). */
export const refundEventInput = z.union([
  z.looseObject({ data: z.looseObject({ object: refund.extend({ object: z.literal("refund") }) }) }),
  z.looseObject({
    data: z.looseObject({ object: z.looseObject({ object: z.literal("charge"), refunds: z.looseObject({ data: z.array(refund) }).nullish() }) }),
  }),
]);
