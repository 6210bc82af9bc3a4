/**
 * Refunds through Stripe (ADR 072): cancelling a paid card or UPI order asks Stripe for the refund at once; the seller
 * refunds part of a payment (a missing item); the amount is reserved before Stripe is asked, so two refunds never
 * take more than was paid; Stripe's events settle each refund, duplicated or out of order; the shopper is told a
 * refund started only once Stripe took it. Against the in-repo fake Stripe, through the real `stripe` client.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { financialYear } from "@shared/gst";
import { formatDate } from "@shared/order-status";
import { EVERY_MINUTE } from "@worker/jobs/scheduled";
import worker from "@worker/index";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp, type Shopper } from "../support/shoppers";
import { fakeStripe, sendWebhook } from "../support/stripe";

type StripeRefund = { id: string; object: "refund"; amount: number; status: string; payment_intent: string; metadata: Record<string, string> };
const stripeRefunds = async (orderId: string) =>
  ((await (await fetch(`${env.STRIPE_API_BASE}/__refunds`)).json()) as StripeRefund[]).filter((refund) => refund.metadata.orderId === orderId);
const refundRows = async (orderId: string) =>
  (await env.DB.prepare("SELECT amount_paise, reason, status FROM refunds WHERE order_id = ? ORDER BY created_at").bind(orderId).all()).results;
const orderRow = (orderId: string) => env.DB.prepare("SELECT status, payment_state, refunded_at FROM orders WHERE id = ?").bind(orderId).first();

beforeEach(async () => {
  await fakeStripe.reset();
});

/** ₹400 of mangoes + 2% = ₹408, paid on the fake's page and confirmed by its webhook. */
async function paidCardOrder(): Promise<{ orderId: string; shopper: Shopper }> {
  const product = await insertProduct({ name: "Alphonso Mango 1 kg", pricePaise: 20_000, offerPricePaise: 20_000 });
  const shopper = await signUp();
  const address = await addAddress(shopper);
  const placed = await postJson("/api/order/stripe", { items: [{ product: product.id, quantity: 2 }], address }, { Cookie: shopper.cookie });
  const { orderId, url } = await json<{ orderId: string; url: string }>(placed);
  await fakeStripe.pay(url);
  const [session] = await fakeStripe.sessionsFor(orderId);
  expect((await sendWebhook({ type: "checkout.session.completed", object: session! })).status).toBe(200);
  expect(await orderRow(orderId)).toMatchObject({ payment_state: "paid" });
  return { orderId, shopper };
}

const cancelBySeller = async (seller: string, orderId: string) =>
  postJson("/api/order/status", { orderId, status: "Cancelled", reason: "Items out of stock" }, { Cookie: seller });
const refund = (cookie: string, body: Record<string, unknown>) => postJson("/api/order/refund", body, { Cookie: cookie });
/** Stripe's word on a refund, as its webhook brings it. */
const refundEvent = (refund: StripeRefund, status: string, id?: string) => sendWebhook({ id, type: "refund.updated", object: { ...refund, status } });
const shopperOrder = async (shopper: Shopper, orderId: string) =>
  (
    await json<{ orders: { _id: string; paymentState: string; refunds: unknown[] }[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }))
  ).orders.find((order) => order._id === orderId)!;
