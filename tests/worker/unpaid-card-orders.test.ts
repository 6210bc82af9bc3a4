/**
 * No stock held by a failed payment, no unpaid order left payable (ADR 066): every path that ends
 * a card order waiting for its payment closes its Stripe checkout first (the shopper's cancel, the
 * seller's, the scheduled sweep past the hour, a new order replacing it), and the sweep ends any
 * hold past its hour, whatever went wrong. Against the real `stripe` client and the in-repo fake.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { UNPAID_CARD_ORDER_HOLD_MS } from "@shared/order-status";
import { EVERY_MINUTE } from "@worker/jobs/scheduled";
import { SWEEP_BATCH } from "@worker/jobs/release-unpaid-card-orders";
import { checkout, resumeCardPayment } from "@worker/services/checkout";
import { cancelBySeller } from "@worker/services/order-status";
import worker from "@worker/index";
import { db, insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp, type Shopper } from "../support/shoppers";
import { fakeStripe, sendWebhook } from "../support/stripe";

type Answer = { success: boolean; msg: string; url?: string; orderId?: string };

beforeEach(async () => {
  await fakeStripe.reset();
});

async function cardOrder({ stock = 5, quantity = 2, shopper }: { stock?: number | null; quantity?: number; shopper?: Shopper } = {}) {
  const product = await insertProduct({ name: "Alphonso Mango 1 kg", pricePaise: 50000, offerPricePaise: 45000, stock });
  shopper ??= await signUp();
  const address = await addAddress(shopper);
  const response = await postJson("/api/order/stripe", { items: [{ product: product.id, quantity }], address }, { Cookie: shopper.cookie });
  expect(response.status).toBe(201);
  const answer = await json<Answer>(response);
  const [session] = await fakeStripe.sessionsFor(answer.orderId!);
  return { product, shopper, address, orderId: answer.orderId!, url: answer.url!, sessionId: session!.id as string };
}

const orderOf = (id: string) =>
  env.DB.prepare("SELECT status, cancelled_by, cancel_reason, payment_state, is_paid, stock_returned FROM orders WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();
const stockOf = (id: string) => env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(id).first<number>("stock");
const sessionStatus = async (orderId: string) => (await fakeStripe.sessionsFor(orderId))[0]?.status as string;

/** Runs the Worker's scheduled jobs as the Cron Trigger would at `at`. */
async function runCron(at: number) {
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: EVERY_MINUTE });
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Env>).scheduled!(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

const createdAt = async (id: string) => (await env.DB.prepare("SELECT created_at FROM orders WHERE id = ?").bind(id).first<number>("created_at"))!;

describe("cancelling a card order that waits for its payment closes its Stripe checkout first", () => {
  it("the shopper's cancel: the checkout is closed, so paying afterwards is refused by Stripe's page; the stock comes back once", async () => {
    const { orderId, shopper, product, url } = await cardOrder();
    expect(await stockOf(product.id)).toBe(3);
    const cancel = await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie });
    expect(cancel.status).toBe(200);
    expect(await sessionStatus(orderId)).toBe("expired");
    expect((await fakeStripe.pay(url)).status).toBe(410);
    expect(await orderOf(orderId)).toMatchObject({
      status: "Cancelled",
      cancelled_by: "shopper",
      cancel_reason: "Ordered by mistake",
      is_paid: 0,
    });
    expect(await stockOf(product.id)).toBe(5);
    // The expiry event the closing sends finds the order cancelled already: nothing twice.
    await sendWebhook({ type: "checkout.session.expired", object: { id: (await fakeStripe.sessionsFor(orderId))[0]!.id, metadata: { orderId } } });
    expect(await stockOf(product.id)).toBe(5);
    expect(await orderOf(orderId)).toMatchObject({ cancelled_by: "shopper", cancel_reason: "Ordered by mistake" });
  });

  it("the seller's cancel: the checkout is closed before the order is cancelled, with the seller's reason", async () => {
    const { orderId, url, product } = await cardOrder();
    const seller = await sellerLogin();
    const response = await postJson("/api/order/status", { orderId, status: "Cancelled", reason: "Items out of stock", note: "" }, { Cookie: seller });
    expect(response.status).toBe(200);
    expect(await sessionStatus(orderId)).toBe("expired");
    expect((await fakeStripe.pay(url)).status).toBe(410);
    expect(await orderOf(orderId)).toMatchObject({ status: "Cancelled", cancelled_by: "seller", cancel_reason: "Items out of stock" });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("the expiry event the closing sends, arriving before the store's own cancellation, cancels with the canceller's words", async () => {
    const { orderId, sessionId, product, shopper } = await cardOrder();
    // Claimed by the shopper's cancel, its checkout closed, the store not yet done.
    await env.DB.prepare("UPDATE orders SET payment_state = 'expired', cancelled_by = 'shopper', cancel_reason = 'Delivery is too slow' WHERE id = ?")
      .bind(orderId)
      .run();
    // Meanwhile its shopper reads it as waiting to be paid, not cancelled.
    const meanwhile = await json<{ order: { status: string; cancellation?: unknown } }>(
      await call(`/api/order/user/${orderId}`, { headers: { Cookie: shopper.cookie } }),
    );
    expect(meanwhile.order.status).toBe("Order Placed");
    expect(meanwhile.order.cancellation).toBeUndefined();
    await sendWebhook({ type: "checkout.session.expired", object: { id: sessionId, metadata: { orderId } } });
    expect(await orderOf(orderId)).toMatchObject({ status: "Cancelled", cancelled_by: "shopper", cancel_reason: "Delivery is too slow" });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("Stripe unreachable: the cancel is refused (502, try again) and changes nothing; paid at Stripe meanwhile: refused (409), and the payment applies", async () => {
    const { orderId, shopper, product } = await cardOrder();
    await fakeStripe.fail(500, 1, shopper.email);
    // The fake fails the close; asked again, the session is still open: Stripe could not say it is closed.
    const unreachable = await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie });
    expect(unreachable.status).toBe(502);
    expect((await json(unreachable)).msg).toMatch(/try again in a minute/);
    expect(await orderOf(orderId)).toMatchObject({ status: "Order Placed", payment_state: "pending", cancelled_by: null, cancel_reason: null });
    expect(await stockOf(product.id)).toBe(3);

    const paid = await cardOrder({ shopper });
    expect((await fakeStripe.pay(paid.url)).status).toBe(303); // its webhook not yet in
    const refused = await postJson("/api/order/cancel", { orderId: paid.orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie });
    expect(refused.status).toBe(409);
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "Order Placed", payment_state: "pending" });
    const session = (await fakeStripe.sessionsFor(paid.orderId))[0]!;
    await sendWebhook({ type: "checkout.session.completed", object: session });
    expect(await orderOf(paid.orderId)).toMatchObject({ status: "Order Placed", payment_state: "paid", is_paid: 1 });
  });

  it("another shopper's order is not found (404) and its checkout stays open; a cash order is cancelled without Stripe", async () => {
    const { orderId } = await cardOrder();
    const other = await signUp();
    expect((await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: other.cookie })).status).toBe(404);
    expect(await sessionStatus(orderId)).toBe("open");
    const apple = await insertProduct({ stock: 4 });
    const cod = await json<Answer>(
      await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address: await addAddress(other) }, { Cookie: other.cookie }),
    );
    expect((await postJson("/api/order/cancel", { orderId: cod.orderId, reason: "Ordered by mistake" }, { Cookie: other.cookie })).status).toBe(200);
    expect(await fakeStripe.callsFor(other.email)).toBe(0);
  });

  it("a shopper and the seller cancelling at once: one cancellation, the stock back once, the checkout closed", async () => {
    const { orderId, shopper, product } = await cardOrder();
    const [byShopper, bySeller] = await Promise.allSettled([
      postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie }),
      cancelBySeller({ db: db(), env }, { orderId, reason: "Items out of stock" }),
    ]);
    const statuses = [
      byShopper.status === "fulfilled" ? byShopper.value.status : 0,
      bySeller.status === "fulfilled" ? 200 : (bySeller.reason as { status: number }).status,
    ];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    expect(await orderOf(orderId)).toMatchObject({ status: "Cancelled", stock_returned: 1 });
    expect(await stockOf(product.id)).toBe(5);
    expect(await sessionStatus(orderId)).toBe("expired");
  });

  it("an unpaid card order cannot be packed (409): packed, no expiry could end its hold", async () => {
    const { orderId } = await cardOrder();
    const seller = await sellerLogin();
    const response = await postJson("/api/order/status", { orderId, status: "Packed" }, { Cookie: seller });
    expect(response.status).toBe(409);
    expect(await orderOf(orderId)).toMatchObject({ status: "Order Placed" });
  });
});

