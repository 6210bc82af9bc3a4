/**
 * Refunds recorded by the seller (ADR 044): a paid card order, once cancelled, is marked refunded
 * through `POST /api/order/refunded` or the orders page's "Mark refunded"; every refusal has its
 * status and message and changes nothing; the shopper sees it (order JSON, notification through
 * the event queue); the orders page filters the refunds still to make.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import * as sellerOrdersRoute from "~/routes/seller/orders";
import { formatDate, orderNumber, refundText } from "@shared/order-status";
import { markRefunded } from "@worker/services/order-refund";
import { listQuery } from "@worker/services/seller-orders";
/** The header a page action marks its redirect with; the root turns it into the flash cookie (worker/web/flash.ts). */
const FLASH_HEADER = "X-Flash";
import { db, insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { dataOf, runRoute, statusOf } from "../support/routes";
import { sellerLogin } from "../support/seller";
import { addAddress, authed, signUp, type Shopper } from "../support/shoppers";

async function placeCod(shopper: Shopper): Promise<string> {
  const apple = await insertProduct({ name: "Refund apples" });
  const address = await addAddress(shopper);
  const response = await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 2 }], address }, { Cookie: shopper.cookie });
  expect(response.status).toBe(201);
  return (await json<{ orderId: string }>(response)).orderId;
}

/** A card order the shopper paid (as the Stripe webhook leaves it, ADR 006), not yet cancelled. */
async function placePaidCard(shopper: Shopper): Promise<string> {
  const orderId = await placeCod(shopper);
  await env.DB.prepare("UPDATE orders SET payment_type = 'Online', is_paid = 1, payment_state = 'paid' WHERE id = ?").bind(orderId).run();
  return orderId;
}

/** A paid card order the seller cancelled: its refund is due. */
async function refundDueOrder(seller: string, shopper: Shopper): Promise<string> {
  const orderId = await placePaidCard(shopper);
  const cancelled = await postJson("/api/order/status", { orderId, status: "Cancelled", reason: "Items out of stock" }, { Cookie: seller });
  expect(cancelled.status).toBe(200);
  return orderId;
}

const markRefundedApi = (body: unknown, cookie?: string) => postJson("/api/order/refunded", body, cookie ? { Cookie: cookie } : {});

