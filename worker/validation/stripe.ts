import { z } from "zod";

/**
 * The part of a signed Stripe event the webhook acts on. The signature proves who sent it, not
 * its shape: an event without these fields (or with an order id that is not text) is refused with
 * a 400 instead of failing a query.
 */
const checkoutSession = z.looseObject({
  id: z.string(),
  payment_status: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export const stripeEventInput = z.looseObject({
  id: z.string().min(1),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** The checkout session of the events the store handles (`checkout.session.*`). */
export const checkoutSessionEventInput = z.looseObject({ data: z.looseObject({ object: checkoutSession }) });
