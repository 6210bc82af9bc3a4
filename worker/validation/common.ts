import { EMAIL_MAX } from "@shared/accounts";
import { z } from "zod";

/** An e-mail address, trimmed and lower-cased so one person has one account / subscription. */
export const emailField = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "That e-mail address is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));
