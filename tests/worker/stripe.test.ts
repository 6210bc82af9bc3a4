import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeEach, describe, expect, it } from "vitest";
import { call, json, postJson } from "../support/http";
import { db, insertProduct } from "../support/builders";
import { cartPage } from "@worker/services/cart";
import { checkout, resumeCardPayment } from "@worker/services/checkout";
import { addAddress, signUp, type Shopper } from "../support/shoppers";
import { fakeStripe, sendWebhook } from "../support/stripe";
import { expectErrorsLogged } from "../support/console";
import { dataOf, runRoute, statusOf } from "../support/routes";
import * as orderPayRoute from "~/routes/shop/order-pay";
import * as orderPageRoute from "~/routes/shop/order";

type Answer = { success: boolean; msg: string; url?: string; orderId?: string };

beforeEach(async () => {
  await fakeStripe.reset();
});

async function orderRow(id: string) {
  return env.DB.prepare("SELECT is_paid, payment_state, amount_paise, stripe_session_id FROM orders WHERE id = ?")
    .bind(id)
    .first<{ is_paid: number; payment_state: string; amount_paise: number; stripe_session_id: string | null }>();
}

async function startOnlineOrder(headers: Record<string, string> = {}, stock: number | null = null, shopper?: Shopper) {
  const apple = await insertProduct({ name: "Apple 1 kg", pricePaise: 12000, offerPricePaise: 11000, stock });
  shopper ??= await signUp();
  const address = await addAddress(shopper);
  await postJson("/api/cart/update", { cartItems: { [apple.id]: 3 } }, { Cookie: shopper.cookie });
  const response = await postJson(
    "/api/order/stripe",
    { items: [{ product: apple.id, quantity: 3 }], address, idempotencyKey: `try-${crypto.randomUUID()}` },
    { Cookie: shopper.cookie, ...headers },
  );
  return { shopper, apple, address, response, answer: await json<Answer>(response) };
}

async function cancellation(id: string) {
  return env.DB.prepare("SELECT status, cancelled_by, cancel_reason FROM orders WHERE id = ?").bind(id).first();
}

async function stockOf(id: string) {
  return env.DB.prepare("SELECT stock, in_stock FROM products WHERE id = ?").bind(id).first<{ stock: number | null; in_stock: number }>();
}

function completed(orderId: string, sessionId: string, amount = 33660, currency = "inr") {
  return {
    type: "checkout.session.completed",
    object: {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      amount_total: amount,
      currency,
      metadata: { orderId },
      client_reference_id: orderId,
    },
  };
}

/** The Checkout Session the store opened for the order (at the fake Stripe). */
async function sessionIdOf(orderId: string): Promise<string> {
  return (await fakeStripe.sessionsFor(orderId))[0]!.id;
}

async function savedCart(shopper: Shopper) {
  return (await json<{ user: { cartItems: unknown } }>(await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } }))).user.cartItems;
}

