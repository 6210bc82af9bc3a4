// Sessions in KV under a random 256-bit id in a signed HttpOnly cookie, new at every login (ADR 004); SESSION_SECRET lists newest (signing) first, to rotate.
import { randomBytes } from "node:crypto";
import { createSessionStorage, type SessionStorage } from "react-router";
import { cookieDefaults } from "./cookies";

export type SessionKind = "shopper" | "seller";

const KINDS = {
  shopper: { cookie: "sid", prefix: "session:shopper:", maxAge: 60 * 60 * 24 * 7 },
  seller: { cookie: "seller_sid", prefix: "session:seller:", maxAge: 60 * 60 * 8 },
} as const;

export const SESSION_COOKIES = Object.values(KINDS).map(({ cookie }) => cookie);

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export type SessionData = { userId?: string; seller?: true; createdAt: number };

type SessionEnv = Pick<Env, "SESSIONS" | "SESSION_SECRET" | "APP_URL">;

export function sessionSecrets(env: Pick<Env, "SESSION_SECRET">): string[] {
  const secrets = (env.SESSION_SECRET ?? "").split(",").flatMap((secret) => secret.trim() || []);
  if (secrets.length === 0) throw new Error("SESSION_SECRET is not configured");
  return secrets;
}

function storage(request: Request, env: SessionEnv, kind: SessionKind): SessionStorage<SessionData> {
  const { cookie, prefix, maxAge } = KINDS[kind];
  const put = (id: string, data: Partial<SessionData>) => env.SESSIONS.put(prefix + id, JSON.stringify(data), { expirationTtl: maxAge });
  return createSessionStorage<SessionData>({
    cookie: { name: cookie, ...cookieDefaults(request, env), httpOnly: true, maxAge, secrets: sessionSecrets(env) },
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      await put(id, data);
      return id;
    },
    readData: async (id) => (SESSION_ID.test(id) ? env.SESSIONS.get<SessionData>(prefix + id, "json") : null),
    updateData: (id, data) => put(id, data),
    async deleteData(id) {
      if (SESSION_ID.test(id)) await env.SESSIONS.delete(prefix + id);
    },
  });
}

export async function readSession(request: Request, env: SessionEnv, kind: SessionKind): Promise<SessionData | null> {
  const session = await storage(request, env, kind).getSession(request.headers.get("cookie"));
  if (!session.id || !session.data.createdAt) return null;
  const { userId, createdAt } = session.data as SessionData;
  return userId && createdAt <= Number(await env.SESSIONS.get(endedKey(userId))) ? null : (session.data as SessionData);
}

const endedKey = (userId: string) => `sessions-ended:${userId}`;

/** Ends every session of the user (there is no index of them): one begun at or before now is no longer read. */
export async function endAllSessions(env: Pick<Env, "SESSIONS">, userId: string): Promise<void> {
  await env.SESSIONS.put(endedKey(userId), String(Date.now()), { expirationTtl: KINDS.shopper.maxAge });
}

/** A fresh id (the previous one is deleted); returns the Set-Cookie value. */
export async function createSession(request: Request, env: SessionEnv, kind: SessionKind, data: Omit<SessionData, "createdAt">): Promise<string> {
  const sessions = storage(request, env, kind);
  const previous = await sessions.getSession(request.headers.get("cookie"));
  if (previous.id) await sessions.destroySession(previous);
  const session = await sessions.getSession();
  for (const [name, value] of Object.entries({ ...data, createdAt: Date.now() })) session.set(name as keyof SessionData, value as never);
  return sessions.commitSession(session);
}

export async function destroySession(request: Request, env: SessionEnv, kind: SessionKind): Promise<{ setCookie: string; ended: boolean }> {
  const sessions = storage(request, env, kind);
  const session = await sessions.getSession(request.headers.get("cookie"));
  return { setCookie: await sessions.destroySession(session), ended: Boolean(session.id && session.data.createdAt) };
}
