/**
 * The one place that decides where a request reads from (ADR 040).
 *
 * - A request that carries a bookmark (the `d1_bookmark` cookie, set after this browser's writes)
 *   starts its D1 session there: it reads from a replica at least that new, so a shopper sees the
 *   order they just placed and the seller the price they just changed.
 * - A write (any method but GET and HEAD) without one starts at the primary ("first-primary").
 * - Any other read starts at the nearest replica ("first-unconstrained"): the anonymous catalogue.
 *
 * After a write that succeeded, or a request that came with a bookmark, the session's newest
 * bookmark goes back in the cookie (never on a refused request, which changed nothing): HttpOnly, signed with SESSION_SECRET (a forged or garbled one is ignored, never
 * handed to D1), and short-lived, since replicas catch up within seconds. Anonymous reads never
 * get the cookie, so the edge cache's answers stay free of Set-Cookie.
 */
import { createCookie, type Cookie } from "react-router";
import { readCookie } from "@shared/cookies";
import { cookieDefaults } from "./cookies";
import { sessionSecrets } from "./session";

export const BOOKMARK_COOKIE = "d1_bookmark";

/** Long enough to cover any replica's lag many times over, short enough not to pin a browser to the primary. */
const BOOKMARK_MAX_AGE_SECONDS = 5 * 60;

type ConsistencyEnv = Pick<Env, "DB" | "SESSION_SECRET" | "APP_URL">;

function bookmarkCookie(request: Request, env: ConsistencyEnv): Cookie {
  return createCookie(BOOKMARK_COOKIE, { ...cookieDefaults(request, env), httpOnly: true, maxAge: BOOKMARK_MAX_AGE_SECONDS, secrets: sessionSecrets(env) });
}

const writes = (request: Request) => request.method !== "GET" && request.method !== "HEAD";

/**
 * Run the request's work with `DB` as a D1 session starting where this request must read from (every
 * query of the request goes through it), and hand the browser its new bookmark.
 */
export async function withReadYourWrites<E extends ConsistencyEnv>(request: Request, env: E, respond: (env: E) => Promise<Response>): Promise<Response> {
  const cookieHeader = request.headers.get("cookie");
  // Only a request that has the cookie pays for checking its signature.
  const carried = readCookie(cookieHeader, BOOKMARK_COOKIE) ? await readBookmark(request, env, cookieHeader) : null;
  const start = carried ?? (writes(request) ? "first-primary" : "first-unconstrained");
  const session = env.DB.withSession(start);
  // D1's session answers `prepare` and `batch`, all that drizzle uses of the binding.
  const response = await respond({ ...env, DB: session as unknown as D1Database });
  const bookmark = session.getBookmark();
  // A refused request (4xx, 5xx) changed nothing worth reading back: no cookie for it.
  if (!bookmark || bookmark === carried || response.status >= 400 || (!carried && !writes(request))) return response;
  const answered = new Response(response.body, response);
  answered.headers.append("Set-Cookie", await bookmarkCookie(request, env).serialize(bookmark));
  return answered;
}

async function readBookmark(request: Request, env: ConsistencyEnv, cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await bookmarkCookie(request, env).parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}