describe("POST /api/order/stripe", () => {
  it("creates a Checkout Session in INR whose total equals the order's, with a tax line and the order id", async () => {
    const { answer, response } = await startOnlineOrder();
    expect(response.status).toBe(201);
    expect(answer.success).toBe(true);
    expect(answer.url).toMatch(/\/pay\/cs_test_/);
    const [session] = await fakeStripe.sessionsFor(answer.orderId!);
    // 3 × ₹110 = ₹330, tax ₹6.60, total ₹336.60
    expect(session).toMatchObject({ amount_total: 33660, currency: "inr", metadata: { orderId: answer.orderId } });
    expect(session!.line_items).toEqual([
      { name: "Apple 1 kg", unit_amount: 11000, quantity: 3 },
      { name: "Tax (2%)", unit_amount: 660, quantity: 1 },
    ]);
    const row = await orderRow(answer.orderId!);
    expect(row).toMatchObject({ is_paid: 0, payment_state: "pending", amount_paise: 33660, stripe_session_id: session!.id });
  });

  it("builds the redirect URLs from configuration, never from Host or Origin", async () => {
    const { answer } = await startOnlineOrder({ Host: "evil.example", "X-Forwarded-Host": "evil.example" });
    const [session] = await fakeStripe.sessionsFor(answer.orderId!);
    // Straight to the order's page, which confirms the payment until Stripe's word arrives.
    expect(session!.success_url).toBe(`${env.APP_URL}/my-orders/${answer.orderId}?confirming`);
    // Back from cancelling: the cart, naming the order that waits for its payment.
    expect(session!.cancel_url).toBe(`${env.APP_URL}/cart?unpaid=${answer.orderId}`);
  });

  it("offers UPI and card as configured (STRIPE_PAYMENT_METHODS); unset, what the Stripe Dashboard has switched on", async () => {
    const offered = async (methods: string | undefined) => {
      const apple = await insertProduct();
      const shopper = await signUp();
      const input = { items: [{ product: apple.id, quantity: 1 }], address: await addAddress(shopper), idempotencyKey: crypto.randomUUID() };
      const store = { db: db(), env: { ...env, STRIPE_PAYMENT_METHODS: methods } as Env };
      const { order } = await checkout(store, { id: shopper.id, email: shopper.email }, input, "Online");
      return (await fakeStripe.sessionsFor(order.id))[0]!.payment_method_types;
    };
    expect(await offered("card, upi")).toEqual(["card", "upi"]);
    expect(await offered("card")).toEqual(["card"]); // an account without UPI still takes cards
    // None sent: the fake's Dashboard has both switched on, as an Indian Stripe account with UPI.
    expect(await offered("")).toEqual(["upi", "card"]);
    expect(await offered(undefined)).toEqual(["upi", "card"]);
  });

  it("keeps the cart until the payment succeeds, and the order pending", async () => {
    const { shopper, apple } = await startOnlineOrder();
    expect(await savedCart(shopper)).toEqual({ [apple.id]: 3 });
  });

  it("Stripe refusing to open the checkout (500, 429): 502, and the order is undone at once, its last unit back on sale; trying again places it afresh, one session", async () => {
    expectErrorsLogged("Stripe checkout session failed");
    const apple = await insertProduct({ stock: 1 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const body = { items: [{ product: apple.id, quantity: 1 }], address, idempotencyKey: "retry-key-123456" };
    for (const fail of [500, 429] as const) {
      await fakeStripe.fail(fail, 10, shopper.email);
      const failed = await postJson("/api/order/stripe", body, { Cookie: shopper.cookie });
      expect(failed.status).toBe(502);
      expect((await json<Answer>(failed)).msg).toMatch(/Cash On Delivery/);
      // Nothing held: the last unit is on sale again, for anyone.
      expect(await stockOf(apple.id)).toEqual({ stock: 1, in_stock: 1 });
    }
    const undone = await env.DB.prepare("SELECT status, cancelled_by, cancel_reason, idempotency_key, stock_returned FROM orders").all();
    expect(undone.results).toEqual(
      Array(2).fill({
        status: "Cancelled",
        cancelled_by: "system",
        cancel_reason: "Online payment could not be started",
        idempotency_key: null,
        stock_returned: 1,
      }),
    );
    await fakeStripe.fail(500, 0, shopper.email);
    const ok = await json<Answer>(await postJson("/api/order/stripe", body, { Cookie: shopper.cookie }));
    const again = await json<Answer>(await postJson("/api/order/stripe", body, { Cookie: shopper.cookie }));
    expect(ok.url).toMatch(/\/pay\/cs_test_/);
    expect(ok.url).toBe(again.url);
    expect(await fakeStripe.sessionsOf(shopper.email)).toHaveLength(1);
    expect(await orderRow(ok.orderId!)).toMatchObject({ payment_state: "pending" });
    expect(await stockOf(apple.id)).toEqual({ stock: 0, in_stock: 0 });
  });

  it("the cart page's Place Order by card, refused by Stripe, holds nothing either", async () => {
    expectErrorsLogged("Stripe checkout session failed");
    const apple = await insertProduct({ stock: 2 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await fakeStripe.fail(500, 10, shopper.email);
    await expect(
      checkout({ db: db(), env }, { id: shopper.id, email: shopper.email }, { items: [{ product: apple.id, quantity: 2 }], address }, "Online"),
    ).rejects.toMatchObject({ status: 502 });
    expect(await stockOf(apple.id)).toEqual({ stock: 2, in_stock: 1 });
    // Another shopper gets the units a failed payment would have held.
    const other = await signUp();
    const cod = await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 2 }], address: await addAddress(other) }, { Cookie: other.cookie });
    expect(cod.status).toBe(201);
  });
});

