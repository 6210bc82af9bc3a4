/**
 * The pincode a visitor checked in the top bar (a guest's, or a shopper's without a saved address):
 * a plain 6-digit cookie, read by the root loader and by the edge cache's key (ADR 029).
 */
import { readCookie } from "@shared/cookies";
import { cookieDefaults } from "./cookies";

export const PINCODE_COOKIE = "pincode";
const MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** The cookie's pincode if it is a well-formed one (anything else is ignored, never trusted). */
export function pincodeFromCookie(cookieHeader: string | null): string | null {
  const value = readCookie(cookieHeader, PINCODE_COOKIE);
  return value && /^[1-9]\d{5}$/.test(value) ? value : null;
}

/** The Set-Cookie value that remembers a checked pincode for a year. */
export function pincodeCookie(request: Request, env: Pick<Env, "APP_URL">, pincode: string): string {
  const { secure } = cookieDefaults(request, env);
  return `${PINCODE_COOKIE}=${pincode}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
