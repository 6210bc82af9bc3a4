// Bulk stock changes (worker/services/bulk-stock.ts, POST /api/product/bulk-stock): one D1 batch,
// the rules of the single switch (ADR 019), and one refresh of the cached catalogue for the whole
// change (ADR 024). Real local D1, KV and the real purge Durable Object.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@worker/db/client";
import { products } from "@worker/db/schema";
import { setStockInBulk } from "@worker/services/bulk-stock";
import { db, insertProduct } from "../support/builders";
import { catalogVersion } from "../support/catalog-version";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { signUp } from "../support/shoppers";

/** Whether the coalescer has a second write scheduled: a second purge request within its second would set one. */

afterEach(() => {
  vi.restoreAllMocks();
});

/** D1 round trips through a binding: each batch one, each statement run outside a batch one. */
function countingBinding(real: D1Database): { binding: D1Database; trips: () => number } {
  let trips = 0;
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const counted = <T>(run: () => Promise<T>) => {
      trips++;
      return run();
    };
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      all: () => counted(() => statement.all()),
      raw: (options?: { columnNames?: boolean }) => counted(() => statement.raw(options as { columnNames: true })),
      first: (column?: string) => counted(() => (column === undefined ? statement.first() : statement.first(column))),
      run: () => counted(() => statement.run()),
    };
    unwrapped.set(wrapped, statement);
    return wrapped as unknown as D1PreparedStatement;
  };
  const binding = {
    prepare: (sql: string) => wrap(real.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      trips++;
      return real.batch(statements.map((s) => unwrapped.get(s) ?? s));
    },
  };
  return { binding: binding as unknown as D1Database, trips: () => trips };
}

async function rows(ids: string[]) {
  return db().select().from(products).where(inArray(products.id, ids)).orderBy(products.name);
}

async function bulk(body: unknown, cookie?: string) {
  return postJson("/api/product/bulk-stock", body, cookie ? { Cookie: cookie } : {});
}

