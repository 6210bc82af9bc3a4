/**
 * Orders people can follow (issue 15) and the seller's orders (issue 16), in the Workers runtime
 * against the real local D1: the order page's data, its timeline, Order again, cancelling with a
 * reason, the seller's filters and search, the invoice, the waiting-orders badge.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as orderPageRoute from "~/routes/shop/order";
import * as orderAgainRoute from "~/routes/shop/order-again";
import * as orderCancelRoute from "~/routes/shop/order-cancel";
import * as myOrdersRoute from "~/routes/shop/my-orders";
import * as shopperInvoiceRoute from "~/routes/shop/invoice";
import * as sellerCancelRoute from "~/routes/seller/order-cancel";
import * as sellerOrderPaperRoute from "~/routes/seller/order-paper";
import * as sellerOrdersRoute from "~/routes/seller/orders";
import * as waitingRoute from "~/routes/seller/orders-waiting";
import { ordersPageFor, WAITING_STEPS } from "@shared/dashboard";
import { orderNumber, paymentLabel } from "@shared/order-status";
import { invoiceData } from "@worker/services/invoices";
import { orderPage } from "@worker/services/order-detail";
import { orderPromise } from "@worker/services/order-promise";
import { DEFAULT_STORE_SETTINGS, readStoreSettings } from "@worker/services/store-settings";
import { placeOrder } from "@worker/services/orders";
import { cityPrefixes } from "@worker/services/city-names";
import { listQuery } from "@worker/services/seller-orders";
import type { SellerOrdersQuery } from "@worker/validation/order";
import { db, insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { dataOf, runRoute, statusOf } from "../support/routes";
import { sellerLogin } from "../support/seller";
import { DEFAULT_SETTINGS_INPUT, saveSettings } from "../support/settings";
import { addAddress, signUp, VALID_ADDRESS, type Shopper } from "../support/shoppers";

/** A cash-on-delivery order straight through the order service (the API's rate limit allows 10 a minute). */
async function placeCod(shopper: Shopper, lines: { product: string; quantity: number }[], address?: Record<string, unknown>) {
  const addressId = await addAddress(shopper, address);
  const { order } = await placeOrder({ db: db(), env }, { id: shopper.id }, { items: lines, address: addressId }, "COD");
  return order.id;
}

const move = (seller: string, orderId: string, status: string, extra: Record<string, unknown> = {}) =>
  postJson("/api/order/status", { orderId, status, ...extra }, { Cookie: seller });

