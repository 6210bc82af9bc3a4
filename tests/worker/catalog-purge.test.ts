// The catalogue version key is written at most once a second, whatever the burst of changes, and
// the last change always lands (worker/catalog-purge.ts, ADR 024). Real local KV and a real
// Durable Object with its alarm; the spy only records the KV writes and lets them through.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MIN_GAP_MS } from "@worker/catalog-purge";
import { catalogChanged } from "@worker/services/catalog-refresh";
import { insertProduct } from "../support/builders";
import { CATALOG_VERSION_KEY, catalogPurgeStub, recordVersionWrites } from "../support/catalog-purge";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";

afterEach(() => {
  vi.restoreAllMocks();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait (up to `ms`) until `written` has `count` entries: the coalescer's alarm runs on real time. */
async function waitForWrites(written: number[], count: number, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (written.length < count && Date.now() < until) await sleep(50);
}

function expectSpacedBySecond(written: number[]) {
  for (let i = 1; i < written.length; i++) expect(written[i]! - written[i - 1]!, `write ${i}`).toBeGreaterThanOrEqual(MIN_GAP_MS);
}

async function scheduledAlarm(): Promise<number | null> {
  return runInDurableObject(catalogPurgeStub(), (_instance, state) => state.storage.getAlarm());
}

describe("purges of the cached catalogue are coalesced to KV's one write a second per key", () => {
  it("a burst of 40 simultaneous changes writes the version once at once and once more a second later, stamped after the last change", async () => {
    const written = recordVersionWrites();
    const startedAt = Date.now();
    await Promise.all(Array.from({ length: 40 }, () => catalogChanged(env)));
    const lastChangeAt = Date.now();
    expect(lastChangeAt - startedAt).toBeLessThan(MIN_GAP_MS); // it was a burst
    expect(written).toHaveLength(1);
    expect(await scheduledAlarm()).toBe(written[0]! + MIN_GAP_MS);

    await waitForWrites(written, 2);
    await sleep(300); // nothing else follows
    expect(written).toHaveLength(2);
    expectSpacedBySecond(written);
    expect(written[1]).toBeGreaterThanOrEqual(lastChangeAt);
    expect(Number(await env.SESSIONS.get(CATALOG_VERSION_KEY))).toBe(written[1]);
    expect(await scheduledAlarm()).toBeNull();
  });

  it("changes every 100 ms for over two seconds: each write at least a second after the one before, and the last change lands", async () => {
    const written = recordVersionWrites();
    const startedAt = Date.now();
    let lastChangeAt = 0;
    while (Date.now() - startedAt < 2300) {
      await catalogChanged(env);
      lastChangeAt = Date.now();
      await sleep(100);
    }
    await waitForWrites(written, written.length + 1, 1500);
    await sleep(300);
    // 2.3 s of changes: at most one write per started second, plus the one that covers the tail.
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeLessThanOrEqual(4);
    expectSpacedBySecond(written);
    expect(written.at(-1)).toBeGreaterThanOrEqual(lastChangeAt);
    expect(await scheduledAlarm()).toBeNull();
  });

  it("a change after a quiet second is written before its caller goes on", async () => {
    const written = recordVersionWrites();
    await catalogChanged(env);
    expect(written).toHaveLength(1);
    await sleep(MIN_GAP_MS + 50);
    await catalogChanged(env);
    expect(written).toHaveLength(2);
    expect(await scheduledAlarm()).toBeNull();
  });

  it("a burst of seller edits: the seller reads each change at once, anonymous visitors get the last one within a second", async () => {
    const product = await insertProduct({ name: "Busy Banana" });
    const seller = await sellerLogin();
    const written = recordVersionWrites();
    const stock = async (inStock: boolean) => expect((await postJson("/api/product/stock", { id: product.id, inStock }, { Cookie: seller })).status).toBe(200);
    const anonymous = async () => {
      const response = await call("/api/product/list?limit=3");
      return { state: response.headers.get("x-edge-cache"), inStock: (await json<{ products: { inStock: boolean }[] }>(response)).products[0]!.inStock };
    };
    const sellerSees = async () =>
      (await json<{ products: { inStock: boolean }[] }>(await call("/api/product/list?limit=3", { headers: { Cookie: seller } }))).products[0]!.inStock;

    await stock(false); // written at once
    expect(await anonymous()).toEqual({ state: "MISS", inStock: false });
    await sleep(50); // the cache write happens after the response
    for (const inStock of [true, false, true, false, true]) {
      await stock(inStock);
      expect(await sellerSees()).toBe(inStock); // the seller's list is read live, never from the cache
    }
    expect(written).toHaveLength(1);
    expect(await anonymous()).toEqual({ state: "HIT", inStock: false }); // the rest is coalesced into the next write

    await waitForWrites(written, 2);
    expect(await anonymous()).toEqual({ state: "MISS", inStock: true });
    expectSpacedBySecond(written);
  });
});
