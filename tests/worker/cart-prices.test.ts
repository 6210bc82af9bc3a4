/**
 * What the phone's cart bar and the price badges add up (shared/money.ts), and where the prices
 * come from: the shopper state every page's first HTML carries (worker/web/shopper-state.ts), for
 * a guest's cookie cart and a signed-in shopper's saved cart alike.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { serializeCart } from "@worker/web/cart-cookie";
import { itemsTotal, savingsOf } from "@shared/money";
import { getDb } from "@worker/db/client";
import { lookupShopper } from "@worker/web/shopper-state";
import { insertProduct } from "../support/builders";
import { ORIGIN, postJson } from "../support/http";
import { signUp } from "../support/shoppers";

describe("savings against the MRP", () => {
  it("the amount saved and the whole percentage off, rounded down (never more than the shopper saves)", () => {
    expect(savingsOf(120_00, 110_00)).toEqual({ saved: 10_00, percentOff: 8 }); // 8.33 %
    expect(savingsOf(100_00, 50_00)).toEqual({ saved: 50_00, percentOff: 50 });
    expect(savingsOf(300_00, 299_99)).toEqual({ saved: 1, percentOff: 0 });
  });

  it("no saving when the offer is the MRP or above it", () => {
    expect(savingsOf(100_00, 100_00)).toBeNull();
    expect(savingsOf(100_00, 120_00)).toBeNull();
  });
});

describe("the cart bar's total", () => {
  it("adds the lines whose price is known, at offer prices", () => {
    expect(itemsTotal({ a: 2, b: 1 }, { a: 110_00, b: 45_50 })).toBe(265_50);
    // A line without a price (out of stock, gone) is not counted, as in the cart page's totals.
    expect(itemsTotal({ a: 2, gone: 3 }, { a: 110_00 })).toBe(220_00);
    expect(itemsTotal({}, {})).toBe(0);
  });
});

describe("prices in every page's shopper state", () => {
  const lookup = (cookie: string) => lookupShopper(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }), { env, db: getDb(env) });

  it("a guest's cookie cart: the products on sale, priced; out of stock and unknown ones left out", async () => {
    const onSale = await insertProduct({ offerPricePaise: 45_00 });
    const soldOut = await insertProduct({ inStock: false });
    const cart = { [onSale.id]: 2, [soldOut.id]: 1, "no-such-product": 1 };
    const state = await lookup(`cart=${serializeCart(cart)}`).state();
    expect(state.user).toBeNull();
    expect(state.prices).toEqual({ [onSale.id]: 45_00 });
  });

  it("a 100-line guest cart is priced in one query (the cart is one parameter)", async () => {
    const products = [];
    for (let i = 0; i < 100; i++) products.push(await insertProduct({ offerPricePaise: 1_00 + i }));
    const state = await lookup(`cart=${serializeCart(Object.fromEntries(products.map((p) => [p.id, 1])))}`).state();
    expect(Object.keys(state.prices)).toHaveLength(100);
  });

  it("a signed-in shopper's saved cart comes priced with the account", async () => {
    const apple = await insertProduct({ pricePaise: 120_00, offerPricePaise: 110_00 });
    const soldOut = await insertProduct({ inStock: false });
    const shopper = await signUp();
    expect((await postJson("/api/cart/update", { cartItems: { [apple.id]: 3, [soldOut.id]: 1 } }, { Cookie: shopper.cookie })).status).toBe(200);
    const state = await lookup(shopper.cookie).state();
    expect(state.user?.id).toBe(shopper.id);
    expect(state.cart).toEqual({ [apple.id]: 3, [soldOut.id]: 1 });
    expect(state.prices).toEqual({ [apple.id]: 110_00 });
  });

  it("an empty cart has no prices", async () => {
    const state = await lookup("").state();
    expect(state).toEqual({ user: null, cart: {}, prices: {} });
  });
});

describe("the cart's lines keep the order they were added in", () => {
  it("a saved cart reads back in its own order, not the products' (newest last, as the cart lists them)", async () => {
    // Ids whose sort order is the reverse of the order added: a read in key order would swap them.
    const added = [await insertProduct({ id: `z-${crypto.randomUUID()}` }), await insertProduct({ id: `a-${crypto.randomUUID()}` })];
    const shopper = await signUp();
    const saved = await postJson("/api/cart/update", { cartItems: { [added[0]!.id]: 1, [added[1]!.id]: 2 } }, { Cookie: shopper.cookie });
    expect(saved.status).toBe(200);
    const state = await lookupShopper(new Request(`${ORIGIN}/`, { headers: { Cookie: shopper.cookie } }), { env, db: getDb(env) }).state();
    expect(Object.keys(state.cart)).toEqual(added.map((product) => product.id));
  });
});
