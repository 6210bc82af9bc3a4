/**
 * The seller's notes on an order (issue 40): added on the orders page (who and when), found by the
 * orders search, refused when empty, too long or on no order, and never in a shopper's answer.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as sellerOrdersRoute from "~/routes/seller/orders";
import { orderNumber } from "@shared/order-status";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { dataOf, runRoute, statusOf } from "../support/routes";
import { sellerLogin } from "../support/seller";
import { addAddress, signUp, type Shopper } from "../support/shoppers";

const NOTE = "Leave with the guard at gate 2";

async function placeOrder(shopper: Shopper): Promise<string> {
  const apple = await insertProduct({ name: "Apple 1 kg" });
  const address = await addAddress(shopper);
  const placed = await postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie });
  return (await json<{ orderId: string }>(placed)).orderId;
}

const addNote = (orderId: string, note: string, cookie: string) =>
  runRoute(sellerOrdersRoute.action, { path: "/seller/orders", cookie, form: { intent: "note", orderId, note }, seller: true });

type Listed = { orders: { id: string; notes: { note: string; author: string; createdAt: number }[] }[] };
const listed = async (cookie: string, q = "") =>
  dataOf<Listed>(await runRoute(sellerOrdersRoute.loader, { path: `/seller/orders${q ? `?q=${encodeURIComponent(q)}` : ""}`, cookie, seller: true })).orders;

const noteCount = () => env.DB.prepare("SELECT COUNT(*) AS n FROM order_notes").first("n");

describe("the seller's notes on an order", () => {
  it("are added on the orders page, signed with who and when, listed oldest first, and found by the search", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const orderId = await placeOrder(shopper);
    const other = await placeOrder(await signUp());
    expect(dataOf(await addNote(orderId, `  ${NOTE}  `, seller))).toEqual({ ok: true, msg: `Note added to order ${orderNumber(orderId)}` });
    expect(dataOf(await addNote(orderId, "Called: fine", seller))).toMatchObject({ ok: true });

    const [card] = (await listed(seller)).filter((order) => order.id === orderId);
    expect(card!.notes.map(({ note, author }) => [note, author])).toEqual([
      [NOTE, env.SELLER_EMAIL],
      ["Called: fine", env.SELLER_EMAIL],
    ]);
    expect(card!.notes[0]!.createdAt).toBeLessThanOrEqual(Date.now());
    expect((await listed(seller, "guard at gate")).map((order) => order.id)).toEqual([orderId]);
    expect((await listed(seller, "100%_")).map((order) => order.id)).toEqual([]); // LIKE's wildcards are the seller's text
    // Longer than D1's LIKE patterns may be (50 bytes): the other searches still run.
    expect(await listed(seller, `${"ABCDEFGHIJ".repeat(5)}@example.com`)).toEqual([]);
    expect((await listed(seller)).map((order) => order.id)).toContain(other);
  });

  it("an empty or too long note, or one on no order, is refused with the reason and writes nothing; a shopper is refused by the seller layout", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const orderId = await placeOrder(shopper);
    const empty = await addNote(orderId, "   ", seller);
    expect([statusOf(empty), dataOf(empty)]).toEqual([400, { ok: false, msg: "Write the note", field: "note" }]);
    const long = await addNote(orderId, "x".repeat(501), seller);
    expect([statusOf(long), dataOf<{ msg: string }>(long).msg]).toEqual([400, "Keep a note under 500 characters"]);
    const nowhere = await addNote("00000000-0000-4000-8000-000000000000", NOTE, seller);
    expect([statusOf(nowhere), dataOf<{ msg: string }>(nowhere).msg]).toEqual([404, "Order not found"]);
    expect(statusOf(await addNote(orderId, NOTE, shopper.cookie))).toBe(401);
    expect(await noteCount()).toBe(0);
  });

  it("never reach the shopper: not in the order's API answers, its page, nor its page data", async () => {
    const seller = await sellerLogin();
    const shopper = await signUp();
    const orderId = await placeOrder(shopper);
    await addNote(orderId, NOTE, seller);
    expect(await noteCount()).toBe(1);
    for (const path of [
      "/api/order/user",
      `/api/order/user/${orderId}`,
      `/my-orders/${orderId}`,
      `/my-orders/${orderId}.data`,
      "/my-orders",
      "/my-orders.data",
    ]) {
      const answer = await call(path, { headers: { Cookie: shopper.cookie } });
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).not.toContain("gate 2");
    }
  });
});
