// What makes an answer one person's (ADR 067).
import { CART_COOKIE } from "./cart-cookie";
import { readCookie } from "@shared/cookies";
import { FLASH_COOKIE } from "./flash";
import { SESSION_COOKIES } from "./session";

export const PERSONAL_COOKIES: readonly string[] = [...SESSION_COOKIES, CART_COOKIE, FLASH_COOKIE];

export function isPersonal(request: Request, response: Response): boolean {
  const cookies = request.headers.get("cookie");
  return response.headers.has("Set-Cookie") || PERSONAL_COOKIES.some((name) => readCookie(cookies, name) !== undefined);
}
