import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { submitCheckout } from "@worker/web/checkout-form";
import { workerContext } from "@worker/web/context";
import { shopperMiddleware } from "@worker/web/shopper-state";
import { call, json, ORIGIN, postJson } from "../support/http";
import { insertProduct } from "../support/builders";
import { addAddress, signUp, type Shopper } from "../support/shoppers";

type Answer = { success: boolean; msg: string; orderId?: string; url?: string };

async function orderCount() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())!.n;
}

async function itemCount() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM order_items").first<{ n: number }>())!.n;
}

function placeCod(shopper: Shopper, body: unknown) {
  return postJson("/api/order/cod", body, { Cookie: shopper.cookie });
}

describe("POST /api/order/cod", () => {
  it("places an order priced from D1 with 2% tax, snapshots items and address, empties the saved cart", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits", pricePaise: 12000, offerPricePaise: 11000 });
    const milk = await insertProduct({ name: "Milk 1L", category: "Dairy", pricePaise: 6000, offerPricePaise: 5550 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 2, [milk.id]: 1 } }, { Cookie: shopper.cookie });

    const response = await placeCod(shopper, {
      items: [
        { product: apple.id, quantity: 2 },
        { product: milk.id, quantity: 1 },
      ],
      address,
    });
    expect(response.status).toBe(201);
    const answer = await json<Answer>(response);
    expect(answer).toMatchObject({ success: true, msg: "Order Placed Successfully" });

    const list = await json<{ orders: Record<string, any>[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }));
    expect(list.orders).toHaveLength(1);
    const order = list.orders[0]!;
    // 2 × ₹110 + ₹55.50 = ₹275.50; tax 2% = ₹5.51; total ₹281.01
    expect(order).toMatchObject({
      _id: answer.orderId,
      amount: 281.01,
      tax: 5.51,
      paymentType: "COD",
      status: "Order Placed",
      isPaid: false,
      address: { firstName: "Asha", zipCode: "560001" },
    });
    expect(order.items).toEqual([
      { product: expect.objectContaining({ _id: apple.id, name: "Apple 1 kg", category: "Fruits", offerPrice: 110 }), quantity: 2 },
      { product: expect.objectContaining({ _id: milk.id, name: "Milk 1L", offerPrice: 55.5 }), quantity: 1 },
    ]);
    const me = await json<{ user: { cartItems: unknown } }>(await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } }));
    expect(me.user.cartItems).toEqual({});
  });

  it("keeps the order's snapshot when the product later changes or disappears", async () => {
    const apple = await insertProduct({ name: "Apple", offerPricePaise: 1000, pricePaise: 1000 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await placeCod(shopper, { items: [{ product: apple.id, quantity: 1 }], address });
    await env.DB.prepare("UPDATE products SET name = 'Renamed', offer_price_paise = 900 WHERE id = ?").bind(apple.id).run();
    await env.DB.prepare("UPDATE addresses SET street = 'Moved' WHERE id = ?").bind(address).run();
    const list = await json<{ orders: Record<string, any>[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }));
    expect(list.orders[0]!.items[0].product).toMatchObject({ name: "Apple", offerPrice: 10 });
    expect(list.orders[0]!.address.street).toBe("12 Market Road");
  });

  it("ignores client-sent userId, amount, price, tax, isPaid and status", async () => {
    const apple = await insertProduct({ offerPricePaise: 10000, pricePaise: 10000 });
    const victim = await signUp();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const response = await placeCod(shopper, {
      userId: victim.id,
      items: [{ product: apple.id, quantity: 1, price: 1, offerPrice: 1 }],
      address,
      amount: 1,
      tax: 0,
      isPaid: true,
      status: "Delivered",
    });
    expect(response.status).toBe(201);
    const row = await env.DB.prepare("SELECT user_id, amount_paise, is_paid, status FROM orders").first<Record<string, unknown>>();
    expect(row).toEqual({ user_id: shopper.id, amount_paise: 10200, is_paid: 0, status: "Order Placed" });
  });

  it("refuses bad quantities with 400 and writes nothing", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    for (const quantity of [-5, 0, 1.5, 1e9, "5", null]) {
      const response = await placeCod(shopper, { items: [{ product: apple.id, quantity }], address });
      expect(response.status).toBe(400);
    }
    expect(await orderCount()).toBe(0);
  });

  it("refuses empty, unknown, missing fields and thousands of lines", async () => {
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const apple = await insertProduct();
    const cases: [unknown, number][] = [
      [{ items: [], address }, 400],
      [{ items: [{ product: "no-such-product", quantity: 1 }], address }, 400],
      [{ address }, 400],
      [{ items: [{ product: apple.id, quantity: 1 }] }, 400],
      [{ items: "everything", address }, 400],
      [{ items: Array.from({ length: 3000 }, (_, i) => ({ product: `p${i}`, quantity: 1 })), address }, 413],
    ];
    for (const [body, status] of cases) expect((await placeCod(shopper, body)).status).toBe(status);
    expect(await orderCount()).toBe(0);
  });

  it("says 'Please select an address' when none is given", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const response = await placeCod(shopper, { items: [{ product: apple.id, quantity: 1 }], address: "" });
    expect(await json(response)).toEqual({ success: false, msg: "Please select an address", message: "Please select an address" });
  });

  it("refuses another user's address", async () => {
    const apple = await insertProduct();
    const owner = await signUp();
    const theirs = await addAddress(owner);
    const shopper = await signUp();
    const response = await placeCod(shopper, { items: [{ product: apple.id, quantity: 1 }], address: theirs });
    expect(response.status).toBe(404);
    expect(await orderCount()).toBe(0);
  });

  it("refuses an out-of-stock product with 409", async () => {
    const off = await insertProduct({ name: "Gone", inStock: false });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const response = await placeCod(shopper, { items: [{ product: off.id, quantity: 1 }], address });
    expect(response.status).toBe(409);
    expect((await json(response)).msg).toMatch(/Gone is out of stock/);
    expect(await orderCount()).toBe(0);
  });

  it("the database refuses an item whose product went out of stock mid-checkout (no half order)", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    await env.DB.prepare("UPDATE products SET switched_off = 1 WHERE id = ?").bind(apple.id).run();
    const insertOrder = env.DB.prepare(
      `INSERT INTO orders (id, user_id, subtotal_paise, tax_paise, amount_paise, address, payment_type, status_history, created_at, updated_at)
       VALUES ('o1', ?, 100, 2, 102, '{}', 'COD', '[]', 0, 0)`,
    ).bind(shopper.id);
    const insertItem = env.DB.prepare(
      `INSERT INTO order_items (id, order_id, product_id, name, category, unit_price_paise, quantity) VALUES ('i1', 'o1', ?, 'x', 'y', 100, 1)`,
    ).bind(apple.id);
    await expect(env.DB.batch([insertOrder, insertItem])).rejects.toThrow(/out_of_stock/);
    expect(await orderCount()).toBe(0);
    expect(await itemCount()).toBe(0);
  });

  it("needs a session, and a logged-out cookie is refused", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    expect((await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address })).status).toBe(401);
    await call("/api/user/logout", { headers: { Cookie: shopper.cookie } });
    expect((await placeCod(shopper, { items: [{ product: apple.id, quantity: 1 }], address })).status).toBe(401);
    expect(await orderCount()).toBe(0);
  });

  it("a replayed idempotency key returns the first order: exactly one order", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const body = { items: [{ product: apple.id, quantity: 1 }], address, idempotencyKey: "attempt-12345678" };
    const answers = await Promise.all([placeCod(shopper, body), placeCod(shopper, body), placeCod(shopper, body)]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await json<Answer>(r)).orderId)));
    expect(ids.size).toBe(1);
    expect(await orderCount()).toBe(1);
  });

  it("merges repeated lines of one product", async () => {
    const apple = await insertProduct({ offerPricePaise: 1000, pricePaise: 1000 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await placeCod(shopper, {
      items: [
        { product: apple.id, quantity: 1 },
        { product: apple.id, quantity: 2 },
      ],
      address,
    });
    const item = await env.DB.prepare("SELECT quantity FROM order_items").first<{ quantity: number }>();
    expect(item!.quantity).toBe(3);
  });
});