async function orderRow(id: string) {
  return env.DB.prepare("SELECT status, cancel_reason, cancel_note, cancelled_by, stock_returned FROM orders WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();
}

async function cartOf(shopper: Shopper): Promise<Record<string, number>> {
  const row = await env.DB.prepare("SELECT cart_items FROM users WHERE id = ?").bind(shopper.id).first<{ cart_items: string }>();
  return JSON.parse(row!.cart_items);
}

describe("the order's delivery promise follows the delivery area", () => {
  const order = (zipCode: string, state: string, status: "Order Placed" | "Delivered" = "Order Placed") => ({
    status,
    createdAt: Date.UTC(2026, 10, 23, 10, 0),
    address: { ...VALID_ADDRESS, id: "a", zipCode, state },
    paymentType: "COD" as const,
    paymentState: "pending" as const,
    isPaid: false,
  });
  it("express pincodes get a time, the rest of the state the standard window, a finished order none", () => {
    expect(orderPromise(order("560001", "Karnataka"), DEFAULT_STORE_SETTINGS)).toBe("Delivery by 23 Nov 2026, 4:00 pm (30 min)");
    expect(orderPromise(order("570001", "Karnataka"), DEFAULT_STORE_SETTINGS)).toBe("Delivery in 2-7 business days");
    expect(orderPromise(order("560001", "Karnataka", "Delivered"), DEFAULT_STORE_SETTINGS)).toBeNull();
  });
  it("an order placed while the store is closed is promised after it opens (ADR 076), even if the store is paused since", () => {
    const at2am = { ...order("560001", "Karnataka"), createdAt: Date.UTC(2026, 10, 22, 20, 30) }; // 23 Nov, 2 am IST
    expect(orderPromise(at2am, DEFAULT_STORE_SETTINGS)).toBe("Delivery by 23 Nov 2026, 7:30 am, after we open");
    expect(orderPromise(at2am, { ...DEFAULT_STORE_SETTINGS, paused: true, holidays: ["2026-11-23"] })).toBe("Delivery by 24 Nov 2026, 7:30 am, after we open");
  });
  it("a card order not yet paid promises no delivery, but says until when it waits (ADR 054)", () => {
    const unpaid = { ...order("560001", "Karnataka"), paymentType: "Online" as const };
    expect(orderPromise(unpaid, DEFAULT_STORE_SETTINGS)).toBe("Waiting for your payment: unpaid, it is cancelled at 23 Nov 2026, 4:30 pm");
    expect(orderPromise({ ...unpaid, isPaid: true, paymentState: "paid" as const }, DEFAULT_STORE_SETTINGS)).toBe("Delivery by 23 Nov 2026, 4:00 pm (30 min)");
  });
});

describe("the order page /my-orders/:id", () => {
  it("shows the shopper's own order: items as bought, the bill as charged, the address, payment, promise and availability", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", offerPricePaise: 11_000, pricePaise: 12_000 });
    const milk = await insertProduct({ name: "Milk 1 L", offerPricePaise: 6_000, pricePaise: 6_500 });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [
      { product: apple.id, quantity: 2 },
      { product: milk.id, quantity: 1 },
    ]);
    // Later changes to the catalogue never rewrite what was bought.
    await env.DB.prepare("UPDATE products SET offer_price_paise = 9000, name = 'Apple (new)' WHERE id = ?").bind(apple.id).run();
    await env.DB.prepare("UPDATE products SET switched_off = 1 WHERE id = ?").bind(milk.id).run();

    const outcome = await runRoute(orderPageRoute.loader, { path: `/my-orders/${orderId}`, cookie: shopper.cookie, params: { id: orderId } });
    expect(statusOf(outcome)).toBe(200);
    const { order } = dataOf<{ order: Record<string, any> }>(outcome);
    expect(order.items.map((i: any) => [i.name, i.quantity, i.unitPricePaise, i.availability.available])).toEqual([
      ["Apple 1 kg", 2, 11_000, true],
      ["Milk 1 L", 1, 6_000, false],
    ]);
    expect(order).toMatchObject({ subtotalPaise: 28_000, taxPaise: 560, amountPaise: 28_560, paymentType: "COD", isPaid: false, status: "Order Placed" });
    expect(order.address).toMatchObject({ firstName: "Asha", lastName: "Rao", zipCode: "560001", phone: VALID_ADDRESS.phone });
    // 560001 is one of the store's express pincodes (30 minutes): the promise is a time.
    expect(order.promise).toMatch(/^Delivery by \d+ \w+ \d{4}, \d+:\d\d [ap]m \(30 min\)$/);
  });

  it("another shopper's order is a 404, an id that is no id too; a guest goes to log in", async () => {
    const apple = await insertProduct();
    const owner = await signUp();
    const orderId = await placeCod(owner, [{ product: apple.id, quantity: 1 }]);
    const other = await signUp();

    const theirs = await runRoute(orderPageRoute.loader, { path: `/my-orders/${orderId}`, cookie: other.cookie, params: { id: orderId } });
    expect(statusOf(theirs)).toBe(404);
    const bogus = await runRoute(orderPageRoute.loader, { path: "/my-orders/x", cookie: owner.cookie, params: { id: "x".repeat(200) } });
    expect(statusOf(bogus)).toBe(404);
    const guest = await runRoute(orderPageRoute.loader, { path: `/my-orders/${orderId}`, params: { id: orderId } });
    expect(statusOf(guest)).toBe(302);
    expect((guest.thrown as Response).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/my-orders/${orderId}`)}`);

    // The JSON API answers the same: 404 for someone else's order, 401 for a guest.
    expect((await call(`/api/order/user/${orderId}`, { headers: { Cookie: other.cookie } })).status).toBe(404);
    expect((await call(`/api/order/user/${orderId}`)).status).toBe(401);
    const mine = await json<{ order: { _id: string; items: unknown[] } }>(await call(`/api/order/user/${orderId}`, { headers: { Cookie: owner.cookie } }));
    expect(mine.order._id).toBe(orderId);
  });

  it("the timeline: each status with the time it was reached, in order; the promise goes once it is delivered", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);
    for (const status of ["Packed", "Out for delivery", "Delivered"]) expect((await move(seller, orderId, status)).status).toBe(200);

    const page = await orderPage(db(), shopper.id, orderId);
    if (!page.userExists) throw new Error("the shopper exists");
    const history = page.order.statusHistory;
    expect(history.map((change) => change.status)).toEqual(["Order Placed", "Packed", "Out for delivery", "Delivered"]);
    for (let i = 1; i < history.length; i++) expect(history[i]!.at).toBeGreaterThanOrEqual(history[i - 1]!.at);
    expect(history[0]!.at).toBe(page.order.createdAt);
    expect(orderPromise(page.order, DEFAULT_STORE_SETTINGS)).toBeNull();
  });
});

describe("the confirmation after placing", () => {
  it("the no-JavaScript checkout lands on My Orders with the new order named; My Orders highlights only the shopper's own order", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 1 } }, { Cookie: shopper.cookie });
    const { action } = await import("~/routes/shop/cart");
    const placed = await runRoute(action, {
      path: "/cart?checkout",
      cookie: shopper.cookie,
      form: { paymentType: "COD", items: JSON.stringify([{ product: apple.id, quantity: 1 }]), address },
      document: true,
    });
    const location = (placed.value as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/my-orders\?placed=[0-9a-f-]{36}$/);
    const orderId = new URL(location, "http://x").searchParams.get("placed")!;

    const mine = await runRoute(myOrdersRoute.loader, { path: location, cookie: shopper.cookie });
    expect(dataOf<{ placedId: string | null }>(mine).placedId).toBe(orderId);
    const other = await signUp();
    const notTheirs = await runRoute(myOrdersRoute.loader, { path: location, cookie: other.cookie });
    expect(dataOf<{ placedId: string | null }>(notTheirs).placedId).toBeNull();
  });
});

