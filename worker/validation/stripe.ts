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
