/**
 * The catalogue's version (ADR 059): the schema's triggers move it with every change anonymous
 * visitors can see, whoever makes it, and the edge cache keys on it, so such a change is seen at
 * once; a count that only goes down above the low-stock line leaves the cached pages alone.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOW_STOCK_SHOWN } from "@shared/cart";
import { insertProduct } from "../support/builders";
import { catalogVersion } from "../support/catalog-version";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp } from "../support/shoppers";

/** The columns of `products` whose change shoppers see, each with a new value to write. */
const SHOWN: Record<string, string | number> = {
  name: "'Renamed'",
  category: "'Dairy'",
  description: `'["new line"]'`,
  price_paise: 99_900,
  offer_price_paise: 100,
  images: `'["products/other.webp"]'`,
  weight: "'2 kg'",
  in_stock: 0,
  country_of_origin: "'Nepal'",
  manufacturer: "'Someone else'",
  shelf_life: "'1 day'",
  gst_rate: 1800,
  max_per_order: 3,
  hsn: "'0713'",
};
/** The columns shoppers do not see, or see only through `in_stock` (the count near the low-stock line is checked below). */
const NOT_SHOWN = ["id", "stock", "switched_off", "created_at", "updated_at"];

const bumped = async (change: () => Promise<unknown>) => {
  const before = await catalogVersion();
  await change();
  return (await catalogVersion()) - before;
};

describe("the catalogue's version follows what shoppers see", () => {
  it("every column of products is either one shoppers see (and moves the version) or known not to be", async () => {
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('products')").all<{ name: string }>()).results.map((c) => c.name);
    expect(
      columns.filter((name) => !(name in SHOWN) && !NOT_SHOWN.includes(name)),
      "columns to add to the trigger (migrations 0022, 0024) or to NOT_SHOWN",
    ).toEqual([]);
    for (const [column, value] of Object.entries(SHOWN)) {
      const product = await insertProduct({ stock: null });
      expect(await bumped(() => env.DB.prepare(`UPDATE products SET ${column} = ${value} WHERE id = ?`).bind(product.id).run()), column).toBeGreaterThan(0);
    }
  });

  it("a product added or deleted, the settings, the search words: each moves it; a write that changes nothing does not", async () => {
    const seller = await sellerLogin();
    let id = "";
    expect(await bumped(async () => (id = (await insertProduct()).id))).toBeGreaterThan(0);
    expect(await bumped(() => env.DB.prepare("UPDATE products SET name = name WHERE id = ?").bind(id).run())).toBe(0);
    expect(await bumped(() => postJson("/api/seller/search-words", { term: "seb", meaning: "apple" }, { Cookie: seller }))).toBeGreaterThan(0);
    const settings = await json<{ settings: unknown }>(await call("/api/seller/settings", { headers: { Cookie: seller } }));
    expect(await bumped(() => postJson("/api/seller/settings", settings.settings, { Cookie: seller }))).toBeGreaterThan(0);
    expect(await bumped(() => postJson("/api/product/delete", { id }, { Cookie: seller }))).toBeGreaterThan(0);
  });

  it("orders: a count that stays above the low-stock line leaves it; one at or below it, or a sell-out, moves it", async () => {
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const plenty = await insertProduct({ name: "Plenty Plum", stock: LOW_STOCK_SHOWN + 5 });
    const order = (product: string, quantity: number) => postJson("/api/order/cod", { items: [{ product, quantity }], address }, { Cookie: shopper.cookie });
    expect(await bumped(() => order(plenty.id, 4))).toBe(0); // 10 → 6
    expect(await bumped(() => order(plenty.id, 1))).toBeGreaterThan(0); // 6 → 5: "Only 5 left"
    expect(await bumped(() => order(plenty.id, 5))).toBeGreaterThan(0); // sold out
  });

  it("40 changes at once: each moves it, none is lost", async () => {
    const made = await Promise.all(Array.from({ length: 40 }, (_, i) => insertProduct({ name: `Burst ${i}` })));
    const before = await catalogVersion();
    await Promise.all(made.map((p) => env.DB.prepare("UPDATE products SET price_paise = price_paise + 100 WHERE id = ?").bind(p.id).run()));
    expect((await catalogVersion()) - before).toBe(40);
  });
});

describe("the edge cache keys on parts the client cannot write", () => {
  it("a query naming the version or the pincode is part of the path's query, never of the key's parts", async () => {
    const path = `/api/product/list?limit=3&walk=${crypto.randomUUID()}`;
    const version = await catalogVersion();
    // A request dressed as the cached copy of another version and pincode (issue 35).
    const forged = await call(`${path}&__catalog=test-build.${version}&__pincode=560034`);
    expect(forged.headers.get("x-edge-cache")).toBe("MISS");
    await forged.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const honest = await call(path, { headers: { Cookie: "pincode=560034" } });
    expect(honest.headers.get("x-edge-cache")).toBe("MISS");
    await honest.arrayBuffer();
  });
});
