// Signing shoppers in and out, for the API and the login form alike.
import { safeLocalPath } from "@shared/redirect";
import { setCookies } from "@worker/web/cookies";
import { cartCookie } from "@worker/web/cart-cookie";
import type { WorkerContext } from "@worker/web/context";
import { readForm } from "@worker/request-body";
import type { CartItems } from "@shared/cart";
import { HttpError } from "@worker/errors";
import { limitAuthAttempt, limitSignUps, reserveFailedLogin } from "@worker/security/rate-limit";
import { registerInput } from "@worker/validation/account";
import { createSession, destroySession } from "@worker/web/session";
import { login, register } from "@worker/services/accounts";
import { guestCart } from "./shopper-state";

type Worker = Pick<WorkerContext, "env" | "db">;

/** Returns the user and the Set-Cookie values (new session, emptied guest cart). */
export async function authenticate(request: Request, worker: Worker, input: unknown, kind: "login" | "register") {
  await limitAuthAttempt(worker.env, request, input, kind);
  const cart = guestCart(request);
  const { user, earlierItems } = kind === "register" ? await signUp(request, worker, input, cart) : await logIn(request, worker, input, cart);
  const cookies = [await createSession(request, worker.env, "shopper", { userId: user.id }), cartCookie(request, worker.env, {})];
  return { user, earlierItems, cookies };
}

/** A sign-up that could create an account, or say the e-mail has one, counts (ADR 065). */
async function signUp(request: Request, worker: Worker, input: unknown, cart: CartItems) {
  if (registerInput.safeParse(input).success) await limitSignUps(worker.db, request);
  return { user: await register(worker.db, input, cart), earlierItems: 0 };
}

async function logIn(request: Request, worker: Worker, input: unknown, cart: CartItems) {
  const attempt = await reserveFailedLogin(worker.db, request);
  try {
    const result = await login(worker.db, input, cart);
    await attempt.release();
    return result;
  } catch (error) {
    // Only a wrong password counts; input the form refused guessed nothing.
    if (!(error instanceof HttpError && error.status === 401)) await attempt.release();
    throw error;
  }
}

/** Ends the session and empties this device's cart. */
export async function endShopperSession(request: Request, worker: Worker): Promise<{ cookies: string[]; ended: boolean }> {
  const { setCookie, ended } = await destroySession(request, worker.env, "shopper");
  return { cookies: [setCookie, cartCookie(request, worker.env, {})], ended };
}

/** The login form: returns the shopper to `redirectTo` with a welcome. */
export async function submitAuthForm(request: Request, worker: Worker) {
  const form = Object.fromEntries(await readForm(request));
  const input = { name: form.name, email: form.email, password: form.password };
  const kind = form.intent === "register" ? "register" : "login";
  const { user, earlierItems, cookies } = await authenticate(request, worker, input, kind);
  const firstName = user.name.trim().split(/\s+/)[0] || user.name;
  return {
    headers: setCookies(cookies),
    redirectTo: safeLocalPath(typeof form.redirectTo === "string" ? form.redirectTo : "/"),
    welcome: kind === "register" ? `Welcome, ${firstName}! Your account is ready.` : `Welcome back, ${firstName}!${earlierCartNote(earlierItems)}`,
  };
}

/** Said when a login added the account's saved items to the guest cart, so nothing appears unexplained. */
const earlierCartNote = (items: number): string => (items === 0 ? "" : ` Your cart also has ${items === 1 ? "1 item" : `${items} items`} you saved earlier.`);
