import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { placeOrder } from "@worker/services/orders";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp } from "../support/shoppers";

async function count(table: string) {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

describe("concurrency", () => {
  it("50 concurrent orders for the last unit of a counted product: exactly one succeeds", async () => {
    const last = await insertProduct({ name: "Last Mango", stock: 1 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => signUp()));
    const addresses = await Promise.all(shoppers.map((s) => addAddress(s)));
    const responses = await Promise.all(
      shoppers.map((s, i) => postJson("/api/order/cod", { items: [{ product: last.id, quantity: 1 }], address: addresses[i] }, { Cookie: s.cookie })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await count("orders")).toBe(1);
    expect(await count("order_items")).toBe(1);
    const row = await env.DB.prepare("SELECT stock, in_stock FROM products WHERE id = ?").bind(last.id).first();
    expect(row).toEqual({ stock: 0, in_stock: 0 });
  }, 60_000);

  it("the seller switching stock off during 10 in-flight checkouts leaves no half-written order", async () => {
    const apple = await insertProduct({ name: "Apple" });
    const seller = await sellerLogin();
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUp()));
    const addresses = await Promise.all(shoppers.map((s) => addAddress(s)));
    const [toggle, ...orders] = await Promise.all([
      postJson("/api/product/stock", { id: apple.id, inStock: false }, { Cookie: seller }),
      ...shoppers.map((s, i) => postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address: addresses[i] }, { Cookie: s.cookie })),
    ]);
    expect(toggle!.status).toBe(200);
    const placed = orders.filter((r) => r.status === 201).length;
    expect(orders.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    // Every order that exists is whole: one item row each, none without its order.
    expect(await count("orders")).toBe(placed);
    expect(await count("order_items")).toBe(placed);
  }, 60_000);
});

describe("faults", () => {
  it("D1 failing on the second statement of an order writes nothing; a retry makes one order", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    // Wrap the D1 seam: the batch's second statement is replaced by one that fails.
    const failingD1 = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") {
          return (statements: D1PreparedStatement[]) =>
            target.batch(statements.map((s, i) => (i === 1 ? target.prepare("INSERT INTO no_such_table VALUES (1)") : s)));
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const user = { id: shopper.id };
    const body = { items: [{ product: apple.id, quantity: 2 }], address, idempotencyKey: "fault-retry-0001" };
    await expect(placeOrder({ db: getDb({ DB: failingD1 }), env }, user, body, "COD")).rejects.toThrow();
    expect(await count("orders")).toBe(0);
    expect(await count("order_items")).toBe(0);

    const retry = await placeOrder({ db: getDb(env), env }, user, body, "COD");
    const again = await placeOrder({ db: getDb(env), env }, user, body, "COD");
    expect(retry.created).toBe(true);
    expect(again.order.id).toBe(retry.order.id);
    expect(await count("orders")).toBe(1);
  });

  it("a wrong method on an API path is 405 with Allow; malformed JSON is a short 400, never a stack trace", async () => {
    const wrong = await call("/api/product/list", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
    expect((await json(wrong)).success).toBe(false);
    const malformed = await postJson("/api/user/login", '{"email": ');
    expect(malformed.status).toBe(400);
    const text = await malformed.text();
    expect(text).not.toMatch(/at \w+ \(|node_modules|SyntaxError/);
  });

  it("API paths like /api/debug, /api/.env and source maps are 404", async () => {
    // Page paths (/.env, /.dev.vars, *.map) are covered by the browser suite against the real build.
    for (const path of ["/api/debug", "/api/.env", "/api/index.js.map"]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      await response.text();
    }
  });
});
