import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { HttpError } from "@worker/errors";
import { answerBody, type Answer } from "./answer";
import { handleStripeEvent, verifyWebhook } from "@worker/payments/webhook";
import { limitNewsletter } from "@worker/security/rate-limit";
import { saveCart } from "@worker/services/cart";
import { subscribe } from "@worker/services/newsletter";
import { addressRoutes } from "./address";
import { requireShopper, type ApiEnv } from "./auth";
import { readJson, readText } from "./body";
import { orderRoutes } from "./order";
import { sellerRoutes } from "./seller";
import { userRoutes } from "./user";
import { apiRoutePath } from "./path";
import { productRoutes } from "./products";
import { searchWordRoutes, suggestRoutes } from "./search";

/** The spec's JSON API (section 7); CORS is applied by the Worker on the way out. */
export const api = new Hono<ApiEnv>({ getPath: apiRoutePath }).basePath("/api");

api.use(async (c, next) => {
  // Every JSON answer, errors included, goes through c.json: give each its `message` here, once.
  const json = c.json;
  c.json = ((body: Answer, ...rest: unknown[]) => (json as (...args: unknown[]) => Response)(answerBody(body), ...rest)) as typeof c.json;
  c.set("db", getDb(c.env));
  c.set("store", { db: c.var.db, env: c.env });
  await next();
});

api.route("/product/suggest", suggestRoutes);
api.route("/product", productRoutes);
api.route("/user", userRoutes);
api.route("/address", addressRoutes);
api.route("/order", orderRoutes);
api.route("/seller", sellerRoutes);
api.route("/seller/search-words", searchWordRoutes);

api.post("/newsletter/subscribe", async (c) => {
  const input = await readJson(c);
  await limitNewsletter(c.env, c.req.raw);
  const result = await subscribe(c.var.db, input);
  return c.json({ success: true, msg: result.msg }, result.created ? 201 : 200);
});

api.post("/cart/update", requireShopper, async (c) => {
  await saveCart(c.var.db, c.var.user.id, await readJson(c));
  return c.json({ success: true, msg: "Cart Updated" });
});

api.post("/stripe/webhook", async (c) => {
  // The signature covers the exact bytes Stripe sent: read them raw, verify, then parse.
  const rawBody = await readText(c.req.raw, 256 * 1024);
  const event = await verifyWebhook(c.env, rawBody, c.req.header("stripe-signature") ?? null);
  return c.json({ success: true, received: true, outcome: await handleStripeEvent(c.var.store, event), msg: "" });
});

api.notFound((c) => {
  // A known path asked with the wrong method is a 405 that says which methods it takes.
  const methods = [...new Set(api.routes.filter((r) => r.path === c.req.path && r.method !== "ALL").map((r) => r.method))];
  if (methods.length > 0) {
    c.header("Allow", methods.join(", "));
    return c.json({ success: false, msg: `Use ${methods.join(" or ")} for this address` }, 405);
  }
  return c.json({ success: false, msg: "Not found" }, 404);
});

api.onError((error, c) => {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    // `problems`: each field's reason when several were refused at once (`msg` is the first).
    return c.json({ success: false, msg: error.message, ...(error.problems && { problems: error.problems }) }, error.status);
  }
  console.error("Unhandled API error", error);
  return c.json({ success: false, msg: "Something went wrong. Please try again." }, 500);
});