async function orderRow(id: string) {
  return env.DB.prepare("SELECT status, is_paid, payment_state, refunded_at, updated_at FROM orders WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

/** The whole of the dashboard's kept sums, to show a refusal moved none of them. */
const salesDays = async () => (await env.DB.prepare("SELECT * FROM sales_days ORDER BY day").all()).results;

describe("POST /api/order/refunded", () => {
  it("records the refund of a cancelled, paid card order: its state, its time, the order JSON and the shopper's view", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const orderId = await refundDueOrder(seller, shopper);
    const before = Date.now();

    const response = await markRefundedApi({ orderId }, seller);
    expect(response.status).toBe(200);
    const body = await json<{ success: boolean; msg: string; paymentState: string; refundedAt: string }>(response);
    expect(body).toMatchObject({ success: true, msg: "Refund recorded", paymentState: "refunded" });
    const refundedAt = Date.parse(body.refundedAt);
    expect(refundedAt).toBeGreaterThanOrEqual(before);
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", is_paid: 1, payment_state: "refunded", refunded_at: refundedAt });

    // The shopper's order, as the API gives it.
    const mine = await json<{ order: Record<string, unknown> }>(await authed(shopper, `/api/order/user/${orderId}`));
    expect(mine.order).toMatchObject({ status: "Cancelled", paymentState: "refunded", refundedAt: new Date(refundedAt).toISOString() });
  });

  it("tells the shopper through the event queue (ADR 041)", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const orderId = await refundDueOrder(seller, shopper);
    expect((await markRefundedApi({ orderId }, seller)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const { notifications } = await json<{ notifications: { orderId: string; event: string; message: string }[] }>(
          await authed(shopper, "/api/user/notifications"),
        );
        expect(notifications).toContainEqual(
          expect.objectContaining({
            orderId,
            event: "Refunded",
            message: "Your refund was made: expect it back on the card or UPI account you paid from in 5-7 business days.",
          }),
        );
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it("a second mark is refused (409) and keeps the first date", async () => {
    const seller = await sellerLogin();
    const orderId = await refundDueOrder(seller, await signUp());
    expect((await markRefundedApi({ orderId }, seller)).status).toBe(200);
    const first = await orderRow(orderId);

    const again = await markRefundedApi({ orderId }, seller);
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({
      success: false,
      msg: `The refund of order ${orderNumber(orderId)} was already recorded on ${formatDate(first!.refunded_at as number)}.`,
    });
    expect(await orderRow(orderId)).toEqual(first);
  });

  it("two marks at the same moment: one wins, the other is refused", async () => {
    const seller = await sellerLogin();
    const orderId = await refundDueOrder(seller, await signUp());
    const statuses = (await Promise.all([markRefundedApi({ orderId }, seller), markRefundedApi({ orderId }, seller)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it("refuses a guest (401) and a shopper (403), even for their own order, and changes nothing", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const orderId = await refundDueOrder(seller, shopper);
    const row = await orderRow(orderId);

    const guest = await markRefundedApi({ orderId });
    expect(guest.status).toBe(401);
    expect((await json(guest)).success).toBe(false);
    const asShopper = await markRefundedApi({ orderId }, shopper.cookie);
    expect(asShopper.status).toBe(403);
    expect(await json(asShopper)).toMatchObject({ success: false, msg: "Only the seller can see this. You are signed in as a shopper." });
    expect(await orderRow(orderId)).toEqual(row);
  });

  it("an unknown order is a 404; a body without a usable order id a 400", async () => {
    const seller = await sellerLogin();
    const unknown = await markRefundedApi({ orderId: crypto.randomUUID() }, seller);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ success: false, msg: "Order not found" });
    for (const body of [{}, { orderId: "" }, { orderId: 42 }, { orderId: "x".repeat(65) }]) {
      const bad = await markRefundedApi(body, seller);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await json(bad)).toMatchObject({ success: false, msg: "Unknown order" });
    }
    const notJson = await call("/api/order/refunded", {
      method: "POST",
      headers: { Cookie: seller, "Content-Type": "application/json", Origin: "http://localhost:8787" },
      body: "{orderId",
    });
    expect(notJson.status).toBe(400);
  });

  it("refuses (409) an order that is not cancelled, a cancelled one that was never paid, and changes nothing", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const live = await placePaidCard(shopper);
    const cancelledCod = await placeCod(shopper);
    expect(
      (await postJson("/api/order/status", { orderId: cancelledCod, status: "Cancelled", reason: "Customer asked to cancel" }, { Cookie: seller })).status,
    ).toBe(200);
    const rows = { live: await orderRow(live), cancelledCod: await orderRow(cancelledCod) };
    const sums = await salesDays();

    const notCancelled = await markRefundedApi({ orderId: live }, seller);
    expect(notCancelled.status).toBe(409);
    expect(await json(notCancelled)).toMatchObject({ msg: `Order ${orderNumber(live)} is Order Placed: only a cancelled order is refunded.` });
    const neverPaid = await markRefundedApi({ orderId: cancelledCod }, seller);
    expect(neverPaid.status).toBe(409);
    expect(await json(neverPaid)).toMatchObject({ msg: `Order ${orderNumber(cancelledCod)} was not paid online, so there is nothing to refund.` });

    expect({ live: await orderRow(live), cancelledCod: await orderRow(cancelledCod) }).toEqual(rows);
    expect(await salesDays()).toEqual(sums);
  });
});

describe("the words for a refund", () => {
  it("says when a refund is due and, once made, on which day (India time); the seller reads what to do", () => {
    const order = { amountPaise: 42000, refundedAt: null, paymentType: "Online" };
    // Online: no promise of money back until Stripe has taken the refund (ADR 072).
    expect(refundText({ ...order, paymentState: "refund_due" })).toBe("Refund of ₹420 due: this page says when it has started");
    expect(refundText({ ...order, paymentState: "refund_due" }, "seller")).toBe(
      "Refund of ₹420 due: it is asked of Stripe; if Stripe refuses it, refund by hand and press Mark refunded",
    );
    expect(refundText({ ...order, paymentType: "COD", paymentState: "refund_due" }, "seller")).toBe(
      "Refund of ₹420 due: give the cash back, then press Mark refunded",
    );
    // Cash collected, then the order cancelled (a delivery that came back after all).
    expect(refundText({ ...order, paymentType: "COD", paymentState: "refund_due" })).toBe("Refund of ₹420 due: the store gives your cash back");
    // 23:30 on 23 Nov in India is 18:00 UTC that day.
    expect(refundText({ ...order, paymentState: "refunded", refundedAt: Date.UTC(2026, 10, 23, 18, 0) })).toBe("Refund of ₹420 made on 23 Nov 2026");
    expect(refundText({ ...order, paymentState: "paid" })).toBeNull();
  });
});

describe("Mark refunded on the seller's orders page (its own action, intent=refunded)", () => {
  const ORDERS = "/seller/orders";
  const mark = (orderId: string, cookie: string, document = false) =>
    runRoute(sellerOrdersRoute.action, { path: ORDERS, cookie, form: { intent: "refunded", orderId }, seller: true, document });

  it("without JavaScript redirects back to the orders with a toast (Post/Redirect/Get); through a fetcher answers { ok, msg }", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const first = await refundDueOrder(seller, shopper);
    const second = await refundDueOrder(seller, shopper);

    const redirect = (await mark(first, seller, true)).value as Response;
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("Location")).toBe(ORDERS);
    expect(JSON.parse(decodeURIComponent(redirect.headers.get(FLASH_HEADER)!))).toEqual({
      kind: "success",
      message: "Refund of ₹91.80 recorded",
      to: "/seller/orders",
    });
    expect(await orderRow(first)).toMatchObject({ payment_state: "refunded" });

    expect(dataOf(await mark(second, seller))).toEqual({ ok: true, msg: "Refund of ₹91.80 recorded" });
    expect(await orderRow(second)).toMatchObject({ payment_state: "refunded" });
  });

  it("a refusal: through a fetcher a 409 with the reason, without JavaScript back to the orders with it; a shopper is refused by the seller layout", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const live = await placePaidCard(shopper);
    const fetched = await mark(live, seller);
    expect(statusOf(fetched)).toBe(409);
    expect(dataOf(fetched)).toEqual({ ok: false, msg: `Order ${orderNumber(live)} is Order Placed: only a cancelled order is refunded.` });
    const document = (await mark(live, seller, true)).value as Response;
    expect(document.status).toBe(303);
    expect(document.headers.get("Location")).toBe(ORDERS);
    expect(JSON.parse(decodeURIComponent(document.headers.get(FLASH_HEADER)!))).toEqual({
      kind: "error",
      message: `Order ${orderNumber(live)} is Order Placed: only a cancelled order is refunded.`,
      to: "/seller/orders",
    });
    expect(await orderRow(live)).toMatchObject({ payment_state: "paid", refunded_at: null });

    const due = await refundDueOrder(seller, shopper);
    expect(statusOf(await mark(due, shopper.cookie))).toBe(401);
    const unknown = await mark(crypto.randomUUID(), seller);
    expect(statusOf(unknown)).toBe(404);
    expect(await orderRow(due)).toMatchObject({ payment_state: "refund_due", refunded_at: null });
  });
});

describe("the orders page's refund filter", () => {
  it("paid=refund lists the cancelled, paid orders not yet refunded, through the partial index of refunds due", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const due = await refundDueOrder(seller, shopper);
    const done = await refundDueOrder(seller, shopper);
    await placePaidCard(shopper);
    await markRefunded({ db: db(), env }, { orderId: done });

    const listed = await json<{ orders: { _id: string; paymentState: string }[] }>(
      await call("/api/order/seller?paid=refund", { headers: { Cookie: seller } }),
    );
    expect(listed.orders.map((order) => order._id)).toEqual([due]);
    expect((await call("/api/order/seller?paid=refunds", { headers: { Cookie: seller } })).status).toBe(400);

    const { sql, params } = listQuery(db(), { paid: "refund" }).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join("\n")).toMatch(/orders USING INDEX orders_refund_due_created_idx/);
  });
});

describe("every refusal on the seller's orders page comes back to it without JavaScript", () => {
  it("a step the order cannot take: a 303 back to the orders with the reason as a toast, nothing changed", async () => {
    const seller = await sellerLogin();
    const orderId = await placeCod(await signUp());
    const move = await runRoute(sellerOrdersRoute.action, {
      path: "/seller/orders",
      cookie: seller,
      form: { intent: "move", orderId, status: "Delivered" },
      seller: true,
      document: true,
    });
    const response = move.value as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/seller/orders");
    expect(JSON.parse(decodeURIComponent(response.headers.get(FLASH_HEADER)!))).toMatchObject({ kind: "error" });
    expect(await orderRow(orderId)).toMatchObject({ status: "Order Placed" });
  });
});
