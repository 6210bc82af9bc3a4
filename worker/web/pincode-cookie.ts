// The pincode a visitor checked in the top bar, also part of the edge cache's key (ADR 029).
import { readCookie } from "@shared/cookies";
import { isServedOverHttps } from "./cookies";

export const PINCODE_COOKIE = "pincode";
const MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

export function pincodeFromCookie(cookieHeader: string | null): string | null {
  const value = readCookie(cookieHeader, PINCODE_COOKIE);
  return value && /^[1-9]\d{5}$/.test(value) ? value : null;
}

export const pincodeCookie = (request: Request, env: Pick<Env, "APP_URL">, pincode: string): string =>
  `${PINCODE_COOKIE}=${pincode}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${isServedOverHttps(request, env) ? "; Secure" : ""}`;