describe("order again", () => {
  it("puts the available items back, adds to what the cart holds, respects stock and names what is not available", async () => {
    const apple = await insertProduct({ name: "Apple" });
    const rice = await insertProduct({ name: "Rice", stock: 10 });
    const milk = await insertProduct({ name: "Milk" });
    const gone = await insertProduct({ name: "Old snack" });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [
      { product: apple.id, quantity: 2 },
      { product: rice.id, quantity: 3 },
      { product: milk.id, quantity: 1 },
      { product: gone.id, quantity: 1 },
    ]);
    // Since then: milk is switched off, the snack is deleted, only 2 rice are left, an apple is in the cart.
    await env.DB.prepare("UPDATE products SET switched_off = 1 WHERE id = ?").bind(milk.id).run();
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(gone.id).run();
    await env.DB.prepare("UPDATE products SET stock = 2 WHERE id = ?").bind(rice.id).run();
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 1 } }, { Cookie: shopper.cookie });

    const response = await postJson("/api/order/again", { orderId }, { Cookie: shopper.cookie });
    expect(response.status).toBe(200);
    const body = await json<Record<string, any>>(response);
    expect(body.cartItems).toEqual({ [apple.id]: 3, [rice.id]: 2 });
    expect(body.unavailable).toEqual(["Milk", "Old snack"]);
    expect(body.limited).toEqual([{ name: "Rice", quantity: 2 }]);
    expect(body.msg).toBe("Added 2 products to your cart. Only 2 Rice could be added. Not available now: Milk, Old snack.");
    expect(await cartOf(shopper)).toEqual({ [apple.id]: 3, [rice.id]: 2 });

    // Again: the rice in the cart is all there is.
    const again = await json<Record<string, any>>(await postJson("/api/order/again", { orderId }, { Cookie: shopper.cookie }));
    expect(again.alreadyInCart).toEqual(["Rice"]);
    expect(again.cartItems[rice.id]).toBe(2);
  });

  it("nothing available: the cart is left as it was; someone else's order 404, a guest 401, no order id 400", async () => {
    const milk = await insertProduct({ name: "Milk" });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: milk.id, quantity: 1 }]);
    await env.DB.prepare("UPDATE products SET switched_off = 1 WHERE id = ?").bind(milk.id).run();
    const body = await json<Record<string, any>>(await postJson("/api/order/again", { orderId }, { Cookie: shopper.cookie }));
    expect(body).toMatchObject({ added: [], unavailable: ["Milk"], msg: "Nothing more could be added to your cart. Not available now: Milk." });
    expect(await cartOf(shopper)).toEqual({});

    const other = await signUp();
    expect((await postJson("/api/order/again", { orderId }, { Cookie: other.cookie })).status).toBe(404);
    expect(await cartOf(other)).toEqual({});
    expect((await postJson("/api/order/again", { orderId })).status).toBe(401);
    expect((await postJson("/api/order/again", {}, { Cookie: shopper.cookie })).status).toBe(400);
  });

  it("the page form: with JavaScript the answer says what happened; without, a redirect to the order page", async () => {
    const apple = await insertProduct({ name: "Apple" });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 2 }]);
    const withJs = await runRoute(orderAgainRoute.action, { path: `/my-orders/${orderId}/again`, cookie: shopper.cookie, params: { id: orderId }, form: {} });
    expect(dataOf(withJs)).toMatchObject({ ok: true, added: 1, msg: "Added 1 product to your cart." });
    const noJs = await runRoute(orderAgainRoute.action, {
      path: `/my-orders/${orderId}/again`,
      cookie: shopper.cookie,
      params: { id: orderId },
      form: {},
      document: true,
    });
    expect(statusOf(noJs)).toBe(303);
    expect((noJs.value as Response).headers.get("Location")).toBe(`/my-orders/${orderId}?added`);
    expect(await cartOf(shopper)).toEqual({ [apple.id]: 4 });
  });
});