describe("Stripe answering slowly", () => {
  it("a timed-out session creation is retried with the same idempotency key: one session, order pending", async () => {
    const shopper = await signUp();
    await fakeStripe.fail("slow", 1, shopper.email);
    const { answer, response } = await startOnlineOrder({}, null, shopper);
    expect(response.status).toBe(201);
    expect(answer.url).toMatch(/\/pay\/cs_test_/);
    expect(await fakeStripe.sessionsOf(shopper.email)).toHaveLength(1);
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "pending" });
  }, 40_000);
});

describe("POST /api/stripe/webhook", () => {
  it("a verified completed event marks the order paid and clears the saved cart", async () => {
    const { answer, shopper } = await startOnlineOrder();
    const [session] = await fakeStripe.sessionsFor(answer.orderId!);
    const response = await sendWebhook(completed(answer.orderId!, session!.id));
    expect(response.status).toBe(200);
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 1, payment_state: "paid" });
    expect(await savedCart(shopper)).toEqual({});
    const list = await json<{ orders: { isPaid: boolean }[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }));
    expect(list.orders[0]!.isPaid).toBe(true);
  });

  it("visiting the success URL without a verified webhook leaves the order unpaid", async () => {
    const { answer } = await startOnlineOrder();
    await call("/loader?next=/my-orders");
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "pending" });
  });

  it("refuses a bad signature, an old timestamp, a changed body and the wrong secret (400), changing nothing", async () => {
    const { answer } = await startOnlineOrder();
    const event = completed(answer.orderId!, "cs_x");
    const attempts = [
      await sendWebhook(event, { secret: "whsec_wrong" }),
      await sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await sendWebhook(event, { tamper: (p) => p.replace('"paid"', '"paid" ') }),
      await call("/api/stripe/webhook", { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=deadbeef" }, body: "{}" }),
      await call("/api/stripe/webhook", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      expect((await json(response)).success).toBe(false);
    }
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "pending" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM stripe_events").first<{ n: number }>())!.n).toBe(0);
  });

  it("a correctly signed event of the wrong shape (no id, no data, an order id that is not text) is a 400 that changes nothing", async () => {
    const { answer } = await startOnlineOrder();
    const signed = async (payload: string) =>
      call("/api/stripe/webhook", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": await new Stripe(env.STRIPE_SECRET_KEY!).webhooks.generateTestHeaderStringAsync({ payload, secret: env.STRIPE_WEBHOOK_SECRET! }),
        },
        body: payload,
      });
    const session = { id: "cs_odd", payment_status: "paid", amount_total: 1, currency: "inr" };
    for (const payload of [
      "{}",
      "[]",
      JSON.stringify({ id: "evt_no_data", type: "checkout.session.completed" }),
      JSON.stringify({ id: "evt_odd_order", type: "checkout.session.completed", data: { object: { ...session, metadata: { orderId: 5 } } } }),
      JSON.stringify({ id: "evt_odd_ref", type: "checkout.session.expired", data: { object: { ...session, client_reference_id: { $ne: null } } } }),
    ]) {
      const response = await signed(payload);
      expect(response.status, payload).toBe(400);
      expect(await json(response)).toEqual({ success: false, msg: "Invalid Stripe event", message: "Invalid Stripe event" });
    }
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "pending" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM stripe_events").first<{ n: number }>())!.n).toBe(0);
  });

  it("the same event delivered 5 times, concurrently, takes effect once", async () => {
    const { answer } = await startOnlineOrder();
    const event = { ...completed(answer.orderId!, await sessionIdOf(answer.orderId!)), id: "evt_replayed_once" };
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(event)));
    const outcomes = await Promise.all(responses.map(async (r) => (await json<{ outcome: string }>(r)).outcome));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM stripe_events").first<{ n: number }>())!.n).toBe(1);
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 1, payment_state: "paid" });
  });

  it("states only move forward: expired after paid changes nothing; paid after expired wins", async () => {
    const first = await startOnlineOrder();
    await sendWebhook(completed(first.answer.orderId!, await sessionIdOf(first.answer.orderId!)));
    await sendWebhook({
      type: "checkout.session.expired",
      object: { id: await sessionIdOf(first.answer.orderId!), metadata: { orderId: first.answer.orderId } },
    });
    await sendWebhook({
      type: "checkout.session.async_payment_failed",
      object: { id: await sessionIdOf(first.answer.orderId!), metadata: { orderId: first.answer.orderId } },
    });
    expect(await orderRow(first.answer.orderId!)).toMatchObject({ is_paid: 1, payment_state: "paid" });

    // Money arriving after the expiry cancelled the order is recorded, and owed back.
    const second = await startOnlineOrder();
    await sendWebhook({
      type: "checkout.session.expired",
      object: { id: await sessionIdOf(second.answer.orderId!), metadata: { orderId: second.answer.orderId } },
    });
    expect(await orderRow(second.answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "expired" });
    await sendWebhook({ ...completed(second.answer.orderId!, await sessionIdOf(second.answer.orderId!)), type: "checkout.session.async_payment_succeeded" });
    expect(await orderRow(second.answer.orderId!)).toMatchObject({ is_paid: 1, payment_state: "refund_due" });
  });

  it("async failure marks the payment failed and cancels the order, which stays (never deleted)", async () => {
    const { answer } = await startOnlineOrder();
    await sendWebhook({
      type: "checkout.session.async_payment_failed",
      object: { id: await sessionIdOf(answer.orderId!), metadata: { orderId: answer.orderId } },
    });
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "failed" });
    expect(await cancellation(answer.orderId!)).toEqual({ status: "Cancelled", cancelled_by: "system", cancel_reason: "Payment failed" });
  });

  it("a completed session still awaiting an async payment does not mark the order paid", async () => {
    const { answer } = await startOnlineOrder();
    const event = completed(answer.orderId!, await sessionIdOf(answer.orderId!));
    (event.object as Record<string, unknown>).payment_status = "unpaid";
    await sendWebhook(event);
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "pending" });
  });

  it("a paid amount or currency different from the order's is not marked paid", async () => {
    expectErrorsLogged("Stripe payment does not match the order; not marking it paid");
    const { answer } = await startOnlineOrder();
    await sendWebhook(completed(answer.orderId!, await sessionIdOf(answer.orderId!), 100));
    await sendWebhook(completed(answer.orderId!, await sessionIdOf(answer.orderId!), 33660, "usd"));
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "pending" });
  });
});