const orderPageText = async (shopper: Shopper, orderId: string) =>
  (await (await call(`/my-orders/${orderId}`, { headers: { Cookie: shopper.cookie } })).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a paid card order cancelled", () => {
  it("asks Stripe for the whole payment at once; the shopper hears it started only then; Stripe's event marks it refunded", async () => {
    const seller = await sellerLogin();
    const { orderId, shopper } = await paidCardOrder();
    expect((await cancelBySeller(seller, orderId)).status).toBe(200);

    const [asked] = await stripeRefunds(orderId);
    expect(asked).toMatchObject({ amount: 40_800, status: "pending" });
    expect(await refundRows(orderId)).toEqual([{ amount_paise: 40_800, reason: "Order cancelled", status: "pending" }]);
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", payment_state: "refund_due" });
    expect(await orderPageText(shopper, orderId)).toContain(`Refund of ₹408 started on ${formatDate(Date.now())}: usually 5-7 business days`);
    expect((await shopperOrder(shopper, orderId)).refunds).toEqual([expect.objectContaining({ amount: 408, reason: "Order cancelled", status: "pending" })]);
    // Marking it by hand now would record a refund twice.
    expect((await postJson("/api/order/refunded", { orderId }, { Cookie: seller })).status).toBe(409);

    expect((await refundEvent(asked!, "succeeded")).status).toBe(200);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "succeeded" })]);
    expect(await orderRow(orderId)).toMatchObject({ payment_state: "refunded", refunded_at: expect.any(Number) });
    const page = await orderPageText(shopper, orderId);
    expect(page).toContain(`Refund of ₹408 made on ${formatDate(Date.now())}`);
    expect(page).not.toContain("started on");
    await vi.waitFor(
      async () => {
        const told = await env.DB.prepare("SELECT message FROM notifications WHERE id = ?").bind(`${orderId}:Refunded`).first<{ message: string }>();
        expect(told?.message).toMatch(/^Your refund was made/);
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it("duplicate and out-of-order events change nothing more: a late 'pending' never undoes 'succeeded'; a later failure is kept", async () => {
    const seller = await sellerLogin();
    const { orderId } = await paidCardOrder();
    await cancelBySeller(seller, orderId);
    const [asked] = await stripeRefunds(orderId);

    expect((await refundEvent(asked!, "succeeded", "evt_refund_once")).status).toBe(200);
    expect((await refundEvent(asked!, "succeeded", "evt_refund_once")).status).toBe(200); // the same event again
    expect((await refundEvent(asked!, "pending")).status).toBe(200); // an older event, late
    const charge = { id: "ch_1", object: "charge", refunds: { object: "list", data: [{ ...asked!, status: "succeeded" }] } };
    expect((await sendWebhook({ type: "charge.refunded", object: charge })).status).toBe(200);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "succeeded" })]);
    expect(await orderRow(orderId)).toMatchObject({ payment_state: "refunded" });

    expect((await refundEvent(asked!, "failed")).status).toBe(200);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "failed" })]);
  });

  it("Stripe unreachable: the order is cancelled all the same, the shopper not yet told; the sweep asks again, with the same key", async () => {
    const seller = await sellerLogin();
    const { orderId, shopper } = await paidCardOrder();
    await fakeStripe.fail(500, 1, shopper.email);
    expect((await cancelBySeller(seller, orderId)).status).toBe(200);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "requested" })]);
    expect(await stripeRefunds(orderId)).toEqual([]);
    expect(await orderPageText(shopper, orderId)).toContain("Refund of ₹408 due: this page says when it has started");

    const controller = createScheduledController({ scheduledTime: new Date(Date.now() + 2 * 60_000), cron: EVERY_MINUTE });
    const ctx = createExecutionContext();
    await (worker as ExportedHandler<Env>).scheduled!(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await stripeRefunds(orderId)).toEqual([expect.objectContaining({ amount: 40_800 })]);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "pending" })]);
  });
});

