import { applyD1Migrations, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { products } from "@worker/db/schema";
import { createFetchHandler } from "@worker/handler";
import { BOOKMARK_COOKIE } from "@worker/web/read-your-writes";
import { ORIGIN, freshIp } from "../support/http";
import { laggingReplica, type LaggingD1 } from "../support/lagging-replica";
import { VALID_ADDRESS } from "../support/shoppers";

declare global {
  namespace Cloudflare {
    interface Env {
      /** The lagging replica's copy (tests/support/lagging-replica.ts); only these tests use it. */
      DB_REPLICA: D1Database;
    }
  }
}

const worker = createFetchHandler(async () => new Response("no pages in runtime tests", { status: 501 }));

/** A browser: keeps the cookies the Worker sets, and can forget one. */
function browser(db: D1Database) {
  const jar = new Map<string, string>();
  async function send(path: string, init: { method?: string; json?: unknown } = {}) {
    const headers = new Headers({ ...freshIp(), Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") });
    if (init.json !== undefined) headers.set("Content-Type", "application/json");
    if (init.method && init.method !== "GET") headers.set("Origin", ORIGIN);
    const request = new Request(new URL(path, ORIGIN), {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const ctx = createExecutionContext();
    const response = await worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], { ...env, DB: db }, ctx);
    await waitOnExecutionContext(ctx);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const value = pair!.slice(eq + 1);
      if (value) jar.set(pair!.slice(0, eq), value);
      else jar.delete(pair!.slice(0, eq));
    }
    return response;
  }
  return { send, jar, forget: (name: string) => jar.delete(name) };
}

const TABLES = ["notifications", "order_items", "orders", "addresses", "users", "products", "stripe_events", "newsletter_subscribers"];

let db: LaggingD1;
let productId: string;

beforeEach(async () => {
  await applyD1Migrations(env.DB_REPLICA, env.TEST_MIGRATIONS);
  await env.DB_REPLICA.batch(TABLES.map((table) => env.DB_REPLICA.prepare(`DELETE FROM ${table}`)));
  db = laggingReplica(env.DB, env.DB_REPLICA);
  productId = crypto.randomUUID();
  await getDb({ DB: db })
    .insert(products)
    .values({
      id: productId,
      name: "Replica apples",
      category: "Fruits",
      description: ["Crisp"],
      pricePaise: 10000,
      offerPricePaise: 9000,
      images: ["seed/a.webp"],
      inStock: true,
      stock: 20,
      weight: "1 kg",
      createdAt: 1,
      updatedAt: 1,
    });
  await db.catchUp();
  db.starts.length = 0;
});

describe("every request reads through a D1 session, starting where it must (ADR 040)", () => {
  it("an anonymous catalogue read starts at the nearest replica and gets no cookie", async () => {
    const shopper = browser(db);
    const response = await shopper.send("/api/product/list");
    expect(response.status).toBe(200);
    expect(db.starts).toEqual(["first-unconstrained"]);
    expect(response.headers.getSetCookie().join()).not.toContain(BOOKMARK_COOKIE);
  });

  it("a write starts at the primary and hands back its bookmark: HttpOnly, signed, short-lived", async () => {
    const shopper = browser(db);
    const response = await shopper.send("/api/user/register", {
      method: "POST",
      json: { name: "Replica Shopper", email: `r-${crypto.randomUUID()}@example.com`, password: "correct horse battery" },
    });
    expect(response.status).toBe(201);
    expect(db.starts).toEqual(["first-primary"]);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=300/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Signed: the value is the bookmark plus a signature, not the bare bookmark.
    expect(decodeURIComponent(shopper.jar.get(BOOKMARK_COOKIE)!)).not.toMatch(/^"?fake-\d{8}"?$/);
  });

  it("a refused write changes nothing and gets no cookie", async () => {
    const shopper = browser(db);
    const response = await shopper.send("/api/user/register", { method: "POST", json: { name: "", email: "not-an-email", password: "x" } });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().join()).not.toContain(BOOKMARK_COOKIE);
  });

  it("the next request starts at the bookmark the cookie carries", async () => {
    const shopper = browser(db);
    await shopper.send("/api/user/register", {
      method: "POST",
      json: { name: "Replica Shopper", email: `r-${crypto.randomUUID()}@example.com`, password: "correct horse battery" },
    });
    await shopper.send("/api/user/is-auth");
    // The sign-up wrote twice (its address's count of sign-ups, then the account): the bookmark after both.
    expect(db.starts).toEqual(["first-primary", "fake-00000003"]);
  });

  it("a forged or garbled bookmark is ignored, never handed to D1", async () => {
    for (const forged of ["fake-00000009", "garbage", "%%%", `${"x".repeat(3000)}`]) {
      const shopper = browser(db);
      shopper.jar.set(BOOKMARK_COOKIE, forged);
      db.starts.length = 0;
      const response = await shopper.send("/api/product/list");
      expect(response.status).toBe(200);
      expect(db.starts).toEqual(["first-unconstrained"]);
    }
  });
});

describe("a replica that lags: the bookmark is what lets shoppers read their own writes", () => {
  it("without the bookmark a new shopper could look signed out and miss their order; with it, never", async () => {
    const shopper = browser(db);
    const email = `r-${crypto.randomUUID()}@example.com`;
    expect(
      (await shopper.send("/api/user/register", { method: "POST", json: { name: "Replica Shopper", email, password: "correct horse battery" } })).status,
    ).toBe(201);

    // The replica has not seen the new account yet.
    const withBookmark = await (await shopper.send("/api/user/is-auth")).json<{ success: boolean }>();
    expect(withBookmark.success).toBe(true);
    const bookmark = shopper.jar.get(BOOKMARK_COOKIE)!;
    shopper.forget(BOOKMARK_COOKIE);
    const stale = await (await shopper.send("/api/user/is-auth")).json<{ success: boolean }>();
    expect(stale.success).toBe(false);
    shopper.jar.set(BOOKMARK_COOKIE, bookmark);

    const added = await shopper.send("/api/address/add", { method: "POST", json: { address: VALID_ADDRESS } });
    expect(added.status).toBe(201);
    const address = (await added.json<{ address: { _id: string } }>()).address._id;
    const placed = await shopper.send("/api/order/cod", { method: "POST", json: { items: [{ product: productId, quantity: 2 }], address } });
    expect(placed.status).toBe(201);

    // Several reads in a row, each with the cookie as the Worker left it: the order is always there.
    for (let read = 0; read < 3; read++) {
      const mine = await (await shopper.send("/api/order/user")).json<{ orders: unknown[] }>();
      expect(mine.orders).toHaveLength(1);
    }
    // The same browser without its bookmark reads the lagging replica: no order.
    shopper.forget(BOOKMARK_COOKIE);
    const lagging = await (await shopper.send("/api/order/user")).json<{ success: boolean; orders?: unknown[] }>();
    expect(lagging.orders ?? []).toHaveLength(0);

    // Once the replica catches up, everyone sees it.
    await db.catchUp();
    const caughtUp = await (await shopper.send("/api/order/user")).json<{ orders: unknown[] }>();
    expect(caughtUp.orders).toHaveLength(1);
  });

  it("the seller sees the product they just switched off", async () => {
    const seller = browser(db);
    expect((await seller.send("/api/seller/login", { method: "POST", json: { email: env.SELLER_EMAIL, password: env.SELLER_PASSWORD } })).status).toBe(200);
    expect((await seller.send("/api/product/stock", { method: "POST", json: { id: productId, inStock: false } })).status).toBe(200);
    const inStock = async () =>
      (await (await seller.send("/api/product/seller-list?limit=10")).json<{ products: { _id: string; inStock: boolean }[] }>()).products.find(
        (p) => p._id === productId,
      )?.inStock;
    expect(await inStock()).toBe(false);
    seller.forget(BOOKMARK_COOKIE);
    expect(await inStock()).toBe(true);
  });
});