describe("an unpaid card order holds its stock for an hour at most (ADR 054)", () => {
  it("its Checkout Session expires an hour after the order was placed", async () => {
    const { answer } = await startOnlineOrder();
    const placed = await env.DB.prepare("SELECT created_at FROM orders WHERE id = ?").bind(answer.orderId).first<{ created_at: number }>();
    const [session] = await fakeStripe.sessionsFor(answer.orderId!);
    expect(session!.expires_at).toBe(Math.floor((placed!.created_at + 60 * 60 * 1000) / 1000));
  });

  it("the session expiring cancels the order and puts its stock back on sale, once", async () => {
    const { answer, apple, shopper } = await startOnlineOrder({}, 3);
    // Holding the last 3: off sale for everyone else while the shopper is at Stripe.
    expect(await stockOf(apple.id)).toEqual({ stock: 0, in_stock: 0 });
    const expired = {
      id: "evt_expired_once",
      type: "checkout.session.expired",
      object: { id: await sessionIdOf(answer.orderId!), metadata: { orderId: answer.orderId } },
    };
    expect(await json(await sendWebhook(expired))).toMatchObject({ outcome: "applied" });
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "expired" });
    expect(await cancellation(answer.orderId!)).toEqual({ status: "Cancelled", cancelled_by: "system", cancel_reason: "Payment not completed in time" });
    expect(await stockOf(apple.id)).toEqual({ stock: 3, in_stock: 1 });
    // Replayed, or a second expiry (another event id): the stock is not given back twice.
    expect(await json(await sendWebhook(expired))).toMatchObject({ outcome: "duplicate" });
    await sendWebhook({ ...expired, id: "evt_expired_again" });
    await sendWebhook({
      type: "checkout.session.async_payment_failed",
      object: { id: await sessionIdOf(answer.orderId!), metadata: { orderId: answer.orderId } },
    });
    expect(await stockOf(apple.id)).toEqual({ stock: 3, in_stock: 1 });
    // The shopper reads why, and the cart is still theirs to order again.
    const page = await json<{ orders: { status: string; cancellation?: unknown }[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }));
    expect(page.orders[0]).toMatchObject({ status: "Cancelled", cancellation: { by: "system", reason: "Payment not completed in time" } });
    expect(await savedCart(shopper)).toEqual({ [apple.id]: 3 });
  });

  it("an order the shopper cancelled before the expiry only records the state: its stock came back once", async () => {
    const { answer, apple, shopper } = await startOnlineOrder({}, 5);
    expect(await stockOf(apple.id)).toEqual({ stock: 2, in_stock: 1 });
    const cancel = await postJson("/api/order/cancel", { orderId: answer.orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie });
    expect(cancel.status).toBe(200);
    expect(await stockOf(apple.id)).toEqual({ stock: 5, in_stock: 1 });
    await sendWebhook({ type: "checkout.session.expired", object: { id: await sessionIdOf(answer.orderId!), metadata: { orderId: answer.orderId } } });
    expect(await stockOf(apple.id)).toEqual({ stock: 5, in_stock: 1 });
    expect(await cancellation(answer.orderId!)).toEqual({ status: "Cancelled", cancelled_by: "shopper", cancel_reason: "Ordered by mistake" });
    expect(await orderRow(answer.orderId!)).toMatchObject({ payment_state: "expired" });
  });

  it("a paid order is never cancelled by a late expiry or failure event", async () => {
    const { answer, apple } = await startOnlineOrder({}, 4);
    await sendWebhook(completed(answer.orderId!, await sessionIdOf(answer.orderId!)));
    await sendWebhook({ type: "checkout.session.expired", object: { id: await sessionIdOf(answer.orderId!), metadata: { orderId: answer.orderId } } });
    expect(await cancellation(answer.orderId!)).toEqual({ status: "Order Placed", cancelled_by: null, cancel_reason: null });
    expect(await stockOf(apple.id)).toEqual({ stock: 1, in_stock: 1 });
  });
});

