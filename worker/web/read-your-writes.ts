// Where a request reads from (ADR 040): its signed bookmark cookie, set after this browser's writes (never on anonymous reads: they stay cacheable).
import { createCookie, type Cookie } from "react-router";
import { readCookie } from "@shared/cookies";
import { cookieDefaults } from "./cookies";
import { sessionSecrets } from "./session";

export const BOOKMARK_COOKIE = "d1_bookmark";

/** Covers any replica's lag many times over without pinning a browser to the primary. */
const BOOKMARK_MAX_AGE_SECONDS = 5 * 60;

type ConsistencyEnv = Pick<Env, "DB" | "SESSION_SECRET" | "APP_URL">;

const bookmarkCookie = (request: Request, env: ConsistencyEnv): Cookie =>
  createCookie(BOOKMARK_COOKIE, { ...cookieDefaults(request, env), httpOnly: true, maxAge: BOOKMARK_MAX_AGE_SECONDS, secrets: sessionSecrets(env) });

const writes = (request: Request) => request.method !== "GET" && request.method !== "HEAD";

/** Run the request's work with `DB` as its D1 session, and hand the browser its new bookmark. */
export async function withReadYourWrites<E extends ConsistencyEnv>(request: Request, env: E, respond: (env: E) => Promise<Response>): Promise<Response> {
  const cookieHeader = request.headers.get("cookie");
  const value: unknown = readCookie(cookieHeader, BOOKMARK_COOKIE) ? await bookmarkCookie(request, env).parse(cookieHeader) : null;
  const carried = typeof value === "string" && value.length > 0 ? value : null;
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
