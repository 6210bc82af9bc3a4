import { EMAIL_MAX } from "@shared/accounts";
import { z } from "zod";

/** An e-mail address, trimmed and lower-cased so one person has one account / subscription. */
export const emailField = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "That e-mail address is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

/**
 * A number typed into a form or sent by the API, where blank (an empty field, null) is missing and
 * refused with `missing`, never read as 0 as z.coerce alone would (an empty tax rate saved as 0%).
 */
export function requiredNumber<S extends z.ZodType>(schema: S, missing: string) {
  return z.preprocess((value, ctx) => {
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: missing, input: value });
      return z.NEVER;
    }
    return value;
  }, schema);
}

/** Numbers as people write them: digits, maybe a sign and a decimal point ("12", "12.50", "-3", ".5"). */
const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Decimal text read as its number; anything else is left as it came, for the number schema to
 * refuse. `Number()` (and so z.coerce.number) would read "0x10" as 16, "1e3" as 1000, "0b11" as 3,
 * " " as 0 and `true` as 1.
 */
export function fromDecimalText(value: unknown): unknown {
  return typeof value === "string" && DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : value;
}

/** A number from a form (decimal text only) or the API (a JSON number), checked by `schema` (a z.number() chain). */
export function decimal<S extends z.ZodType>(schema: S) {
  return z.preprocess(fromDecimalText, schema);
}