describe("the seller refunds part of a payment", () => {
  it("a missing item: Stripe refunds that much, the order stays paid; more than is left is refused; a cancel refunds the rest", async () => {
    const seller = await sellerLogin();
    const { orderId, shopper } = await paidCardOrder();
    const part = await refund(seller, { orderId, amount: 50, reason: "Missing item" });
    expect(part.status).toBe(200);
    expect((await json(part)).msg).toBe("Refund of ₹50 started");
    expect(await orderRow(orderId)).toMatchObject({ payment_state: "paid" });
    expect(await orderPageText(shopper, orderId)).toContain(`Refund of ₹50 (Missing item) started on ${formatDate(Date.now())}`);

    const tooMuch = await refund(seller, { orderId, amount: 400, reason: "Damaged item" });
    expect(tooMuch.status).toBe(409);
    expect((await json(tooMuch)).msg).toBe("At most ₹358 of this payment is left to refund.");

    await cancelBySeller(seller, orderId);
    const asked = await stripeRefunds(orderId);
    expect(asked.map((r) => r.amount)).toEqual([5000, 35_800]);
    for (const one of asked) await refundEvent(one, "succeeded");
    expect(await orderRow(orderId)).toMatchObject({ payment_state: "refunded" });
  });

  it("a refund of an invoiced order takes a credit note once Stripe made it (ADR 075); one made before packing takes it with the invoice; a cancel credits the rest", async () => {
    const seller = await sellerLogin();
    const { orderId, shopper } = await paidCardOrder();
    const notes = async () =>
      (await env.DB.prepare("SELECT number, amount_paise, reason FROM credit_notes WHERE order_id = ? ORDER BY number").bind(orderId).all()).results;
    const made = async (amount: number) => {
      const asked = (await stripeRefunds(orderId)).find((one) => one.amount === amount)!;
      expect((await refundEvent(asked, "succeeded")).status).toBe(200);
      return asked;
    };
    const cn = (n: number) => `CN/${financialYear(Date.now())}/00000${n}`;

    await refund(seller, { orderId, amount: 50, reason: "Missing item" });
    await made(5000);
    expect(await notes()).toEqual([]); // no invoice yet: nothing to credit
    expect((await postJson("/api/order/status", { orderId, status: "Packed" }, { Cookie: seller })).status).toBe(200);
    expect(await notes()).toEqual([{ number: cn(1), amount_paise: 5000, reason: "Missing item" }]);

    await refund(seller, { orderId, amount: 20, reason: "Damaged item" });
    expect(await notes()).toHaveLength(1); // asked, not yet made
    const damaged = await made(2000);
    expect((await refundEvent(damaged, "succeeded")).status).toBe(200); // Stripe says it again
    expect(await notes()).toEqual([expect.objectContaining({ number: cn(1) }), { number: cn(2), amount_paise: 2000, reason: "Damaged item" }]);

    await cancelBySeller(seller, orderId);
    await made(33_800); // the rest of ₹408
    expect(await notes()).toEqual([
      expect.objectContaining({ number: cn(1) }),
      expect.objectContaining({ number: cn(2) }),
      { number: cn(3), amount_paise: 33_800, reason: "Order cancelled: Items out of stock" },
    ]);
    const invoice = (await (await call(`/my-orders/${orderId}/invoice`, { headers: { Cookie: shopper.cookie } })).text()).replace(/<[^>]+>/g, " ");
    expect(invoice.match(/Credit Note/g)).toHaveLength(3);
  });

  it("two refunds of the rest at the same moment: one is made, the other refused; Stripe is asked once", async () => {
    const seller = await sellerLogin();
    const { orderId } = await paidCardOrder();
    const answers = await Promise.all([1, 2].map(() => refund(seller, { orderId, amount: 408, reason: "Price adjustment" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await stripeRefunds(orderId)).toHaveLength(1);
    expect(await refundRows(orderId)).toHaveLength(1);
  });

  it("refuses bad input, the wrong person and what Stripe cannot refund, with its status, and changes nothing", async () => {
    const seller = await sellerLogin();
    const { orderId, shopper } = await paidCardOrder();
    for (const [body, status, msg] of [
      [{ orderId, amount: 0, reason: "Missing item" }, 400, "The refund must be more than ₹0"],
      [{ orderId, amount: "ten", reason: "Missing item" }, 400, "The refund must be a number"],
      [{ orderId, amount: 10.555, reason: "Missing item" }, 400, "The refund can have at most 2 decimals"],
      [{ orderId, amount: 10, reason: "Because" }, 400, "Choose why you refund"],
      [{ orderId: "no-such-order", amount: 10, reason: "Missing item" }, 404, "Order not found"],
    ] as const) {
      const answer = await refund(seller, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect((await json(answer)).msg).toBe(msg);
    }
    expect((await refund(shopper.cookie, { orderId, amount: 10, reason: "Missing item" })).status).toBe(403);
    expect((await postJson("/api/order/refund", { orderId, amount: 10, reason: "Missing item" })).status).toBe(401);

    const cash = await insertProduct();
    const address = await addAddress(shopper);
    const cod = await json<{ orderId: string }>(
      await postJson("/api/order/cod", { items: [{ product: cash.id, quantity: 1 }], address }, { Cookie: shopper.cookie }),
    );
    const refused = await refund(seller, { orderId: cod.orderId, amount: 10, reason: "Missing item" });
    expect(refused.status).toBe(409);
    expect(await refundRows(orderId)).toEqual([]);
    expect(await stripeRefunds(orderId)).toEqual([]);
  });

  it("a payment Stripe will not refund: the refund is recorded as failed, the seller told, and may then mark it refunded by hand", async () => {
    const seller = await sellerLogin();
    const { orderId } = await paidCardOrder();
    // A payment the fake no longer knows as paid: it answers as Stripe does, 400.
    await env.DB.prepare("UPDATE orders SET stripe_session_id = 'cs_test_unknown' WHERE id = ?").bind(orderId).run();
    const answer = await refund(seller, { orderId, amount: 100, reason: "Damaged item" });
    expect(answer.status).toBe(502);
    expect((await json(answer)).msg).toBe("Stripe refused this refund: see the payment in Stripe's Dashboard.");
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "failed" })]);

    await cancelBySeller(seller, orderId);
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: "failed" }), expect.objectContaining({ status: "failed" })]);
    expect((await postJson("/api/order/refunded", { orderId }, { Cookie: seller })).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ payment_state: "refunded" });
  });
});
