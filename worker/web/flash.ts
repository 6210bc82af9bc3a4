// One toast carried across a redirect (ADR 032): an action marks its response (`withFlash`), the middleware signs it into a cookie read once.
import { createContext, createCookie, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readCookie } from "@shared/cookies";
import { cookieDefaults, setCookies } from "./cookies";
import { fromContext } from "./context";
import { sessionSecrets } from "./session";

export const FLASH_COOKIE = "flash";
/** Survives a slow redirect; a lost one never surfaces much later. */
const FLASH_MAX_AGE_SECONDS = 60;
const FLASH_HEADER = "X-Flash";
const MAX_MESSAGE_LENGTH = 200;
/** A refused login's name and e-mail fit. */
const MAX_TYPED_FIELDS = 4;
const MAX_TYPED_LENGTH = 254;
const FIELD_NAME = /^[A-Za-z][\w.]{0,39}$/;

/** `typed`: a refused form's fields (never a password); `field`: the input refused; `to`: the redirect's path, the only page that takes it. */
export type Flash = { kind: "success" | "error"; message: string; typed?: Record<string, string>; field?: string; to?: string };

/** A logout's answer: home, saying "Logged Out" only when a session ended. */
export function homeAfterLogout({ cookies, ended }: { cookies: string[]; ended: boolean }): Response {
  const response = redirect("/", { status: 303, headers: setCookies(cookies) });
  return ended ? withFlash(response, { kind: "success", message: "Logged Out" }) : response;
}

export function withFlash(response: Response, flash: Flash): Response {
  const location = response.headers.get("Location");
  const to = location ? new URL(location, "http://x").pathname : undefined;
  response.headers.set(FLASH_HEADER, encodeURIComponent(JSON.stringify({ ...flash, to })));
  return response;
}

const flashCookie = (request: Request, env: Pick<Env, "SESSION_SECRET" | "APP_URL">) =>
  createCookie(FLASH_COOKIE, { ...cookieDefaults(request, env), httpOnly: true, maxAge: FLASH_MAX_AGE_SECONDS, secrets: sessionSecrets(env) });

export const serializeFlash = (request: Request, env: Pick<Env, "SESSION_SECRET" | "APP_URL">, flash: Flash): Promise<string> =>
  flashCookie(request, env).serialize(flash);

/** The request's flash if well-formed and signed by this store. */
export async function readFlash(request: Request, env: Pick<Env, "SESSION_SECRET" | "APP_URL">): Promise<Flash | null> {
  const header = request.headers.get("cookie");
  if (!readCookie(header, FLASH_COOKIE)) return null;
  const value: unknown = await flashCookie(request, env)
    .parse(header)
    .catch(() => null);
  return toFlash(value);
}

function toFlash(value: unknown): Flash | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, message, typed, field, to } = value as Record<string, unknown>;
  if ((kind !== "success" && kind !== "error") || typeof message !== "string" || !message) return null;
  const fields = toTyped(typed);
  const named = typeof field === "string" && FIELD_NAME.test(field) ? field : undefined;
  const path = typeof to === "string" && to.startsWith("/") ? to : undefined;
  return { kind, message: message.slice(0, MAX_MESSAGE_LENGTH), ...(fields && { typed: fields }), ...(named && { field: named }), ...(path && { to: path }) };
}

function toTyped(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const fields = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].length <= MAX_TYPED_LENGTH);
  return fields.length > 0 ? Object.fromEntries(fields.slice(0, MAX_TYPED_FIELDS)) : undefined;
}

function markOf(response: Response): Flash | null {
  try {
    return toFlash(JSON.parse(decodeURIComponent(response.headers.get(FLASH_HEADER) ?? "null")));
  } catch {
    return null;
  }
}

type FlashState = { flash: Flash | null; taken: boolean; path: string };
const flashContext = createContext<FlashState | null>(null);

/** Reads the request's flash, writes the one an action marked, clears the one the page showed. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = fromContext(context);
  const present = Boolean(readCookie(request.headers.get("cookie"), FLASH_COOKIE));
  // A data request names its page "/_.data" or "/cart.data".
  const path = new URL(request.url).pathname.replace(/(\/_)?\.data$/, "") || "/";
  const state: FlashState = { flash: await readFlash(request, env), taken: false, path };
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
  else if (spent) answer.headers.append("Set-Cookie", await flashCookie(request, env).serialize("", { maxAge: 0 }));
  return answer;
};

export function takeFlash(context: Readonly<RouterContextProvider>): Flash | null {
  const state = context.get(flashContext);
  if (!state?.flash || (state.flash.to && state.flash.to !== state.path)) return null;
  state.taken = true;
  const { to: _to, ...flash } = state.flash;
  return flash;
}