describe("cancelling with a reason", () => {
  it("the shopper: a reason is required and must be one of theirs; it is recorded and shown back", async () => {
    const apple = await insertProduct({ stock: 5 });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 2 }]);
    for (const body of [{ orderId }, { orderId, reason: "" }, { orderId, reason: "Items out of stock" }, { orderId, reason: "x".repeat(5000) }]) {
      const refused = await postJson("/api/order/cancel", body, { Cookie: shopper.cookie });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json<{ msg: string }>(refused)).msg).toBe("Choose a reason for cancelling");
    }
    expect((await orderRow(orderId))!.status).toBe("Order Placed");

    expect((await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: "Cancelled",
      cancel_reason: "Ordered by mistake",
      cancel_note: null,
      cancelled_by: "shopper",
      stock_returned: 1,
    });
    const page = await orderPage(db(), shopper.id, orderId);
    expect(page.userExists && page.order).toMatchObject({ cancelReason: "Ordered by mistake", cancelledBy: "shopper" });
    const api = await json<{ order: Record<string, unknown> }>(await call(`/api/order/user/${orderId}`, { headers: { Cookie: shopper.cookie } }));
    expect(api.order.cancellation).toEqual({ by: "shopper", reason: "Ordered by mistake", note: null });
  });

  it("the seller: a reason from the seller's list, a note for Other (at most 300 characters); the shopper sees both", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);
    const refusals: [Record<string, unknown>, string][] = [
      [{}, "Choose a reason for cancelling"],
      [{ reason: "Ordered by mistake" }, "Choose a reason for cancelling"],
      [{ reason: "Other" }, "Write a note for the customer when the reason is Other"],
      [{ reason: "Other", note: "   " }, "Write a note for the customer when the reason is Other"],
      [{ reason: "Items out of stock", note: "x".repeat(301) }, "Keep the note to 300 characters"],
    ];
    for (const [extra, msg] of refusals) {
      const refused = await move(seller, orderId, "Cancelled", extra);
      expect(refused.status, JSON.stringify(extra).slice(0, 60)).toBe(400);
      expect((await json<{ msg: string }>(refused)).msg).toBe(msg);
    }
    expect((await orderRow(orderId))!.status).toBe("Order Placed");

    expect((await move(seller, orderId, "Cancelled", { reason: "Items out of stock", note: " Mangoes ran out " })).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: "Cancelled",
      cancel_reason: "Items out of stock",
      cancel_note: "Mangoes ran out",
      cancelled_by: "seller",
    });
    const mine = await json<{ orders: Record<string, any>[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }));
    expect(mine.orders[0]!.cancellation).toEqual({ by: "seller", reason: "Items out of stock", note: "Mangoes ran out" });
  });

  it("wrong role is refused (401) and changes nothing; a delivered order cannot be cancelled (409)", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);
    expect((await postJson("/api/order/status", { orderId, status: "Cancelled", reason: "Items out of stock" }, { Cookie: shopper.cookie })).status).toBe(401);
    expect((await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: seller })).status).toBe(401);
    expect((await orderRow(orderId))!.status).toBe("Order Placed");

    await move(seller, orderId, "Packed");
    await move(seller, orderId, "Out for delivery");
    await move(seller, orderId, "Delivered");
    expect((await move(seller, orderId, "Cancelled", { reason: "Customer not reachable" })).status).toBe(409);
    expect((await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(409);
    expect(await orderRow(orderId)).toMatchObject({ status: "Delivered", cancel_reason: null, cancelled_by: null });
  });

  it("the page forms: the shopper's and the seller's confirmation steps post the reason; without JavaScript they go back to the order", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const first = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);
    const second = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);

    const confirm = await runRoute(orderCancelRoute.loader, { path: `/my-orders/${first}/cancel`, cookie: shopper.cookie, params: { id: first } });
    expect(dataOf(confirm)).toMatchObject({ id: first, cancellable: true });
    const noReason = await runRoute(orderCancelRoute.action, {
      path: `/my-orders/${first}/cancel`,
      cookie: shopper.cookie,
      params: { id: first },
      form: {},
      document: true,
    });
    expect(statusOf(noReason)).toBe(400);
    expect(dataOf(noReason)).toEqual({ ok: false, msg: "Choose a reason for cancelling", field: "reason" });
    const done = await runRoute(orderCancelRoute.action, {
      path: `/my-orders/${first}/cancel`,
      cookie: shopper.cookie,
      params: { id: first },
      form: { reason: "Delivery is too slow" },
      document: true,
    });
    expect((done.value as Response).headers.get("Location")).toBe(`/my-orders/${first}`);
    expect(await orderRow(first)).toMatchObject({ status: "Cancelled", cancel_reason: "Delivery is too slow", cancelled_by: "shopper" });

    // The shopper's form cannot cancel with someone else's order id in the URL.
    const other = await signUp();
    const theirs = await runRoute(orderCancelRoute.action, {
      path: `/my-orders/${second}/cancel`,
      cookie: other.cookie,
      params: { id: second },
      form: { reason: "Ordered by mistake" },
    });
    expect(statusOf(theirs)).toBe(404);

    const sellerConfirm = await runRoute(sellerCancelRoute.loader, {
      path: `/seller/orders/${second}/cancel`,
      cookie: seller,
      params: { id: second },
      seller: true,
    });
    expect(dataOf(sellerConfirm)).toMatchObject({ id: second, customer: "Asha Rao", cancellable: true });
    const byShopper = await runRoute(sellerCancelRoute.action, {
      path: `/seller/orders/${second}/cancel`,
      cookie: shopper.cookie,
      params: { id: second },
      form: { reason: "Payment problem" },
      seller: true,
    });
    expect(statusOf(byShopper)).toBe(401);
    const sellerDone = await runRoute(sellerCancelRoute.action, {
      path: `/seller/orders/${second}/cancel`,
      cookie: seller,
      params: { id: second },
      form: { reason: "Other", note: "Shop closed for Diwali" },
      seller: true,
    });
    expect(dataOf(sellerDone)).toEqual({ ok: true, msg: "Order cancelled" });
    expect(await orderRow(second)).toMatchObject({
      status: "Cancelled",
      cancel_reason: "Other",
      cancel_note: "Shop closed for Diwali",
      cancelled_by: "seller",
    });
  });
});

