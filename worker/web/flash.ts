/**
 * Flash messages: one toast carried across a redirect, shown by the next page and then forgotten.
 * A form posted without JavaScript ends in a redirect (Post/Redirect/Get), so its "Cart Updated"
 * or "Please log in" would otherwise be lost; a login that returns the shopper to where they were
 * says "Welcome back" the same way, with or without JavaScript.
 *
 * How it travels:
 * 1. An action marks its redirect with `withFlash(response, flash)` (answerForm does it for page
 *    forms). The mark is an internal header, so helpers that hold no `env` can set it.
 * 2. The root's middleware (`flashMiddleware`) turns the mark into a short-lived, signed, HttpOnly
 *    cookie (the session secrets sign it: another site cannot plant text in the store's toasts),
 *    and strips the mark.
 * 3. The next page's root loader takes it (`takeFlash`), the Toaster shows it (on the server too,
 *    for a browser without JavaScript), and the middleware clears the cookie on that same answer:
 *    read once. A request whose root loader does not run (a client-side navigation) leaves it for
 *    the next one that does.
 *
 * A request carrying the cookie skips the edge cache (worker/edge-cache.ts), like a cart or session.
 */
import { createContext, createCookie, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readCookie } from "@shared/cookies";
import { cookieDefaults, setCookies } from "./cookies";
import { fromContext } from "./context";
import { sessionSecrets } from "./session";

export const FLASH_COOKIE = "flash";
/** Long enough to survive a slow redirect, short enough that a lost one never surfaces much later. */
const FLASH_MAX_AGE_SECONDS = 60;
/** The internal mark on a response; never leaves the Worker. */
const FLASH_HEADER = "X-Flash";
const MAX_MESSAGE_LENGTH = 200;
/** A refused login's name and e-mail fit; anything longer is not a form's field the store gives back. */
const MAX_TYPED_FIELDS = 4;
const MAX_TYPED_LENGTH = 254;
/** A form field's name, as the schemas name them ("email", "contact.email"). */
const FIELD_NAME = /^[A-Za-z][\w.]{0,39}$/;

export type FlashKind = "success" | "error";
/**
 * `typed`: the fields of a refused form the page shows again (`answerForm`'s `refusal.keep`): the
 * e-mail of a refused login, never its password. `field`: the input the refusal is about
 * (`ActionFailure.field`), where the page shows it.
 */
export type Flash = { kind: FlashKind; message: string; typed?: Record<string, string>; field?: string };

/**
 * A logout's answer, for both kinds: home, with `cookies` (the session cleared) and "Logged Out"
 * as the API's logout says, only when a session ended (a stray or repeated logout says nothing).
 */
export function homeAfterLogout({ cookies, ended }: { cookies: string[]; ended: boolean }): Response {
  const response = redirect("/", { headers: setCookies(cookies) });
  return ended ? withFlash(response, { kind: "success", message: "Logged Out" }) : response;
}

/** Mark a (redirect) response with the message the next page shows. Returns the same response. */
export function withFlash(response: Response, flash: Flash): Response {
  response.headers.set(FLASH_HEADER, encodeURIComponent(JSON.stringify(flash)));
  return response;
}

function flashCookie(request: Request, env: Pick<Env, "SESSION_SECRET" | "APP_URL">) {
  return createCookie(FLASH_COOKIE, {
    ...cookieDefaults(request, env),
    httpOnly: true,
    maxAge: FLASH_MAX_AGE_SECONDS,
    secrets: sessionSecrets(env),
  });
}

/** Set-Cookie value that carries `flash` to the next page. */
export function serializeFlash(request: Request, env: Pick<Env, "SESSION_SECRET" | "APP_URL">, flash: Flash): Promise<string> {
  return flashCookie(request, env).serialize(flash);
}

/** Set-Cookie value that forgets the flash. */
export function clearedFlash(request: Request, env: Pick<Env, "SESSION_SECRET" | "APP_URL">): Promise<string> {
  return flashCookie(request, env).serialize("", { maxAge: 0 });
}

/** The request's flash, if it carries a well-formed one signed by this store; anything else is null. */
export async function readFlash(request: Request, env: Pick<Env, "SESSION_SECRET" | "APP_URL">): Promise<Flash | null> {
  const header = request.headers.get("cookie");
  if (!readCookie(header, FLASH_COOKIE)) return null;
  return toFlash(
    await flashCookie(request, env)
      .parse(header)
      .catch(() => null),
  );
}

function toFlash(value: unknown): Flash | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, message, typed, field } = value as Record<string, unknown>;
  if ((kind !== "success" && kind !== "error") || typeof message !== "string" || !message) return null;
  const fields = toTyped(typed);
  const named = typeof field === "string" && FIELD_NAME.test(field) ? field : undefined;
  return { kind, message: message.slice(0, MAX_MESSAGE_LENGTH), ...(fields && { typed: fields }), ...(named && { field: named }) };
}

function toTyped(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const fields = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].length <= MAX_TYPED_LENGTH);
  return fields.length > 0 ? Object.fromEntries(fields.slice(0, MAX_TYPED_FIELDS)) : undefined;
}

function markOf(response: Response): Flash | null {
  const mark = response.headers.get(FLASH_HEADER);
  if (!mark) return null;
  try {
    return toFlash(JSON.parse(decodeURIComponent(mark)));
  } catch {
    return null;
  }
}

type FlashState = { flash: Flash | null; taken: boolean };
const flashContext = createContext<FlashState | null>(null);

/**
 * The root's middleware: reads the request's flash for the root loader, writes the flash an action
 * marked, and clears the one the page showed.
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = fromContext(context);
  const present = Boolean(readCookie(request.headers.get("cookie"), FLASH_COOKIE));
  const state: FlashState = { flash: present ? await readFlash(request, env) : null, taken: false };
  context.set(flashContext, state);

  const response = await next();
  const marked = response.headers.has(FLASH_HEADER);
  // Shown by this page, or unreadable (forged, expired secret): forget it.
  const spent = present && (state.taken || !state.flash);
  if (!marked && !spent) return response;
  const answer = new Response(response.body, response);
  const carried = markOf(answer);
  answer.headers.delete(FLASH_HEADER);
  // A new message replaces the old one.
  if (carried) answer.headers.append("Set-Cookie", await serializeFlash(request, env, carried));
  else if (spent) answer.headers.append("Set-Cookie", await clearedFlash(request, env));
  return answer;
};

/** The flash for this page (the root loader's): taken once, cleared on this answer. */
export function takeFlash(context: Readonly<RouterContextProvider>): Flash | null {
  const state = context.get(flashContext);
  if (!state) return null;
  state.taken = true;
  return state.flash;
}
