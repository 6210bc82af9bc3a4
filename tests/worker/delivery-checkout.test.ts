/**
 * The checkout (worker/services/checkout.ts, the one path of the API's COD and card orders and the
 * cart page's form) against the store's settings: an address outside the delivery area is refused
 * with a clear 409 that changes nothing (no order, stock and cart as they were, no Stripe
 * session); the tax is the store's rate, and an order keeps the rate it was charged.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { submitCheckout } from "@worker/web/checkout-form";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { pageContext, pageForm, saveSettings } from "../support/settings";
import { addAddress, signUp, VALID_ADDRESS, type Shopper } from "../support/shoppers";
import { fakeStripe } from "../support/stripe";

const OUTSIDE = "We don't deliver to 400001 yet: we deliver only within Karnataka. Please choose another address.";
const MUMBAI = { ...VALID_ADDRESS, street: "1 Marine Drive", city: "Mumbai", state: "Maharashtra", zipCode: "400001" };

beforeEach(async () => {
  await fakeStripe.reset();
});

async function snapshot(shopper: Shopper, productId: string) {
  const stock = await env.DB.prepare("SELECT stock, in_stock FROM products WHERE id = ?").bind(productId).first();
  const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
  const items = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_items").first<{ n: number }>();
  const me = await json<{ user: { cartItems: unknown } }>(await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } }));
  return { stock, orders: orders!.n, items: items!.n, cart: me.user.cartItems, stripeSessions: (await fakeStripe.sessionsOf(shopper.email)).length };
}

async function shopperWithCart(address: Record<string, unknown>) {
  const basil = await insertProduct({ name: "Basil", stock: 5, pricePaise: 5000, offerPricePaise: 4000 });
  const shopper = await signUp();
  const addressId = await addAddress(shopper, address);
  await postJson("/api/cart/update", { cartItems: { [basil.id]: 2 } }, { Cookie: shopper.cookie });
  return { basil, shopper, addressId, order: { items: [{ product: basil.id, quantity: 2 }], address: addressId } };
}

describe("an order to an address outside the delivery area", () => {
  it("is refused on every path (COD and card through the API, the cart page's form) with 409 and the reason, changing nothing", async () => {
    const { basil, shopper, order } = await shopperWithCart(MUMBAI);
    const before = await snapshot(shopper, basil.id);
    expect(before).toMatchObject({ stock: { stock: 5, in_stock: 1 }, orders: 0, cart: { [basil.id]: 2 } });

    for (const path of ["/api/order/cod", "/api/order/stripe"]) {
      const refused = await postJson(path, order, { Cookie: shopper.cookie });
      expect(refused.status, path).toBe(409);
      expect(await json(refused), path).toMatchObject({ success: false, msg: OUTSIDE });
    }
    for (const paymentType of ["COD", "Online"]) {
      const form = pageForm("/cart?checkout", { paymentType, items: JSON.stringify(order.items), address: order.address }, { cookie: shopper.cookie });
      const refused = await submitCheckout(form, await pageContext(form)).catch((error: unknown) => error);
      expect(refused, paymentType).toMatchObject({ status: 409, message: OUTSIDE });
    }
    expect(await snapshot(shopper, basil.id)).toEqual(before);
  });

  it("follows the settings: once the seller moves the store to Maharashtra, Mumbai is served and Bengaluru is not", async () => {
    const mumbai = await shopperWithCart(MUMBAI);
    const bengaluru = await shopperWithCart(VALID_ADDRESS);
    await saveSettings(await sellerLogin(), { state: "Maharashtra", expressPincodes: [{ pincode: "400001", etaMinutes: 20 }] });

    expect((await postJson("/api/order/cod", mumbai.order, { Cookie: mumbai.shopper.cookie })).status).toBe(201);
    const refused = await postJson("/api/order/cod", bengaluru.order, { Cookie: bengaluru.shopper.cookie });
    expect(refused.status).toBe(409);
    expect((await json(refused)).msg).toBe("We don't deliver to 560001 yet: we deliver only within Maharashtra. Please choose another address.");
  });

  it("an address whose PIN is in the state but which names another state is not sent out on a guess", async () => {
    const { shopper, basil } = await shopperWithCart(VALID_ADDRESS);
    // Saved before Indian addresses were checked: a Karnataka PIN under another state's name.
    const legacy = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO addresses (id, user_id, first_name, last_name, email, street, city, state, zip_code, country, phone, created_at) VALUES (?, ?, 'A', 'R', 'a@example.com', '1 Road', 'Chennai', 'Tamil Nadu', '560001', 'India', '9876543210', 1)",
    )
      .bind(legacy, shopper.id)
      .run();
    const refused = await postJson("/api/order/cod", { items: [{ product: basil.id, quantity: 1 }], address: legacy }, { Cookie: shopper.cookie });
    expect(refused.status).toBe(409);
  });
});

describe("the tax the store charges", () => {
  it("is the store's rate; each order keeps the rate it was charged at", async () => {
    const seller = await sellerLogin();
    const { shopper, order } = await shopperWithCart(VALID_ADDRESS);

    // 2 × ₹40 = ₹80 at the default 2%: ₹1.60.
    const first = await json<{ orderId: string }>(await postJson("/api/order/cod", order, { Cookie: shopper.cookie }));
    await saveSettings(seller, { taxPercent: 5.5 });
    await postJson("/api/cart/update", { cartItems: { [order.items[0]!.product]: 2 } }, { Cookie: shopper.cookie });
    // At 5.5%: ₹4.40.
    const second = await json<{ orderId: string }>(await postJson("/api/order/cod", order, { Cookie: shopper.cookie }));

    const rows = await env.DB.prepare("SELECT id, tax_paise, tax_basis_points, amount_paise FROM orders").all();
    expect(rows.results).toEqual(
      expect.arrayContaining([
        { id: first.orderId, tax_paise: 160, tax_basis_points: 200, amount_paise: 8160 },
        { id: second.orderId, tax_paise: 440, tax_basis_points: 550, amount_paise: 8440 },
      ]),
    );
    const listed = await json<{ orders: { _id: string; tax: number; taxPercent: number }[] }>(
      await call("/api/order/user", { headers: { Cookie: shopper.cookie } }),
    );
    expect(listed.orders.map((o) => [o._id, o.tax, o.taxPercent])).toEqual([
      [second.orderId, 4.4, 5.5],
      [first.orderId, 1.6, 2],
    ]);
  });

  it("names the rate on Stripe's tax line", async () => {
    await saveSettings(await sellerLogin(), { taxPercent: 12 });
    const { shopper, order } = await shopperWithCart(VALID_ADDRESS);
    const response = await postJson("/api/order/stripe", order, { Cookie: shopper.cookie });
    expect(response.status).toBe(201);
    const [session] = await fakeStripe.sessionsOf(shopper.email);
    expect(session!.line_items).toContainEqual({ name: "Tax (12%)", unit_amount: 960, quantity: 1 });
  });
});

describe("the cart page's Place Order from a tab left open", () => {
  const placeByForm = async (shopper: Shopper, order: { items: unknown; address: string }, idempotencyKey: string) => {
    const form = pageForm(
      "/cart?checkout",
      { paymentType: "COD", items: JSON.stringify(order.items), address: order.address, idempotencyKey },
      { cookie: shopper.cookie },
    );
    return submitCheckout(form, await pageContext(form)).catch((error: unknown) => error);
  };

  it("a cart ordered since (elsewhere) is refused with 409, placing nothing; the same form posted again answers with its order", async () => {
    const { basil, shopper, order } = await shopperWithCart(VALID_ADDRESS);
    const [tabA, tabB] = [crypto.randomUUID(), crypto.randomUUID()];
    const first = await placeByForm(shopper, order, tabA);
    expect(first).toMatch(/^\/my-orders\?placed=/);
    // The cart is now empty: the other tab's page, still showing it, posts it again with its own key.
    const before = await snapshot(shopper, basil.id);
    expect(await placeByForm(shopper, order, tabB)).toMatchObject({
      status: 409,
      message: "This cart was already ordered, in another tab or on another device: see My Orders.",
    });
    expect(await snapshot(shopper, basil.id)).toEqual(before);
    // A retry of the first post (the same key) is not a second order: it answers with the first.
    expect(await placeByForm(shopper, order, tabA)).toBe(first);
    expect(await snapshot(shopper, basil.id)).toEqual(before);
  });
});
