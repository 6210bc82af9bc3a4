import { cartCookieString, type CartItems } from "@shared/cart";
import { isServedOverHttps } from "./cookies";

/** The guest cart cookie (readable by the page's script, which keeps it up to date). */
export function cartCookie(request: Request, env: Pick<Env, "APP_URL">, items: CartItems): string {
  return cartCookieString(items, isServedOverHttps(request, env));
}

/** Empties this device's guest cart (after it was merged into an account, or at logout). */
export function clearedCartCookie(request: Request, env: Pick<Env, "APP_URL">): string {
  return cartCookieString({}, isServedOverHttps(request, env));
}
