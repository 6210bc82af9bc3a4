import { EMAIL_MAX } from "@shared/accounts";
import { z } from "zod";
import { formatRupees, rupeesToPaise } from "@shared/money";

/** Lower-cased: one person, one account. */
export const emailField = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "That e-mail address is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

/** Blank (an empty field, null) is refused with `missing`, never read as 0 as z.coerce would. */
export const requiredNumber = <S extends z.ZodType>(schema: S, missing: string) =>
  z.preprocess(
    (value, ctx) => (value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? refuse(ctx, missing) : value),
    schema,
  );

/** An object whose refusal of a key it does not know names the key. */
export const strictFields = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? `Unexpected field: ${issue.keys.join(", ")}` : undefined) });

/** A transform's refusal: the message, and no value. */
export function refuse(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Decimal text as its number, anything else as it came: `Number()` would read "0x10", "1e3", " " and `true`. */
export const fromDecimalText = (value: unknown): unknown => (typeof value === "string" && DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : value);

/** A number from a form (decimal text only) or the API, checked by `schema`. */
export const decimal = <S extends z.ZodType>(schema: S) => z.preprocess(fromDecimalText, schema);

export const wholeNumberIn = (min: number, max: number, msg: string) => decimal(z.number({ error: msg }).int(msg).min(min, msg).max(max, msg));

export const MAX_GST_PERCENT = 40; // the highest slab since 22 Sep 2025

/** A percentage with at most 2 decimals, kept as basis points (2 → 200). */
export const percentField = (label: string, max: number) =>
  decimal(
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${max}%`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `Use at most 2 decimals for ${label.replace(/^(A|The) /, "the ")}`)
      .transform((percent) => Math.round(percent * 100)),
  );

/** Rupees as a spreadsheet writes them ("Rs. 1,20,000"); commas that are not digit grouping ("1,5") are refused, not guessed at. */
const GROUPED_RUPEES = /^(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.\d+)?$/;
function plainRupees(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const amount = value.trim().replace(/^(?:₹|rs\.?|inr)\s*/i, "");
  return GROUPED_RUPEES.test(amount) ? amount.replaceAll(",", "") : amount;
}

/** An amount of rupees above ₹0, in paise steps. */
export const rupeeAmount = (label: string, max: number) =>
  z.preprocess(
    (value) => fromDecimalText(plainRupees(value)),
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .gt(0, `${label} must be more than ₹0`)
      .max(max, `${label} must be at most ${formatRupees(rupeesToPaise(max))}`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`),
  );
