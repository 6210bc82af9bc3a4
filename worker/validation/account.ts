import { z } from "zod";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@shared/accounts";
import { emailField } from "./common";

export const INVALID_LOGIN = "Invalid email or password";

const COMMON_PASSWORDS = new Set(
  "password password1 password123 12345678 123456789 1234567890 qwertyuiop qwerty123 11111111 00000000 iloveyou abcdefgh abc12345 letmein1 welcome1 admin123 passw0rd".split(
    " ",
  ),
);

export const newPasswordField = z
  .string({ error: "Enter a password" })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters for your password`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters for your password`)
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()) && new Set(p).size > 2, "That password is too easy to guess");

export const registerInput = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(NAME_MAX, `Use at most ${NAME_MAX} characters for your name`),
  email: emailField,
  password: newPasswordField,
});

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX, INVALID_LOGIN),
});

export const subscribeInput = z.object({ email: emailField });