describe("the seller's orders: filters and search", () => {
  /** Orders of three people in three places, by card and cash, paid and not, on three days. */
  async function shop() {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const people = [
      { firstName: "Asha", lastName: "Rao", phone: "+91 98765 43210", email: "Asha.Rao@Example.com", city: "Bengaluru", zipCode: "560034" },
      { firstName: "Vikram", lastName: "Singh", phone: "+91 98450 12345", email: "vikram@shop.example", city: "Mysuru", zipCode: "570001" },
      // Typed with two spaces: the key has one, as a name's does.
      { firstName: "Ashok", lastName: "Kumar", phone: "+91 90000 11111", email: "kumar.a@example.com", city: "Kolar  Gold Fields", zipCode: "563115" },
    ];
    const ids: string[] = [];
    for (const person of people) {
      const shopper = await signUp();
      ids.push(await placeCod(shopper, [{ product: apple.id, quantity: 1 }], { ...VALID_ADDRESS, ...person }));
    }
    const [asha, vikram, ashok] = ids as [string, string, string];
    const day = (iso: string) => Date.parse(iso);
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?").bind(day("2026-11-20T04:00:00Z"), asha),
      // 23:30 in India on the 21st is 18:00 UTC: it belongs to the 21st.
      env.DB.prepare("UPDATE orders SET created_at = ?, payment_type = 'Online', is_paid = 1, payment_state = 'paid' WHERE id = ?").bind(
        day("2026-11-21T18:00:00Z"),
        vikram,
      ),
      env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?").bind(day("2026-11-22T04:00:00Z"), ashok),
    ]);
    const list = async (query: string) => {
      const response = await call(`/api/order/seller?${query}`, { headers: { Cookie: seller } });
      expect(response.status, query).toBe(200);
      return (await json<{ orders: { _id: string }[] }>(response)).orders.map((order) => order._id);
    };
    return { seller, asha, vikram, ashok, list };
  }

  it("by days (India time, both ends included), by method and by paid", async () => {
    const { asha, vikram, ashok, list } = await shop();
    expect(await list("")).toEqual([ashok, vikram, asha]);
    expect(await list("from=2026-11-21")).toEqual([ashok, vikram]);
    expect(await list("to=2026-11-21")).toEqual([vikram, asha]);
    expect(await list("from=2026-11-21&to=2026-11-21")).toEqual([vikram]);
    expect(await list("method=card")).toEqual([vikram]);
    expect(await list("method=cod")).toEqual([ashok, asha]);
    expect(await list("paid=paid")).toEqual([vikram]);
    expect(await list("paid=unpaid&from=2026-11-22")).toEqual([ashok]);
    // A GET form sends empty fields: they narrow nothing.
    expect(await list("q=&from=&to=&method=&paid=")).toEqual([ashok, vikram, asha]);
    // A cancelled cash order owes nothing: it is not unpaid.
    expect(await list("paid=unpaid")).toEqual([ashok, asha]);
    await env.DB.prepare("UPDATE orders SET status = 'Cancelled' WHERE id = ?").bind(asha).run();
    expect(await list("paid=unpaid")).toEqual([ashok]);
    // Paid is money kept: a paid order cancelled, its refund due or made, is not in it.
    await env.DB.prepare("UPDATE orders SET status = 'Cancelled', payment_state = 'refund_due' WHERE id = ?").bind(vikram).run();
    expect(await list("paid=paid")).toEqual([]);
    expect(await list("paid=refund")).toEqual([vikram]);
  });

  it("search by order number (start of it, any case), name (start of the name or the surname), e-mail (how it starts, any case) or phone (its digits, however typed, or how it ends)", async () => {
    const { asha, vikram, ashok, list } = await shop();
    expect(await list(`q=${orderNumber(vikram)}`)).toEqual([vikram]);
    expect(await list(`q=%23${vikram.slice(0, 6)}`)).toEqual([vikram]);
    expect(await list("q=ash")).toEqual([ashok, asha]);
    expect(await list("q=ASHA%20RAO")).toEqual([asha]);
    expect(await list("q=vikram")).toEqual([vikram]);
    // A surname, and the end of a number ("the one ending 43210").
    expect(await list("q=rao")).toEqual([asha]);
    expect(await list("q=KUM")).toEqual([ashok]);
    expect(await list("q=43210")).toEqual([asha]);
    expect(await list("q=11111")).toEqual([ashok]);
    expect(await list("q=2345")).toEqual([vikram]);
    expect(await list(`q=${encodeURIComponent("+91 98450 12345")}`)).toEqual([vikram]);
    expect(await list("q=9845012345")).toEqual([vikram]);
    expect(await list("q=98450-12345")).toEqual([vikram]);
    expect(await list("q=98765")).toEqual([asha]);
    // An e-mail the customer wrote from, or how it starts.
    expect(await list("q=asha.rao%40example.com")).toEqual([asha]);
    expect(await list("q=VIKRAM%40")).toEqual([vikram]);
    expect(await list("q=kumar.a")).toEqual([ashok]);
    expect(await list("q=rao%40")).toEqual([]);
    expect(await list("q=nobody")).toEqual([]);
    expect(await list("q=%21%21%21")).toEqual([]);
  });

  it("search by the delivery PIN code (all six digits) or how the delivery city starts (any case, single spaces)", async () => {
    const { asha, vikram, ashok, list } = await shop();
    // "All orders to 560034": that PIN's orders only, however the PIN is spaced.
    expect(await list("q=560034")).toEqual([asha]);
    expect(await list("q=570001")).toEqual([vikram]);
    expect(await list(`q=${encodeURIComponent("570 001")}`)).toEqual([vikram]);
    // Five digits are no PIN: neither these orders' PINs nor the start or end of their phones.
    expect(await list("q=56003")).toEqual([]);
    expect(await list("q=57000")).toEqual([]);
    // A PIN no order goes to.
    expect(await list("q=560001")).toEqual([]);
    // "Orders to Mysuru": how the city starts, in any case.
    expect(await list("q=mys")).toEqual([vikram]);
    expect(await list("q=MYSURU")).toEqual([vikram]);
    expect(await list("q=Beng")).toEqual([asha]);
    expect(await list(`q=${encodeURIComponent("kolar  gold")}`)).toEqual([ashok]);
    // The middle of a city, and a city no order goes to.
    expect(await list("q=suru")).toEqual([]);
    expect(await list("q=chennai")).toEqual([]);
    // A PIN with a city or a name: the orders to that PIN the words also match.
    expect(await list(`q=${encodeURIComponent("bangalore 560034")}`)).toEqual([asha]);
    expect(await list(`q=${encodeURIComponent("560034 Asha")}`)).toEqual([asha]);
    expect(await list(`q=${encodeURIComponent("mysuru 570001")}`)).toEqual([vikram]);
    expect(await list(`q=${encodeURIComponent("mysuru 560034")}`)).toEqual([]);
    expect(await list(`q=${encodeURIComponent("kolar 560034")}`)).toEqual([]);
  });

  it("a city found by either of its names: Bangalore finds Bengaluru, Mysore Mysuru, and the new name the old", async () => {
    const { asha, vikram, list } = await shop();
    expect(await list("q=Bangalore")).toEqual([asha]);
    // Begun to spell.
    expect(await list("q=bang")).toEqual([asha]);
    expect(await list("q=MYSORE")).toEqual([vikram]);
    // An order typed with the old name is found by the new one.
    await env.DB.prepare("UPDATE orders SET search_city = 'bangalore' WHERE id = ?").bind(asha).run();
    expect(await list("q=bengaluru")).toEqual([asha]);
    expect(await list("q=bengal")).toEqual([asha]);
    // Two letters begin too many names: only a city spelt so ("be" is not how "bangalore" starts).
    expect(await list("q=be")).toEqual([]);
  });

  it("cityPrefixes: the other names of a city a search names or begins to spell", () => {
    expect(cityPrefixes("bangalore")).toEqual(["bangalore", "bengaluru"]);
    expect(cityPrefixes("bangalore north")).toEqual(["bangalore north", "bengaluru north"]);
    expect(cityPrefixes("ben")).toEqual(["ben", "bangalore", "varanasi", "banaras"]);
    expect(cityPrefixes("bangaloreans")).toEqual(["bangaloreans"]);
    expect(cityPrefixes("mu")).toEqual(["mu"]);
    expect(cityPrefixes("kolar gold fields")).toEqual(["kolar gold fields"]);
  });

  it("the migration that added the e-mail key gives orders placed before it theirs", async () => {
    const { asha, list } = await shop();
    await env.DB.prepare("UPDATE orders SET search_email = '' WHERE id = ?").bind(asha).run();
    expect(await list("q=asha.rao%40")).toEqual([]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0016_orders_search_email"))!;
    await env.DB.prepare(migration.queries.find((query) => query.includes("UPDATE"))!).run();
    expect(await list("q=asha.rao%40")).toEqual([asha]);
  });

  it("the migration that added the PIN code and city keys gives orders placed before it theirs", async () => {
    const { vikram, ashok, list } = await shop();
    await env.DB.prepare("UPDATE orders SET search_pincode = '', search_city = ''").run();
    expect(await list("q=570001")).toEqual([]);
    expect(await list("q=mys")).toEqual([]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0020_orders_search_pincode_city"))!;
    await env.DB.prepare(migration.queries.find((query) => query.includes("UPDATE"))!).run();
    expect(await list("q=570001")).toEqual([vikram]);
    expect(await list("q=mys")).toEqual([vikram]);
    // The same keys as an order placed now gets: the city's two spaces squeezed to one.
    expect(await list(`q=${encodeURIComponent("kolar gold f")}`)).toEqual([ashok]);
    expect(await env.DB.prepare("SELECT search_pincode, search_city FROM orders WHERE id = ?").bind(ashok).first()).toEqual({
      search_pincode: "563115",
      search_city: "kolar gold fields",
    });
  });

  it("bad filters are a 400 with the reason, for the API and on the page", async () => {
    const { seller } = await shop();
    for (const [query, msg] of [
      ["from=2026-13-01", "That date does not exist"],
      ["from=yesterday", "Enter dates as YYYY-MM-DD"],
      ["from=2026-11-22&to=2026-11-21", "The start date is after the end date"],
      ["method=upi", "Payment method is cod or card"],
      ["paid=maybe", "Payment is paid, unpaid or refund"],
      [`q=${"a".repeat(101)}`, "Search for at most 100 characters"],
    ]) {
      const response = await call(`/api/order/seller?${query}`, { headers: { Cookie: seller } });
      expect(response.status, query).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toBe(msg);
      const page = await runRoute(sellerOrdersRoute.loader, { path: `/seller/orders?${query}`, cookie: seller, seller: true });
      expect(dataOf(page), query).toMatchObject({ error: msg, orders: [] });
    }
  });

  it("the searches and filters read an index, never the whole table (the list's own SQL, explained)", async () => {
    await shop();
    const plan = async (query: SellerOrdersQuery) => {
      const { sql, params } = listQuery(db(), query).toSQL();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((row) => row.detail).join("\n");
    };
    const plans = {
      name: await plan({ q: "ash" }),
      phone: await plan({ q: "9845012345" }),
      phonePrefix: await plan({ q: "98450" }),
      email: await plan({ q: "asha.rao@" }),
      pincode: await plan({ q: "560034" }),
      city: await plan({ q: "mys" }),
      // Both names of Bengaluru: two ranges on the city's index.
      cityByOtherName: await plan({ q: "bangalore" }),
      cityAndPincode: await plan({ q: "bangalore 560034" }),
      number: await plan({ q: "ABC12345" }),
      days: await plan({ from: "2026-11-20", to: "2026-11-21", method: "card", paid: "paid" }),
    };
    expect(plans.name).toMatch(/orders USING INDEX orders_search_name_idx/);
    expect(plans.name).toMatch(/orders USING INDEX orders_search_surname_idx/);
    expect(plans.phone).toMatch(/orders USING INDEX orders_search_phone_idx/);
    expect(plans.phonePrefix).toMatch(/orders USING INDEX orders_search_phone_idx/);
    expect(plans.phonePrefix).toMatch(/orders USING INDEX orders_search_phone_reversed_idx/);
    expect(plans.email).toMatch(/orders USING INDEX orders_search_email_idx/);
    // Six digits are a PIN and part of a phone; letters are a name, a surname, an e-mail or a city.
    expect(plans.pincode).toMatch(/orders USING INDEX orders_search_pincode_idx/);
    expect(plans.pincode).toMatch(/orders USING INDEX orders_search_phone_idx/);
    expect(plans.city).toMatch(/orders USING INDEX orders_search_city_idx/);
    expect(plans.city).toMatch(/orders USING INDEX orders_search_name_idx/);
    expect(plans.cityByOtherName).toMatch(/orders USING INDEX orders_search_city_idx/);
    expect(plans.cityAndPincode).toMatch(/orders USING INDEX orders_search_pincode_idx/);
    // An 8-character number of hex digits may also be the start of a phone: both ranges, each on its index.
    expect(plans.number).toMatch(/orders USING INDEX sqlite_autoindex_orders_1/);
    expect(plans.days).toMatch(/orders USING (COVERING )?INDEX orders_created_idx/);
    // Words are looked for in the seller's notes too: a small table read whole, its orders then found by id.
    expect(plans.name).toMatch(/SCAN order_notes\nSEARCH orders USING INDEX sqlite_autoindex_orders_1/);
    // Never the orders themselves (`orders_notes` is an order's own notes, read by their index).
    for (const [what, detail] of Object.entries(plans)) expect(detail, what).not.toMatch(/SCAN orders\b(?! USING)/);
  });
});

