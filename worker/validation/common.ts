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
