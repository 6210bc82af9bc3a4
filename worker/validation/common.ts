import { EMAIL_MAX } from "@shared/accounts";
import { z } from "zod";

/** Lower-cased: one person, one account. */
export const emailField = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "That e-mail address is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

/** Blank (an empty field, null) is refused with `missing`, never read as 0 as z.coerce would. */
export function requiredNumber<S extends z.ZodType>(schema: S, missing: string) {
  return z.preprocess((value, ctx) => {
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: missing, input: value });
      return z.NEVER;
    }
    return value;
  }, schema);
}

/** A transform's refusal: the message, and no value. */
export function refuse(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Decimal text as its number, anything else as it came: `Number()` would read "0x10", "1e3", " " and `true`. */
export function fromDecimalText(value: unknown): unknown {
  return typeof value === "string" && DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : value;
}

/** A number from a form (decimal text only) or the API, checked by `schema`. */
export const decimal = <S extends z.ZodType>(schema: S) => z.preprocess(fromDecimalText, schema);

/** A whole number from `min` to `max`, refused with the one message `msg`. */
export const wholeNumberIn = (min: number, max: number, msg: string) => decimal(z.number({ error: msg }).int(msg).min(min, msg).max(max, msg));