describe("waiting orders (the seller's badge)", () => {
  it("counts orders waiting for the seller's next step: placed, packed or out for delivery; not delivered, cancelled or unpaid online", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await placeCod(shopper, [{ product: apple.id, quantity: 1 }]));
    const [, packed, out, delivered, cancelled] = ids as [string, string, string, string, string];
    await move(seller, packed, "Packed");
    for (const status of ["Packed", "Out for delivery"]) await move(seller, out, status);
    for (const status of ["Packed", "Out for delivery", "Delivered"]) await move(seller, delivered, status);
    await move(seller, cancelled, "Cancelled", { reason: "Payment problem" });
    await env.DB.prepare(
      `INSERT INTO orders (id, user_id, subtotal_paise, tax_paise, amount_paise, address, payment_type, status_history, created_at, updated_at)
       VALUES ('unpaid-online', ?, 100, 2, 102, '{}', 'Online', '[]', ?, ?)`,
    )
      .bind(shopper.id, Date.now(), Date.now())
      .run();

    const badge = await runRoute(waitingRoute.loader, { path: "/seller/orders/waiting", cookie: seller, seller: true });
    expect(dataOf(badge)).toEqual({ waiting: 3 });
    expect((await json<{ waiting: number }>(await call("/api/order/seller", { headers: { Cookie: seller } }))).waiting).toBe(3);
    const shopperTries = await runRoute(waitingRoute.loader, { path: "/seller/orders/waiting", cookie: shopper.cookie, seller: true });
    expect(statusOf(shopperTries)).toBe(401);
  });
});

