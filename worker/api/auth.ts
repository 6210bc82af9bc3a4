import { createMiddleware } from "hono/factory";
import type { Database, Store } from "@worker/db/client";
import type { User } from "@worker/db/schema";
import { HttpError } from "@worker/errors";
import { isCrossSite } from "@worker/security/same-origin";
import { readSession } from "@worker/web/session";
import { lookupShopper } from "@worker/web/shopper-state";

/** Every API handler's context: the bindings, and the request's database (`db`, or with `env` as `store`). */
export type ApiEnv = { Bindings: Env; Variables: { db: Database; store: Store } };

export const NOT_AUTHORIZED = "Not Authorized. Please log in.";
const SELLER_LOGIN_REQUIRED = "Not Authorized. Seller login required.";

/** The user comes from the session, never from the body. */
export const requireShopper = createMiddleware<ApiEnv & { Variables: { user: User } }>(async (c, next) => {
  const user = await lookupShopper(c.req.raw, c.var.store).user();
  if (!user) throw new HttpError(401, NOT_AUTHORIZED);
  c.set("user", user);
  await next();
});

export const requireSeller = createMiddleware<ApiEnv>(async (c, next) => {
  const session = await readSession(c.req.raw, c.env, "seller");
  if (!session?.seller) throw new HttpError(401, SELLER_LOGIN_REQUIRED);
  await next();
});

/** A signed-in shopper gets 403 here; the older seller routes answer 401, as the spec's clients expect. */
export const requireSellerRole = createMiddleware<ApiEnv>(async (c, next) => {
  const session = await readSession(c.req.raw, c.env, "seller");
  if (session?.seller) return next();
  const shopperId = await lookupShopper(c.req.raw, c.var.store).userId();
  if (shopperId) throw new HttpError(403, "Only the seller can see this. You are signed in as a shopper.");
  throw new HttpError(401, SELLER_LOGIN_REQUIRED);
});

/** For the spec's GETs that change state (logout): a link on another site must not end a session. */
export const sameSiteOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (isCrossSite(c.req.raw, c.env)) throw new HttpError(403, "Cross-site requests are not allowed");
  await next();
});