describe("a new order replaces the shopper's card orders still waiting for their payment (ADR 054)", () => {
  const sessionOf = async (orderId: string) => (await fakeStripe.sessionsFor(orderId))[0]!;
  const placeCod = (shopper: Shopper, productId: string, quantity: number, address: string) =>
    postJson("/api/order/cod", { items: [{ product: productId, quantity }], address }, { Cookie: shopper.cookie });

  it("back from Stripe, the cart placed by cash on delivery: the card order is cancelled, its checkout closed, the stock held once", async () => {
    const { answer, apple, shopper, address } = await startOnlineOrder({}, 5);
    expect(await stockOf(apple.id)).toEqual({ stock: 2, in_stock: 1 });
    const cod = await placeCod(shopper, apple.id, 3, address);
    expect(cod.status).toBe(201);
    expect(await cancellation(answer.orderId!)).toEqual({ status: "Cancelled", cancelled_by: "system", cancel_reason: "Replaced by your new order" });
    expect(await orderRow(answer.orderId!)).toMatchObject({ is_paid: 0, payment_state: "expired" });
    expect((await sessionOf(answer.orderId!)).status).toBe("expired");
    expect(await stockOf(apple.id)).toEqual({ stock: 2, in_stock: 1 });
    // Closed at Stripe: the old order cannot be paid any more, from the order page (which says why) or Stripe's.
    await expect(resumeCardPayment({ db: db(), env }, { id: shopper.id, email: shopper.email }, answer.orderId)).rejects.toMatchObject({
      status: 409,
      message: "This order was replaced by your newer order, so there is nothing to pay: see My Orders.",
    });
    expect((await fetch((await sessionOf(answer.orderId!)).url, { method: "POST", body: new URLSearchParams({ action: "pay" }) })).status).toBe(410);
  });

  it("the last units, held by the shopper's own waiting card order, go to the new order", async () => {
    const { answer, apple, shopper, address } = await startOnlineOrder({}, 3);
    expect(await stockOf(apple.id)).toEqual({ stock: 0, in_stock: 0 });
    const cod = await placeCod(shopper, apple.id, 3, address);
    expect(cod.status).toBe(201);
    expect(await cancellation(answer.orderId!)).toMatchObject({ status: "Cancelled", cancel_reason: "Replaced by your new order" });
    expect(await stockOf(apple.id)).toEqual({ stock: 0, in_stock: 0 });
  });

  it("placed by card again: the first checkout is closed, the new order has its own", async () => {
    const first = await startOnlineOrder({}, 10);
    const second = await startOnlineOrder({}, null, first.shopper);
    expect(second.response.status).toBe(201);
    expect(await cancellation(first.answer.orderId!)).toMatchObject({ status: "Cancelled", cancel_reason: "Replaced by your new order" });
    expect((await sessionOf(first.answer.orderId!)).status).toBe("expired");
    expect(await cancellation(second.answer.orderId!)).toMatchObject({ status: "Order Placed" });
    expect((await sessionOf(second.answer.orderId!)).status).toBe("open");
    expect(await stockOf(first.apple.id)).toEqual({ stock: 10, in_stock: 1 });
  });

  it("a waiting order paid at Stripe meanwhile is kept; another shopper's is never touched; a retried request replaces nothing", async () => {
    const paying = await startOnlineOrder({}, 10);
    const paid = await fetch((await sessionOf(paying.answer.orderId!)).url, {
      method: "POST",
      body: new URLSearchParams({ action: "pay" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303); // paid at Stripe; its webhook not yet in
    const other = await startOnlineOrder();
    expect((await placeCod(paying.shopper, paying.apple.id, 1, paying.address)).status).toBe(201);
    expect(await cancellation(paying.answer.orderId!)).toMatchObject({ status: "Order Placed" });
    expect(await orderRow(paying.answer.orderId!)).toMatchObject({ payment_state: "pending" }); // its paid webhook will apply
    expect(await cancellation(other.answer.orderId!)).toMatchObject({ status: "Order Placed" });

    // The same request again (its idempotency key): the order it placed is returned, not replaced.
    const body = { items: [{ product: other.apple.id, quantity: 1 }], address: other.address, idempotencyKey: "retry-once" };
    const once = await json<Answer>(await postJson("/api/order/stripe", body, { Cookie: other.shopper.cookie }));
    const again = await json<Answer>(await postJson("/api/order/stripe", body, { Cookie: other.shopper.cookie }));
    expect(again.orderId).toBe(once.orderId);
    expect(await cancellation(once.orderId!)).toMatchObject({ status: "Order Placed" });
    expect((await sessionOf(once.orderId!)).status).toBe("open");
  });

  it("Stripe unreachable: the waiting order is left to Stripe's word, and the new order still goes through", async () => {
    const { answer, apple, shopper, address } = await startOnlineOrder({}, 10);
    const closing = await fetch(`${env.STRIPE_API_BASE}/__control`, { method: "POST", body: JSON.stringify({ fail: 500, times: 5, email: shopper.email }) });
    expect(closing.status).toBe(200);
    expect((await placeCod(shopper, apple.id, 1, address)).status).toBe(201);
    expect(await cancellation(answer.orderId!)).toMatchObject({ status: "Order Placed" });
    expect(await orderRow(answer.orderId!)).toMatchObject({ payment_state: "pending" });
  });

  it("card payments switched off since (no Stripe key): a cash order still goes through, the waiting order is left to Stripe", async () => {
    const { answer, apple, shopper, address } = await startOnlineOrder({}, 10);
    const withoutStripe = { db: db(), env: { ...env, STRIPE_SECRET_KEY: "" } };
    const placed = await checkout(withoutStripe, { id: shopper.id, email: shopper.email }, { items: [{ product: apple.id, quantity: 1 }], address }, "COD");
    expect(placed.created).toBe(true);
    expect(await cancellation(answer.orderId!)).toMatchObject({ status: "Order Placed" });
    expect(await orderRow(answer.orderId!)).toMatchObject({ payment_state: "pending" });
  });

  it("the expiry event of a checkout the store closed, arriving before the store's own cancellation, gives the same reason", async () => {
    const { answer, apple } = await startOnlineOrder({}, 5);
    // Claimed for replacement (services/checkout.ts), its checkout closed, the store not yet done.
    await env.DB.prepare("UPDATE orders SET payment_state = 'expired' WHERE id = ?").bind(answer.orderId).run();
    await sendWebhook({ type: "checkout.session.expired", object: { id: await sessionIdOf(answer.orderId!), metadata: { orderId: answer.orderId } } });
    expect(await cancellation(answer.orderId!)).toEqual({ status: "Cancelled", cancelled_by: "system", cancel_reason: "Replaced by your new order" });
    expect(await stockOf(apple.id)).toEqual({ stock: 5, in_stock: 1 });
  });
});

describe("Pay now: a card order waiting for its payment goes back to the same Checkout Session", () => {
  const store = () => ({ db: db(), env });
  const userOf = (shopper: Shopper) => ({ id: shopper.id, email: shopper.email });

  it("the shopper's own waiting order: the session it opened before, no second one", async () => {
    const { answer, shopper } = await startOnlineOrder();
    expect(await resumeCardPayment(store(), userOf(shopper), answer.orderId)).toBe(answer.url);
    expect(await fakeStripe.sessionsFor(answer.orderId!)).toHaveLength(1);
  });

  it("the cart names the waiting order only to its shopper, only while it waits, and counts the stock it holds as the shopper's to order again", async () => {
    const { answer, shopper, apple } = await startOnlineOrder({}, 3);
    const other = await signUp();
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 1 } }, { Cookie: other.cookie });
    const mine = await cartPage(db(), { userId: shopper.id });
    expect(mine.waiting).toMatchObject({ id: answer.orderId });
    // All 3 are held by the shopper's own waiting order, which placing the cart replaces: still 3 to order.
    expect(mine.lines).toMatchObject([{ productId: apple.id, quantity: 3, available: true, product: { stock: 3 } }]);
    // For anyone else they are gone until it is paid or cancelled.
    const theirs = await cartPage(db(), { userId: other.id });
    expect(theirs.waiting).toBeNull();
    expect(theirs.lines).toMatchObject([{ productId: apple.id, available: false, product: { stock: 0 } }]);
    await sendWebhook(completed(answer.orderId!, await sessionIdOf(answer.orderId!)));
    expect((await cartPage(db(), { userId: shopper.id })).waiting).toBeNull();
  });

  it("another shopper's order, or no order: 404; a paid, cancelled or cash order: 409", async () => {
    const { answer } = await startOnlineOrder();
    const other = await signUp();
    for (const id of [answer.orderId, "not-an-order", crypto.randomUUID()]) {
      await expect(resumeCardPayment(store(), userOf(other), id)).rejects.toMatchObject({ status: 404 });
    }
    const paid = await startOnlineOrder();
    await sendWebhook(completed(paid.answer.orderId!, await sessionIdOf(paid.answer.orderId!)));
    const expired = await startOnlineOrder();
    await sendWebhook({
      type: "checkout.session.expired",
      object: { id: await sessionIdOf(expired.answer.orderId!), metadata: { orderId: expired.answer.orderId } },
    });
    for (const { answer: a, shopper } of [paid, expired]) {
      await expect(resumeCardPayment(store(), userOf(shopper), a.orderId)).rejects.toMatchObject({
        status: 409,
        message: "This order is not waiting for an online payment.",
      });
    }
    const cod = await postJson("/api/order/cod", { items: [{ product: paid.apple.id, quantity: 1 }], address: paid.address }, { Cookie: paid.shopper.cookie });
    const codId = (await json<Answer>(cod)).orderId;
    await expect(resumeCardPayment(store(), userOf(paid.shopper), codId)).rejects.toMatchObject({ status: 409 });
  });
});

