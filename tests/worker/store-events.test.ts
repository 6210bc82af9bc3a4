import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@worker/db/client";
import { notifications } from "@worker/db/schema";
import { consumeStoreEvents, publishStoreEvent, retryDelaySeconds } from "@worker/events/queue";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { addAddress, authed, signUp, type Shopper } from "../support/shoppers";
import { expectErrorsLogged } from "../support/console";

type Notice = { orderId: string; event: string; message: string };

async function placeCodOrder(shopper: Shopper): Promise<string> {
  const apple = await insertProduct({ name: "Queue apples", stock: 10 });
  const address = await addAddress(shopper);
  const response = await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie });
  expect(response.status).toBe(201);
  return (await json<{ orderId: string }>(response)).orderId;
}

const noticesOf = async (shopper: Shopper) => (await json<{ notifications: Notice[] }>(await authed(shopper, "/api/user/notifications"))).notifications;

/** The catalogue version the edge cache keys on (ADR 024). */

let messageCounter = 0;
function batchOf(bodies: unknown[], attempts = 1) {
  return createMessageBatch(
    "grocery-store-events",
    bodies.map((body) => ({ id: `m-${++messageCounter}`, timestamp: Date.now(), attempts, body })),
  );
}

async function consume(bodies: unknown[], db = getDb(env), attempts = 1) {
  const batch = batchOf(bodies, attempts);
  // The test harness's result names the retried messages but not their delays: record those here.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await consumeStoreEvents(batch, db);
  return { batch, delays, result: await getQueueResult(batch, ctx) };
}

describe("order news goes through the store's event queue (ADR 041)", () => {
  it("a placed order reaches its shopper through the real local queue, and the seller's moves follow", async () => {
    const shopper = await signUp();
    const orderId = await placeCodOrder(shopper);
    // Delivered by miniflare's queue to the Worker's own consumer, a moment after the answer.
    await vi.waitFor(async () => expect(await noticesOf(shopper)).toEqual([expect.objectContaining({ orderId, event: "Order Placed" })]), {
      timeout: 10_000,
      interval: 200,
    });

    const seller = await sellerLogin();
    expect((await postJson("/api/order/status", { orderId, status: "Packed" }, { Cookie: seller })).status).toBe(200);
    await vi.waitFor(async () => expect((await noticesOf(shopper)).map((n) => n.event)).toEqual(["Packed", "Order Placed"]), {
      timeout: 10_000,
      interval: 200,
    });
  });

  it("a message delivered twice tells the shopper once", async () => {
    const shopper = await signUp();
    const orderId = await placeCodOrder(shopper);
    const message = { kind: "order-event", orderId, event: "Delivered", at: Date.now() + 1000 };
    const { result } = await consume([message, message]);
    expect(result.explicitAcks).toHaveLength(2);
    await consume([message]); // and again in a later batch
    const rows = await getDb(env).select().from(notifications);
    expect(rows.filter((row) => row.event === "Delivered")).toHaveLength(1);
  });

  it("a failure is retried with a growing delay, and the retry succeeds without doubling anything", async () => {
    expectErrorsLogged("Store event failed; retrying");
    const shopper = await signUp();
    const orderId = await placeCodOrder(shopper);
    const message = { kind: "order-event", orderId, event: "Out for delivery", at: Date.now() + 1000 };
    // D1 out of reach for the first delivery.
    const unreachable = {
      prepare: () => {
        throw new Error("D1_ERROR: network connection lost");
      },
      batch: () => Promise.reject(new Error("D1_ERROR: network connection lost")),
    } as unknown as D1Database;
    const failed = await consume([message], getDb({ DB: unreachable }), 1);
    expect(failed.result.explicitAcks).toEqual([]);
    expect(failed.result.retryMessages).toEqual([expect.objectContaining({ msgId: failed.batch.messages[0]!.id })]);
    expect(failed.delays).toEqual([2]);
    expect(retryDelaySeconds(3)).toBe(8);
    expect(retryDelaySeconds(20)).toBe(300);

    const second = await consume([message], getDb(env), 2);
    expect(second.result.explicitAcks).toHaveLength(1);
    const rows = await getDb(env).select().from(notifications);
    expect(rows.filter((row) => row.event === "Out for delivery")).toHaveLength(1);
  });

  it("a malformed message, or one about an order that does not exist, is acknowledged and changes nothing", async () => {
    expectErrorsLogged("Dropping a malformed store event");
    const { result } = await consume([
      { kind: "order-event", orderId: "", event: "Packed", at: 1 },
      { kind: "unknown" },
      "not an object",
      { kind: "order-event", orderId: "no-such-order", event: "Packed", at: 1 },
    ]);
    expect(result.explicitAcks).toHaveLength(4);
    expect(result.retryMessages).toEqual([]);
    expect(await getDb(env).select().from(notifications)).toEqual([]);
  });

  it("without a queue (a branch Preview) an event is handled inline", async () => {
    const shopper = await signUp();
    const orderId = await placeCodOrder(shopper);
    await publishStoreEvent({ db: getDb(env), env: {} }, { kind: "order-event", orderId, event: "Cancelled", at: Date.now() + 1000 });
    expect((await noticesOf(shopper)).map((n) => n.event)).toContain("Cancelled");
  });
});

describe("GET /api/user/notifications", () => {
  it("answers a guest 401 and shows each shopper only their own", async () => {
    expect((await call("/api/user/notifications")).status).toBe(401);
    const one = await signUp();
    const other = await signUp();
    const orderId = await placeCodOrder(one);
    await consume([{ kind: "order-event", orderId, event: "Packed", at: Date.now() + 1000 }]);
    expect((await noticesOf(one)).map((n) => n.event)).toContain("Packed");
    expect(await noticesOf(other)).toEqual([]);
  });
});
