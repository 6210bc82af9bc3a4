import { z } from "zod";

/** An e-mail address, trimmed and lower-cased so one person has one account / subscription. */
export const emailField = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .toLowerCase()
  .max(254, "That e-mail address is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));