describe("invoices and packing slips", () => {
  it("the invoice holds the store's details, the lines as bought, the tax as charged and the total in words", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", offerPricePaise: 11_000, pricePaise: 12_000 });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 3 }]);
    // As charged: whatever the order recorded, even if the rule changes later.
    await env.DB.prepare("UPDATE orders SET tax_paise = 1650, amount_paise = 34650 WHERE id = ?").bind(orderId).run();

    const invoice = await invoiceData(db(), { shopperId: shopper.id }, orderId);
    expect(invoice.store).toEqual({
      legalName: "GreenBasket Retail Pvt. Ltd.",
      addressLines: ["12 Market Road", "Bengaluru, Karnataka 560001", "India"],
      gstin: null,
      email: "support@greenbasket.example",
      phone: "+91 80000 00000",
    });
    // Numbered when the order is packed (ADR 073); one packed before the series keeps its order number's.
    expect(invoice.invoiceNumber).toBeNull();
    const leftBefore = JSON.stringify([
      { status: "Order Placed", at: 1 },
      { status: "Packed", at: 2 },
    ]);
    await env.DB.prepare("UPDATE orders SET status_history = ? WHERE id = ?").bind(leftBefore, orderId).run();
    expect((await invoiceData(db(), { shopperId: shopper.id }, orderId)).invoiceNumber).toBe(`INV-${orderNumber(orderId)}`);
    expect(invoice.placeOfSupply).toBe("Karnataka (29)");
    expect(invoice.amountInWords).toBe("Rupees Three Hundred Forty-Six and Fifty Paise Only");
    expect(invoice.order).toMatchObject({ subtotalPaise: 33_000, taxPaise: 1650, amountPaise: 34_650 });
    expect(invoice.order.items).toEqual([expect.objectContaining({ name: "Apple 1 kg", quantity: 3, unitPricePaise: 11_000 })]);
  });

  it("an invoice names the store as it was when the order was placed: a later change of name, address or GSTIN reaches only later orders", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const before = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);
    const contact = { ...DEFAULT_SETTINGS_INPUT.contact, legalName: "Sharma Kirana LLP", office: "4 Temple Street\nMysuru 570001", gstin: "29ABCDE1234F1ZW" };
    await saveSettings(seller, { contact });
    const after = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);

    const issued = { legalName: "GreenBasket Retail Pvt. Ltd.", addressLines: ["12 Market Road", "Bengaluru, Karnataka 560001", "India"], gstin: null };
    const renamed = { legalName: "Sharma Kirana LLP", addressLines: ["4 Temple Street", "Mysuru 570001"], gstin: "29ABCDE1234F1ZW" };
    expect((await invoiceData(db(), { shopperId: shopper.id }, before)).store).toMatchObject(issued);
    expect((await invoiceData(db(), { shopperId: shopper.id }, after)).store).toMatchObject(renamed);
    const page = await runRoute(sellerOrderPaperRoute.loader, { path: `/seller/orders/${before}/invoice`, cookie: seller, params: { id: before } });
    expect(dataOf<{ store: unknown }>(page).store).toMatchObject(issued);
  });

  it("an order placed before orders recorded the store is named by the settings as last saved, even by another isolate", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);
    await env.DB.prepare("UPDATE orders SET store_contact = NULL WHERE id = ?").bind(orderId).run();
    const contact = { ...DEFAULT_SETTINGS_INPUT.contact, legalName: "Sharma Kirana LLP", office: "4 Temple Street\nMysuru 570001", gstin: "29ABCDE1234F1ZW" };
    await saveSettings(seller, { contact });
    await readStoreSettings(db()); // this isolate's copy, warm
    // Another isolate saves a newer legal name: this one's copy is now a minute stale, the invoice is not.
    await env.DB.prepare("UPDATE store_settings SET contact = json_set(contact, '$.legalName', 'Sharma Fresh LLP')").run();

    const expected = { legalName: "Sharma Fresh LLP", addressLines: ["4 Temple Street", "Mysuru 570001"], gstin: "29ABCDE1234F1ZW" };
    expect((await invoiceData(db(), { shopperId: shopper.id }, orderId)).store).toMatchObject(expected);
    const page = await runRoute(sellerOrderPaperRoute.loader, { path: `/seller/orders/${orderId}/invoice`, cookie: seller, params: { id: orderId } });
    expect(dataOf<{ store: unknown }>(page).store).toMatchObject(expected);
  });

  it("the shopper's invoice page is theirs alone (404 otherwise); the seller's invoice and packing slip are the seller's alone (401)", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, [{ product: apple.id, quantity: 1 }]);
    const other = await signUp();

    expect(
      statusOf(await runRoute(shopperInvoiceRoute.loader, { path: `/my-orders/${orderId}/invoice`, cookie: shopper.cookie, params: { id: orderId } })),
    ).toBe(200);
    expect(statusOf(await runRoute(shopperInvoiceRoute.loader, { path: `/my-orders/${orderId}/invoice`, cookie: other.cookie, params: { id: orderId } }))).toBe(
      404,
    );
    expect(statusOf(await runRoute(shopperInvoiceRoute.loader, { path: `/my-orders/${orderId}/invoice`, params: { id: orderId } }))).toBe(302);

    const run = (cookie: string | undefined, id = orderId) => {
      const args = { path: `/seller/orders/${id}/invoice`, cookie, params: { id } };
      return runRoute(async (a: never) => {
        for (const guard of sellerOrderPaperRoute.middleware as ((args: never, next: () => Promise<Response>) => unknown)[])
          await guard(a, async () => new Response(null));
        return sellerOrderPaperRoute.loader(a);
      }, args);
    };
    expect(dataOf<{ order: { id: string } }>(await run(seller)).order.id).toBe(orderId);
    expect(statusOf(await run(shopper.cookie))).toBe(401);
    expect(statusOf(await run(undefined))).toBe(401);
    expect(statusOf(await run(seller, "no-such-order"))).toBe(404);
  });
});

describe("payment words and the dashboard's links agree with the money", () => {
  it("a cancelled order that was never paid has nothing to pay, not 'Pending'", () => {
    const cod = { isPaid: false, paymentType: "COD", paymentState: "pending" };
    expect(paymentLabel({ ...cod, status: "Order Placed" })).toBe("Pending");
    expect(paymentLabel({ ...cod, status: "Cancelled" })).toBe("Nothing to pay");
    expect(paymentLabel({ isPaid: false, paymentType: "Online", paymentState: "failed", status: "Cancelled" })).toBe("Nothing to pay");
    expect(paymentLabel({ isPaid: true, paymentType: "Online", paymentState: "refund_due", status: "Cancelled" })).toBe("Refund due");
  });

  it("'Cash to mark received' lists delivered cash orders not yet paid; 'Refunds to make' the refunds due", () => {
    const link = (key: string) => ordersPageFor(WAITING_STEPS.find((step) => step.key === key)!);
    expect(link("cashToCollect")).toBe("/seller/orders?status=Delivered&method=cod&paid=unpaid");
    expect(link("refundsDue")).toBe("/seller/orders?status=Cancelled&paid=refund");
    expect(link("toPack")).toBe("/seller/orders?status=Order+Placed");
  });
});
