import { safeLocalPath } from "../../app/lib/site";
import { clearedCartCookie } from "../cart-cookie";
import type { WorkerContext } from "../context";
import { limitAuthAttempt } from "../security/rate-limit";
import { createSession, destroySession } from "../session";
import { login, register } from "./accounts";
import { guestCart } from "./shopper-state";

/**
 * The login modal's and page's form: log in or sign up, start a fresh session, fold the guest
 * cart into the account. Returns the cookies to set and where to go next.
 */
export async function submitAuthForm(request: Request, worker: WorkerContext) {
  const form = Object.fromEntries(await request.formData());
  const input = { name: form.name, email: form.email, password: form.password };
  const cart = guestCart(request);
  await limitAuthAttempt(worker.env, request, input, form.intent === "register" ? "register" : "login");
  const user = form.intent === "register" ? await register(worker.db, input, cart) : await login(worker.db, input, cart);
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(request, worker.env, "shopper", { userId: user.id }));
  headers.append("Set-Cookie", clearedCartCookie(request));
  return { headers, redirectTo: safeLocalPath(typeof form.redirectTo === "string" ? form.redirectTo : "/") };
}

/** Logout: end the session and empty this device's cart. */
export async function logoutHeaders(request: Request, worker: WorkerContext): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request, worker.env, "shopper"));
  headers.append("Set-Cookie", clearedCartCookie(request));
  return headers;
}