describe("the per-product quantity cap counts every line of a product", () => {
  it("three lines of 99 of one product are 297: refused with 400 for the API and the cart page's form, nothing written", async () => {
    const banana = await insertProduct({ name: "Banana", stock: null });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const lines = [1, 2, 3].map(() => ({ product: banana.id, quantity: 99 }));
    await postJson("/api/cart/update", { cartItems: { [banana.id]: 99 } }, { Cookie: shopper.cookie });
    for (const path of ["/api/order/cod", "/api/order/stripe"]) {
      const response = await postJson(path, { items: lines, address }, { Cookie: shopper.cookie });
      expect(response.status, path).toBe(400);
      expect((await json<Answer>(response)).msg).toBe("At most 99 of one product");
    }
    const form = new Request(`${ORIGIN}/cart?checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: shopper.cookie },
      body: new URLSearchParams({ paymentType: "COD", items: JSON.stringify(lines), address }),
    });
    const context = new RouterContextProvider();
    context.set(workerContext, { env, ctx: createExecutionContext(), db: getDb(env) });
    await shopperMiddleware({ request: form, context } as never, async () => new Response(null));
    const refused = await submitCheckout(form, context).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, message: "At most 99 of one product" });
    expect(await orderCount()).toBe(0);

    // Up to the cap, split over lines, is one line of the sum.
    const ok = await placeCod(shopper, {
      items: [
        { product: banana.id, quantity: 50 },
        { product: banana.id, quantity: 49 },
      ],
      address,
    });
    expect(ok.status).toBe(201);
    expect(await env.DB.prepare("SELECT quantity FROM order_items").all()).toMatchObject({ results: [{ quantity: 99 }] });
  });
});

describe("GET /api/order/user", () => {
  it("lists only the caller's orders, newest first", async () => {
    const apple = await insertProduct();
    const a = await signUp();
    const b = await signUp();
    const addressA = await addAddress(a);
    const addressB = await addAddress(b);
    const first = await json<Answer>(await placeCod(a, { items: [{ product: apple.id, quantity: 1 }], address: addressA }));
    const second = await json<Answer>(await placeCod(a, { items: [{ product: apple.id, quantity: 2 }], address: addressA }));
    await placeCod(b, { items: [{ product: apple.id, quantity: 1 }], address: addressB });
    const list = await json<{ orders: { _id: string }[] }>(await call("/api/order/user", { headers: { Cookie: a.cookie } }));
    expect(list.orders.map((o) => o._id)).toEqual([second.orderId, first.orderId]);
  });

  it("needs a session", async () => {
    expect((await call("/api/order/user")).status).toBe(401);
  });
});