describe("back from Stripe's page: the order's page confirms the payment", () => {
  const orderPage = (orderId: string, cookie: string, query = "?confirming") =>
    runRoute(orderPageRoute.loader as never, { path: `/my-orders/${orderId}${query}`, cookie, params: { id: orderId } }).then((outcome) =>
      dataOf<{ confirming: boolean; order: { promise: string | null; isPaid: boolean } }>(outcome),
    );

  it("says it is confirming the payment until Stripe's word arrives, then shows the order paid; without the return mark, Pay now's wait", async () => {
    const { answer, shopper } = await startOnlineOrder();
    const orderId = answer.orderId!;
    expect(await orderPage(orderId, shopper.cookie)).toMatchObject({
      confirming: true,
      order: { promise: "Confirming your payment… this page updates by itself.", isPaid: false },
    });
    expect(await orderPage(orderId, shopper.cookie, "")).toMatchObject({
      confirming: false,
      order: { promise: expect.stringMatching(/^Waiting for your payment/) },
    });

    expect((await sendWebhook(completed(orderId, await sessionIdOf(orderId)))).status).toBe(200);
    const paid = await orderPage(orderId, shopper.cookie);
    expect(paid).toMatchObject({ confirming: false, order: { isPaid: true } });
    expect(paid.order.promise).not.toMatch(/Confirming/);
  });
});