describe("an order ended while Stripe opens its checkout never hands the checkout out", () => {
  it("cancelled while the session creation is slow: the session Stripe opened is closed and the request answers 409", async () => {
    const product = await insertProduct({ stock: 3 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await fakeStripe.fail("slow", 1, shopper.email);
    const placing = checkout({ db: db(), env }, { id: shopper.id, email: shopper.email }, { items: [{ product: product.id, quantity: 1 }], address }, "Online");
    // Meanwhile the order exists without its checkout; the shopper cancels it from My Orders.
    let orderId: string | undefined;
    await expect
      .poll(async () => (orderId = (await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?").bind(shopper.id).first<string>("id")) ?? undefined))
      .toBeTruthy();
    expect((await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(200);
    await expect(placing).rejects.toMatchObject({ status: 409 });
    expect(await sessionStatus(orderId!)).toBe("expired");
    expect(await stockOf(product.id)).toBe(3);
  }, 40_000);
});

describe("Pay now is braked per shopper (each press asks Stripe)", () => {
  it("presses past 10 a minute answer 429 and reach neither Stripe nor D1; another shopper's Pay now still works", async () => {
    const { orderId, shopper, url } = await cardOrder();
    const user = { id: shopper.id, email: shopper.email };
    const before = await fakeStripe.callsFor(shopper.email);
    const outcomes: (string | number)[] = [];
    for (let i = 0; i < 21; i++) {
      const outcome = await resumeCardPayment({ db: db(), env }, user, orderId).catch((error: { status: number }) => error.status);
      outcomes.push(outcome);
      if (outcome === 429) break;
    }
    expect(outcomes.at(-1)).toBe(429);
    expect(outcomes.slice(0, -1).every((o) => o === url)).toBe(true);
    const spent = (await fakeStripe.callsFor(shopper.email)) - before;
    expect(spent).toBe(outcomes.length - 1);
    await expect(resumeCardPayment({ db: db(), env }, user, orderId)).rejects.toMatchObject({ status: 429, headers: { "Retry-After": "60" } });
    expect(await fakeStripe.callsFor(shopper.email)).toBe(before + spent);
    const other = await cardOrder();
    expect(await resumeCardPayment({ db: db(), env }, { id: other.shopper.id, email: other.shopper.email }, other.orderId)).toBe(other.url);
  });
});

describe("the scheduled sweep ends every hold past its hour, whatever went wrong (Cron Trigger)", () => {
  it("an order whose expiry event never came, one stuck without a checkout, one claimed and never finished, one Stripe cannot be asked about: all ended, checkouts closed first, stock back once", async () => {
    const lost = await cardOrder({ stock: 2, quantity: 2 });
    const noCheckout = await cardOrder({ stock: 3, quantity: 1 });
    await env.DB.prepare("UPDATE orders SET stripe_session_id = NULL WHERE id = ?").bind(noCheckout.orderId).run();
    const stuck = await cardOrder({ stock: 4, quantity: 1 });
    await env.DB.prepare("UPDATE orders SET payment_state = 'expired', cancelled_by = 'system', cancel_reason = 'Replaced by your new order' WHERE id = ?")
      .bind(stuck.orderId)
      .run();
    const unreachable = await cardOrder({ stock: 5, quantity: 1 });
    await fakeStripe.fail(500, 1, unreachable.shopper.email);
    const fresh = await cardOrder({ stock: 6, quantity: 1 });
    // Held: the last two mangoes are off sale for everyone.
    expect(await stockOf(lost.product.id)).toBe(0);

    // An hour and a minute after the others were placed; the fresh one two minutes into its hour.
    const at = (await createdAt(lost.orderId)) + UNPAID_CARD_ORDER_HOLD_MS + 60_000;
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(at - 120_000, fresh.orderId)
      .run();
    await runCron(at);

    expect(await orderOf(lost.orderId)).toMatchObject({ status: "Cancelled", cancelled_by: "system", cancel_reason: "Payment not completed in time" });
    expect(await sessionStatus(lost.orderId)).toBe("expired");
    expect((await fakeStripe.pay(lost.url)).status).toBe(410);
    expect(await stockOf(lost.product.id)).toBe(2);
    expect(await orderOf(noCheckout.orderId)).toMatchObject({ status: "Cancelled", cancel_reason: "Payment not completed in time" });
    expect(await stockOf(noCheckout.product.id)).toBe(3);
    expect(await orderOf(stuck.orderId)).toMatchObject({ status: "Cancelled", cancel_reason: "Replaced by your new order" });
    expect(await stockOf(stuck.product.id)).toBe(4);
    expect(await orderOf(unreachable.orderId)).toMatchObject({ status: "Cancelled", cancel_reason: "Payment not completed in time" });
    expect(await stockOf(unreachable.product.id)).toBe(5);
    expect(await orderOf(fresh.orderId)).toMatchObject({ status: "Order Placed", payment_state: "pending" });
    expect(await sessionStatus(fresh.orderId)).toBe("open");

    // The next run changes nothing: the stock came back once.
    await runCron(at + 60_000);
    expect([await stockOf(lost.product.id), await stockOf(noCheckout.product.id), await stockOf(stuck.product.id)]).toEqual([2, 3, 4]);
    // The shopper reads why, and the seller's list of what to pack never held it.
    const page = await json<{ orders: { status: string; cancellation?: unknown }[] }>(
      await call("/api/order/user", { headers: { Cookie: lost.shopper.cookie } }),
    );
    expect(page.orders[0]).toMatchObject({ status: "Cancelled", cancellation: { by: "system", reason: "Payment not completed in time" } });
  });

  it("one paid at Stripe whose event was lost is recorded as paid, never cancelled", async () => {
    const { orderId, url, product } = await cardOrder();
    expect((await fakeStripe.pay(url)).status).toBe(303); // paid; the runtime tests' fake sends no webhook
    await runCron((await createdAt(orderId)) + UNPAID_CARD_ORDER_HOLD_MS + 1000);
    expect(await orderOf(orderId)).toMatchObject({ status: "Order Placed", payment_state: "paid", is_paid: 1 });
    expect(await stockOf(product.id)).toBe(3);
  });

  it(`ends at most ${SWEEP_BATCH} orders a run, the rest the next minute`, async () => {
    const first = await cardOrder({ stock: null, quantity: 1 });
    // Many more held orders of the same shopper, past their hour (written as the store writes them).
    const rows = await env.DB.prepare("SELECT * FROM orders WHERE id = ?").bind(first.orderId).first<Record<string, unknown>>();
    const columns = Object.keys(rows!);
    await env.DB.batch(
      Array.from({ length: SWEEP_BATCH + 5 }, (_, i) =>
        env.DB.prepare(`INSERT INTO orders (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(
          ...columns.map((column) =>
            column === "id" ? `bulk-${i}-${first.orderId}` : column === "stripe_session_id" || column === "idempotency_key" ? null : (rows![column] as never),
          ),
        ),
      ),
    );
    const at = (await createdAt(first.orderId)) + UNPAID_CARD_ORDER_HOLD_MS + 1000;
    const waiting = () => env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE status = 'Order Placed'").first<number>("n");
    await runCron(at);
    expect(await waiting()).toBe(6);
    await runCron(at + 60_000);
    expect(await waiting()).toBe(0);
  });

  it("forgets brake windows that ended, keeps the current ones", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO brake_counts (key, window_start, count) VALUES ('sign-ups:old', ?, 5)").bind(now - 3 * 60 * 60 * 1000),
      env.DB.prepare("INSERT INTO brake_counts (key, window_start, count) VALUES ('sign-ups:now', ?, 5)").bind(now - (now % (60 * 60 * 1000))),
    ]);
    await runCron(now);
    const keys = (await env.DB.prepare("SELECT key FROM brake_counts ORDER BY key").all<{ key: string }>()).results.map((row) => row.key);
    expect(keys).toEqual(["sign-ups:now"]);
  });

  it("wrangler.toml schedules the jobs every minute", () => {
    const { triggers } = JSON.parse(env.WRANGLER_CONFIG) as { triggers?: { crons?: string[] } };
    expect(triggers?.crons).toEqual([EVERY_MINUTE]);
  });
});

describe("a Stripe payment counts only for the card order whose checkout it is", () => {
  it("a correctly signed completed event naming a cash-on-delivery order, or a card order under another session, pays nothing", async () => {
    const shopper = await signUp();
    const apple = await insertProduct({ stock: 5 });
    const address = await addAddress(shopper);
    const cod = await json<Answer>(await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie }));
    const codAmount = await env.DB.prepare("SELECT amount_paise FROM orders WHERE id = ?").bind(cod.orderId).first<number>("amount_paise");
    const paidFor = (orderId: string, sessionId: string, amount: number) => ({
      type: "checkout.session.completed",
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        amount_total: amount,
        currency: "inr",
        metadata: { orderId },
        client_reference_id: orderId,
      },
    });
    expect(await json(await sendWebhook(paidFor(cod.orderId!, "cs_test_forged", codAmount!)))).toMatchObject({ outcome: "ignored" });
    expect(await orderOf(cod.orderId!)).toMatchObject({ is_paid: 0, payment_state: "pending" });

    const card = await cardOrder({ shopper });
    const other = await cardOrder();
    const cardAmount = await env.DB.prepare("SELECT amount_paise FROM orders WHERE id = ?").bind(card.orderId).first<number>("amount_paise");
    // Another order's session, naming this order: refused; the order's own session: paid.
    expect(await json(await sendWebhook(paidFor(card.orderId, other.sessionId, cardAmount!)))).toMatchObject({ outcome: "ignored" });
    expect(await orderOf(card.orderId)).toMatchObject({ is_paid: 0 });
    expect(await orderOf(other.orderId)).toMatchObject({ is_paid: 0 });
    expect(await json(await sendWebhook(paidFor(card.orderId, card.sessionId, cardAmount!)))).toMatchObject({ outcome: "applied" });
    expect(await orderOf(card.orderId)).toMatchObject({ is_paid: 1, payment_state: "paid" });
  });
});
