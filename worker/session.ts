/**
 * Sessions: a random id (256 bits) in an HttpOnly, SameSite=Lax cookie, the data in KV with a
 * bounded lifetime. The cookie carries an HMAC of the id, so forged or guessed ids are refused
 * without a KV read. A new id is issued at every login; logout deletes it.
 *
 * Two independent kinds: the shopper session and the (shorter) seller session.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "../app/lib/cookies";

export type SessionKind = "shopper" | "seller";

const KINDS = {
  shopper: { cookie: "sid", prefix: "session:shopper:", maxAge: 60 * 60 * 24 * 7 },
  seller: { cookie: "seller_sid", prefix: "session:seller:", maxAge: 60 * 60 * 8 },
} as const;

export type SessionData = { userId?: string; seller?: true; createdAt: number };

type SessionEnv = Pick<Env, "SESSIONS" | "SESSION_SECRET" | "APP_URL">;

function secret(env: SessionEnv): string {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not configured");
  return env.SESSION_SECRET;
}

function sign(env: SessionEnv, id: string): string {
  return createHmac("sha256", secret(env)).update(id).digest("base64url");
}

function isHttps(request: Request, env: SessionEnv): boolean {
  return new URL(request.url).protocol === "https:" || env.APP_URL?.startsWith("https:");
}

function cookie(kind: SessionKind, value: string, maxAge: number, secure: boolean): string {
  return `${KINDS[kind].cookie}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

/** The session id of a request if its cookie is well-formed and correctly signed. */
function sessionId(request: Request, env: SessionEnv, kind: SessionKind): string | null {
  const value = readCookie(request.headers.get("cookie"), KINDS[kind].cookie);
  if (!value) return null;
  const [id, mac] = value.split(".");
  if (!id || !mac || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const expected = Buffer.from(sign(env, id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export async function readSession(request: Request, env: SessionEnv, kind: SessionKind): Promise<SessionData | null> {
  const id = sessionId(request, env, kind);
  if (!id) return null;
  return env.SESSIONS.get<SessionData>(KINDS[kind].prefix + id, "json");
}

/** Start a session (always a fresh id) and return its Set-Cookie header value. */
export async function createSession(request: Request, env: SessionEnv, kind: SessionKind, data: Omit<SessionData, "createdAt">): Promise<string> {
  const previous = sessionId(request, env, kind);
  if (previous) await env.SESSIONS.delete(KINDS[kind].prefix + previous);
  const id = randomBytes(32).toString("base64url");
  const { maxAge, prefix } = KINDS[kind];
  await env.SESSIONS.put(prefix + id, JSON.stringify({ ...data, createdAt: Date.now() }), { expirationTtl: maxAge });
  return cookie(kind, `${id}.${sign(env, id)}`, maxAge, isHttps(request, env));
}

/** End the session (if any) and return the Set-Cookie header value that clears it. */
export async function destroySession(request: Request, env: SessionEnv, kind: SessionKind): Promise<string> {
  const id = sessionId(request, env, kind);
  if (id) await env.SESSIONS.delete(KINDS[kind].prefix + id);
  return cookie(kind, "", 0, isHttps(request, env));
}
