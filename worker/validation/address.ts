import { z } from "zod";
import { emailField } from "./common";

const text = (label: string, max = 100) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `Use at most ${max} characters for the ${label}`);

/**
 * The spec's client sends the zip as `zipcode` (its seller view reads that spelling too); ours and
 * the spec's table say `zipCode`. Either is accepted, under the same rules; `zipCode` wins if both come.
 */
function acceptZipcodeSpelling(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const { zipcode, ...rest } = input as Record<string, unknown>;
  return "zipCode" in rest || zipcode === undefined ? rest : { ...rest, zipCode: zipcode };
}

/** A delivery address, as the spec's form and API send it (one schema for both). */
const addressFields = z.object({
  firstName: text("first name", 50),
  lastName: text("last name", 50),
  email: emailField,
  street: text("street", 200),
  city: text("city", 80),
  state: text("state", 80),
  zipCode: z.coerce
    .string({ error: "Enter the zip code" })
    .trim()
    .regex(/^\d{4,10}$/, "Enter a numeric zip code (4 to 10 digits)"),
  country: text("country", 80),
  phone: z
    .string({ error: "Enter the phone number" })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, "Enter a valid phone number"),
});

export const addressInput = z.preprocess(acceptZipcodeSpelling, addressFields);

export type AddressInput = z.infer<typeof addressInput>;
