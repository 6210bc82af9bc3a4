/**
 * The seller's limit per order (issue 39): set on the product (form, API, CSV), carried on its cards,
 * and held by the order: more than it is refused with 409, and Order again adds no more than it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { lineLimit, mostPerOrder, stockBinds } from "@shared/cart";
import { toProductCard } from "@worker/services/catalog";
import { call, json, postJson } from "../support/http";
import { insertProduct } from "../support/builders";
import { catalogVersion } from "../support/catalog-version";
import { postForm, productForm, sellerLogin, VALID_PRODUCT } from "../support/seller";
import { addAddress, signUp } from "../support/shoppers";

describe("the most one order may hold", () => {
  it("is the least of the seller's limit, the counted stock and 99; the stock is the reason only when it binds first", () => {
    expect(mostPerOrder({ stock: null, maxPerOrder: null })).toBe(99);
    expect(mostPerOrder({ stock: 7, maxPerOrder: 2 })).toBe(2);
    expect(mostPerOrder({ stock: 1, maxPerOrder: 2 })).toBe(1);
    expect(stockBinds({ stock: 7, maxPerOrder: 2 })).toBe(false);
    expect(stockBinds({ stock: 2, maxPerOrder: 2 })).toBe(false); // at a tie, the limit is the reason
    expect(stockBinds({ stock: 1, maxPerOrder: 2 })).toBe(true);
    expect(stockBinds({ stock: null, maxPerOrder: null })).toBe(false); // 99, the most any order holds
    expect(stockBinds({ stock: 150, maxPerOrder: null })).toBe(false);
    expect(stockBinds({ stock: 3, maxPerOrder: null })).toBe(true);
    expect(lineLimit({ available: false, product: { stock: 5, maxPerOrder: 2 } })).toBeNull();
  });

  it("the seller sets it through the API; an edit without it keeps it, an empty one clears it; a bad one is a 400 that changes nothing", async () => {
    const seller = await sellerLogin();
    const added = await postForm("/api/product/add", productForm({ ...VALID_PRODUCT, maxPerOrder: 2 }), { Cookie: seller });
    expect(added.status).toBe(201);
    const { product } = await json<{ product: { _id: string; maxPerOrder: number | null } }>(added);
    expect(product.maxPerOrder).toBe(2);
    const edit = (data: Record<string, unknown>) => {
      const form = productForm({ ...VALID_PRODUCT, ...data }, []);
      form.set("id", product._id);
      return postForm("/api/product/update", form, { Cookie: seller });
    };
    expect((await json<{ product: object }>(await edit({ name: "Basil" }))).product).toMatchObject({ maxPerOrder: 2 });
    for (const bad of [0, 100, 2.5, "two", -1]) {
      const refused = await edit({ maxPerOrder: bad });
      expect(refused.status, String(bad)).toBe(400);
      expect((await json<{ msg: string }>(refused)).msg).toBe("The most per order is a whole number from 1 to 99, or empty for no limit");
    }
    expect((await json<{ product: object }>(await edit({ maxPerOrder: "" }))).product).toMatchObject({ maxPerOrder: null });
  });

  it("rides on the product's cards, and a change moves the catalogue's version (cached listings follow)", async () => {
    const seller = await sellerLogin();
    const lychee = await insertProduct({ name: "Lychee", stock: 40 });
    expect(toProductCard({ ...lychee, maxPerOrder: 3 })).toMatchObject({ left: null, maxPerOrder: 3 });
    const before = await catalogVersion();
    const form = productForm({ ...VALID_PRODUCT, name: "Lychee", maxPerOrder: 3 }, []);
    form.set("id", lychee.id);
    expect((await postForm("/api/product/update", form, { Cookie: seller })).status).toBe(200);
    expect(await catalogVersion()).toBeGreaterThan(before);
  });

  it("a card's + and the product page name why no more can be added: the limit, the few left, or the 99 one order holds at most", async () => {
    const limited = await insertProduct({ name: "Limited Lime", maxPerOrder: 2 });
    const few = await insertProduct({ name: "Few Figs", stock: 3 });
    const plenty = await insertProduct({ name: "Plenty Pear" });
    const cart = `cart=${encodeURIComponent(`${limited.id}:2,${few.id}:3,${plenty.id}:99`)}`;
    const html = await (await call("/products", { headers: { Cookie: cart } })).text();
    expect(html).toContain('aria-label="Add one more Limited Lime (at most 2 per order)"');
    expect(html).toContain('aria-label="Add one more Few Figs (all 3 left are in your cart)"');
    expect(html).toContain('aria-label="Add one more Plenty Pear (at most 99 per order)"');
    // The product page says the same of each (its in-cart line, drawn with the page).
    const inCart = async (id: string) =>
      (await (await call(`/products/vegetables/${id}`, { headers: { Cookie: cart } })).text())
        .match(/data-testid="in-cart"[^>]*>(.*?) ·/)?.[1]
        ?.replace(/<!-- -->/g, "");
    expect(await inCart(limited.id)).toBe("2 in your cart: the most per order");
    expect(await inCart(few.id)).toBe("3 in your cart: all that is left");
    expect(await inCart(plenty.id)).toBe("99 in your cart: the most per order");
  });

  it("an order over it is refused with 409 and the reason, changing nothing; at it, the order goes", async () => {
    const butter = await insertProduct({ name: "Amul Butter 100 g", stock: 20, maxPerOrder: 2 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const order = (quantity: number) => postJson("/api/order/cod", { items: [{ product: butter.id, quantity }], address }, { Cookie: shopper.cookie });
    const refused = await order(3);
    expect(refused.status).toBe(409);
    expect((await json<{ msg: string }>(refused)).msg).toBe("At most 2 Amul Butter 100 g per order");
    expect((await json<{ orders: unknown[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }))).orders).toEqual([]);
    expect((await order(2)).status).toBe(201);
  });

  it("Order again adds no more than it, and says so", async () => {
    const butter = await insertProduct({ name: "Amul Butter 100 g", stock: 20 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const placed = await postJson("/api/order/cod", { items: [{ product: butter.id, quantity: 5 }], address }, { Cookie: shopper.cookie });
    const { orderId } = await json<{ orderId: string }>(placed);
    expect((await postJson("/api/cart/update", { cartItems: {} }, { Cookie: shopper.cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE products SET max_per_order = 2 WHERE id = ?").bind(butter.id).run();
    const again = await postJson("/api/order/again", { orderId }, { Cookie: shopper.cookie });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ cartItems: { [butter.id]: 2 }, limited: [{ name: "Amul Butter 100 g", quantity: 2 }] });
  });
});