describe("POST /api/product/bulk-stock", () => {
  it("switches 20 products out of stock in one D1 round trip; the catalogue's version moves with it", async () => {
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => insertProduct({ name: `Bulk ${String(i).padStart(2, "0")}` })));
    const ids = made.map((p) => p.id);
    const counter = countingBinding(env.DB);
    const before = await catalogVersion();

    const result = await setStockInBulk(getDb({ DB: counter.binding }), { ids, set: "out-of-stock" });

    expect(result).toEqual({ change: "out-of-stock", changed: 20, unchanged: 0, soldOut: 0, missing: 0 });
    expect(counter.trips()).toBe(1);
    expect((await rows(ids)).every((p) => p.switchedOff && !p.inStock)).toBe(true);
    expect(await catalogVersion()).toBeGreaterThan(before);
    // Shoppers no longer see them.
    const list = await json<{ products: unknown[] }>(await call("/api/product/list?inStock=true"));
    expect(list.products).toHaveLength(0);
  });

  it("through the API: switched back on, except a sold-out product, which is reported; a product switched off keeps its switch when given a count", async () => {
    const cookie = await sellerLogin();
    const counted = await insertProduct({ name: "A counted", stock: 5, switchedOff: true, inStock: false });
    const soldOut = await insertProduct({ name: "B sold out", stock: 0, inStock: false });
    const open = await insertProduct({ name: "C uncounted", stock: null, switchedOff: true, inStock: false });

    const on = await bulk({ ids: [counted.id, soldOut.id, open.id], set: "in-stock" }, cookie);
    expect(on.status).toBe(200);
    const body = await json<{ success: boolean; msg: string; changed: number; soldOut: number }>(on);
    expect(body).toMatchObject({ success: true, changed: 2, soldOut: 1 });
    expect(body.msg).toBe("2 products switched on; 1 sold out: set a stock count first");
    expect((await rows([counted.id, soldOut.id, open.id])).map((p) => [p.name, p.inStock])).toEqual([
      ["A counted", true],
      ["B sold out", false],
      ["C uncounted", true],
    ]);

    // A count of 0 takes them off sale (the schema's trigger), a count of 7 puts the sold-out one back.
    const zero = await json<{ changed: number }>(await bulk({ ids: [counted.id, open.id], set: "count", count: 0 }, cookie));
    expect(zero.changed).toBe(2);
    expect((await rows([counted.id, open.id])).map((p) => [p.stock, p.inStock])).toEqual([
      [0, false],
      [0, false],
    ]);
    await db().update(products).set({ switchedOff: true }).where(eq(products.id, open.id));
    const seven = await json<{ changed: number }>(await bulk({ ids: [counted.id, soldOut.id, open.id], set: "count", count: "7" }, cookie));
    expect(seven.changed).toBe(3);
    expect((await rows([counted.id, soldOut.id, open.id])).map((p) => [p.name, p.stock, p.inStock])).toEqual([
      ["A counted", 7, true],
      ["B sold out", 7, true],
      ["C uncounted", 7, false], // switched off by hand: a count does not switch it on
    ]);
  });

  it("a change that changes nothing leaves the catalogue's version; ids deleted meanwhile are reported as missing", async () => {
    const cookie = await sellerLogin();
    const off = await insertProduct({ name: "Already off", switchedOff: true, inStock: false });
    const before = await catalogVersion();
    const response = await bulk({ ids: [off.id, "no-such-product"], set: "out-of-stock" }, cookie);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ changed: 0, unchanged: 1, missing: 1, msg: "0 products switched off; 1 already off; 1 not found" });
    expect(await catalogVersion()).toBe(before);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const cookie = await sellerLogin();
    const product = await insertProduct({ name: "Untouched", stock: 3 });
    const cases: [unknown, RegExp][] = [
      [{ ids: [], set: "out-of-stock" }, /Select at least one product/],
      [{ set: "out-of-stock" }, /Select the products/],
      [{ ids: Array.from({ length: 101 }, (_, i) => `p${i}`), set: "out-of-stock" }, /at most 100/],
      [{ ids: [product.id], set: "sideways" }, /in stock, out of stock or a stock count/],
      [{ ids: [product.id], set: "count" }, /Enter the stock count/],
      [{ ids: [product.id], set: "count", count: "" }, /Enter the stock count/],
      [{ ids: [product.id], set: "count", count: -1 }, /cannot be negative/],
      [{ ids: [product.id], set: "count", count: 2.5 }, /whole number/],
      [{ ids: [product.id], set: "out-of-stock", count: 4 }, /count/],
      ["[not json", /not valid JSON/],
    ];
    for (const [body, message] of cases) {
      const response = await bulk(body, cookie);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ msg: string }>(response)).msg, JSON.stringify(body)).toMatch(message);
    }
    const [after] = await rows([product.id]);
    expect(after).toMatchObject({ stock: 3, inStock: true, switchedOff: false });
  });

  it("refuses anyone but the seller (401) and a cross-site post (403)", async () => {
    const product = await insertProduct({ name: "Guarded" });
    const shopper = await signUp();
    const seller = await sellerLogin();
    const body = { ids: [product.id], set: "out-of-stock" };
    expect((await bulk(body)).status).toBe(401);
    expect((await bulk(body, shopper.cookie)).status).toBe(401);
    expect((await postJson("/api/product/bulk-stock", body, { Cookie: seller, Origin: "https://evil.example" })).status).toBe(403);
    const wrongType = await call("/api/product/bulk-stock", {
      method: "POST",
      headers: { Cookie: seller, "Content-Type": "text/plain", Origin: "http://localhost:8787" },
      body: "x",
    });
    expect(wrongType.status).toBe(415);
    expect((await rows([product.id]))[0]).toMatchObject({ inStock: true, switchedOff: false });
  });
});