describe("POST /my-orders/:id/pay (the Pay now form)", () => {
  const pay = (orderId: string, cookie?: string, document = true) =>
    runRoute(orderPayRoute.action as never, { path: `/my-orders/${orderId}/pay`, cookie, params: { id: orderId }, form: {}, document });
  const location = (outcome: { value?: unknown; thrown?: unknown }) => ((outcome.thrown ?? outcome.value) as Response).headers.get("Location");

  it("sends its shopper to the order's Stripe page; a guest to log in; another shopper back to the order with the refusal (404 to a script)", async () => {
    const { answer, shopper } = await startOnlineOrder();
    const mine = await pay(answer.orderId!, shopper.cookie);
    expect(statusOf(mine)).toBe(303);
    expect(location(mine)).toBe(answer.url);

    expect(location(await pay(answer.orderId!))).toMatch(/^\/login\?redirectTo=/);

    const other = await signUp();
    const refused = await pay(answer.orderId!, other.cookie);
    expect(statusOf(refused)).toBe(303);
    expect(location(refused)).toBe(`/my-orders/${answer.orderId}`);
    expect(statusOf(await pay(answer.orderId!, other.cookie, false))).toBe(404);
    expect(await fakeStripe.sessionsFor(answer.orderId!)).toHaveLength(1);
  });

  it("a paid order is not paid again (409 to a script), and nothing reaches Stripe", async () => {
    const { answer, shopper } = await startOnlineOrder();
    await sendWebhook(completed(answer.orderId!, await sessionIdOf(answer.orderId!)));
    expect(statusOf(await pay(answer.orderId!, shopper.cookie, false))).toBe(409);
    expect(await fakeStripe.sessionsFor(answer.orderId!)).toHaveLength(1);
  });
});
