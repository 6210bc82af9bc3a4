import { z } from "zod";
import { canonicalState, type IndianState } from "@shared/indian-states";
import { statesOfPincode } from "@worker/services/pincode-regions";
import { emailField, refuse } from "./common";

const text = (label: string, max = 100) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `Use at most ${max} characters for the ${label}`);

/** The spec's client sends `zipcode`; `zipCode` wins if both come. */
function acceptZipcodeSpelling(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const { zipcode, ...rest } = input as Record<string, unknown>;
  return "zipCode" in rest || zipcode === undefined ? rest : { ...rest, zipCode: zipcode };
}

/** The spec's client sends the PIN as a number. */
const digitsOf = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value);

export const pincodeField = z.preprocess(
  digitsOf,
  z
    .string({ error: "Enter a 6-digit PIN code" })
    .transform((pin) => pin.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^[1-9]\d{5}$/, "Enter a 6-digit PIN code, such as 560001")),
);

/** Stored as "+91 98765 43210", however typed. */
const indianMobileField = z.preprocess(
  digitsOf,
  z
    .string({ error: "Enter a 10-digit mobile number" })
    .transform((phone) => phone.replace(/[\s()-]/g, "").replace(/^(\+91|91|0)(?=\d{10}$)/, ""))
    .pipe(z.string().regex(/^[6-9]\d{9}$/, "Enter a 10-digit Indian mobile number, such as 98765 43210"))
    .transform((digits) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`),
);

/** A state or union territory of India, by any of its names. */
export const stateField = (missing: string, unknown: string) =>
  z.string({ error: missing }).transform((name, ctx): IndianState => canonicalState(name) ?? refuse(ctx, unknown));

const countryField = z
  .string({ error: "We deliver only within India" })
  .optional()
  .transform((country, ctx) => (country === undefined || /^\s*(india|in|bharat)\s*$/i.test(country) ? "India" : refuse(ctx, "We deliver only within India")));

const checkboxField = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

const addressFields = z
  .object({
    firstName: text("first name", 50),
    lastName: text("last name", 50),
    email: emailField,
    street: text("street", 200),
    city: text("city", 80),
    state: stateField("Choose a state or union territory", "Choose a state or union territory of India"),
    zipCode: pincodeField,
    country: countryField,
    phone: indianMobileField,
    isDefault: checkboxField,
  })
  .superRefine((address, ctx) => {
    const states = statesOfPincode(address.zipCode);
    const message =
      states.length === 0
        ? `${address.zipCode} is not an Indian PIN code we can deliver to`
        : !states.includes(address.state) && `PIN ${address.zipCode} is in ${states.join(" or ")}, not ${address.state}. Check the PIN code or the state.`;
    if (message) ctx.addIssue({ code: "custom", path: ["zipCode"], message });
  });

export const addressInput = z.preprocess(acceptZipcodeSpelling, addressFields);

export const addressIdInput = z.object({ id: z.string({ error: "Unknown address" }).min(1, "Unknown address").max(64, "Unknown address") });

export const addressUpdateInput = addressIdInput.extend({ address: z.unknown() });

export const pincodeInput = z.object({ pincode: pincodeField });
