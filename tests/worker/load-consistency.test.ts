/**
 * The busiest-hour load's checks (scripts/load/consistency.ts) against real local D1: a store left
 * consistent by the store's own order paths passes them, and each deliberately broken state (an
 * oversold product, a lost or altered order, a corrupt cart) fails the check that guards it, so a
 * check that cannot fail is caught here rather than trusted after a load run.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { checkConsistency, checkNoCartCorrupted, checkNoOrderLost, checkNoOversell, type LoadLedger } from "../../scripts/load/consistency";
import { json, postJson } from "../support/http";
import { insertProduct } from "../support/builders";
import { addAddress, signUp } from "../support/shoppers";
import { fakeStripe, sendWebhook } from "../support/stripe";

beforeEach(async () => {
  await fakeStripe.reset();
});

const sql = (query: string, ...params: unknown[]) =>
  env.DB.prepare(query)
    .bind(...params)
    .run();

/**
 * What a load run leaves: a product of 3 counted units with 2 sold, a cash-on-delivery order, a card
 * order paid through the webhook, and a shopper with a saved cart; the ledger the load kept of it.
 */
async function storeAfterLoad() {
  const scarce = await insertProduct({ name: "Scarce mango", stock: 3 });
  const plain = await insertProduct({ name: "Plain rice", pricePaise: 10000, offerPricePaise: 9000 });
  const cod = await signUp();
  const card = await signUp();
  const codItems = [
    { product: scarce.id, quantity: 2 },
    { product: plain.id, quantity: 1 },
  ];
  const codAnswer = await postJson("/api/order/cod", { items: codItems, address: await addAddress(cod) }, { Cookie: cod.cookie });
  expect(codAnswer.status).toBe(201);
  const cardItems = [{ product: plain.id, quantity: 2 }];
  const cardAnswer = await postJson("/api/order/stripe", { items: cardItems, address: await addAddress(card) }, { Cookie: card.cookie });
  expect(cardAnswer.status).toBe(201);
  const codOrder = (await json<{ orderId: string }>(codAnswer)).orderId;
  const cardOrder = (await json<{ orderId: string }>(cardAnswer)).orderId;
  const session = (await fakeStripe.sessionsFor(cardOrder))[0]!;
  const paid = await sendWebhook({ type: "checkout.session.completed", object: { ...session, status: "complete", payment_status: "paid" } });
  expect(paid.status).toBe(200);
  expect((await postJson("/api/cart/update", { cartItems: { [plain.id]: 2 } }, { Cookie: cod.cookie })).status).toBe(200);

  const ledger: LoadLedger = {
    initialStock: { [scarce.id]: 3 },
    placed: [
      { orderId: codOrder, userId: cod.id, paymentType: "COD", items: codItems },
      { orderId: cardOrder, userId: card.id, paymentType: "Online", items: cardItems },
    ],
    payments: [{ orderId: cardOrder, amountPaise: session.amount_total as number }],
    offerPrices: {},
    shopperIds: [cod.id, card.id],
  };
  return { ledger, scarce, plain, codOrder, cardOrder, cod, card };
}

describe("the busiest hour's consistency checks", () => {
  it("pass on a store its own order paths left consistent (every check looked at something)", async () => {
    const { ledger } = await storeAfterLoad();
    const checks = await checkConsistency(env.DB, ledger);
    expect(checks.map((c) => [c.name, c.passed, c.problems])).toEqual([
      ["no unit oversold", true, []],
      ["no order lost", true, []],
      ["no cart corrupted", true, []],
    ]);
    expect(checks.map((c) => c.checked)).toEqual([1, 3, 2]);
  });

  describe("no unit oversold", () => {
    it("fails when orders hold more units than there were (an order written past the count)", async () => {
      const { ledger, scarce, cod } = await storeAfterLoad();
      const now = Date.now();
      await sql(
        `INSERT INTO orders (id, user_id, subtotal_paise, tax_paise, amount_paise, address, payment_type, status_history, created_at, updated_at)
         VALUES ('oversold', ?, 9000, 180, 9180, '{}', 'COD', '[]', ?, ?)`,
        cod.id,
        now,
        now,
      );
      await sql(
        `INSERT INTO order_items (id, order_id, product_id, name, category, unit_price_paise, quantity) VALUES ('oversold-1', 'oversold', ?, 'Scarce mango', 'Vegetables', 4500, 2)`,
        scarce.id,
      );
      const check = await checkNoOversell(env.DB, ledger);
      expect(check.passed).toBe(false);
      expect(check.problems).toContain(`${scarce.id}: oversold, 4 units in live orders of 3`);
    });

    it("fails when units vanish from the count, or a cancelled order's units never come back", async () => {
      const { ledger, scarce, codOrder } = await storeAfterLoad();
      await sql("UPDATE products SET stock = 0 WHERE id = ?", scarce.id);
      expect((await checkNoOversell(env.DB, ledger)).problems).toEqual([`${scarce.id}: 3 − 2 sold should leave 1, the count says 0`]);

      await sql("UPDATE products SET stock = 1 WHERE id = ?", scarce.id);
      await sql("UPDATE orders SET status = 'Cancelled' WHERE id = ?", codOrder);
      expect((await checkNoOversell(env.DB, ledger)).problems).toEqual([`${scarce.id}: 3 − 0 sold should leave 3, the count says 1`]);
    });
  });

  describe("no order lost", () => {
    const breakages: [string, (s: Awaited<ReturnType<typeof storeAfterLoad>>) => Promise<unknown>, RegExp][] = [
      [
        "an accepted order is gone",
        async ({ codOrder }) => {
          await sql("DELETE FROM order_items WHERE order_id = ?", codOrder);
          await sql("DELETE FROM notifications WHERE order_id = ?", codOrder); // what the shopper was told of it
          await sql("DELETE FROM orders WHERE id = ?", codOrder);
        },
        /: accepted, but not in the database$/,
      ],
      [
        "a line of an order is gone",
        ({ codOrder, plain }) => sql("DELETE FROM order_items WHERE order_id = ? AND product_id = ?", codOrder, plain.id),
        /: holds 2 × .*, the shopper sent 2 × .*, 1 × /,
      ],
      [
        "an order's amount changed",
        ({ codOrder }) => sql("UPDATE orders SET amount_paise = amount_paise + 100 WHERE id = ?", codOrder),
        /: amount \d+ paise, its lines come to \d+$/,
      ],
      [
        "a line at a price its product never had",
        ({ codOrder, plain }) => sql("UPDATE order_items SET unit_price_paise = 100 WHERE order_id = ? AND product_id = ?", codOrder, plain.id),
        /at 100 paise, a price it never had$/,
      ],
      [
        "a paid card order shows unpaid",
        ({ cardOrder }) => sql("UPDATE orders SET is_paid = 0, payment_state = 'pending' WHERE id = ?", cardOrder),
        /: paid by card, but the order says pending$/,
      ],
      [
        "an order moved to another shopper",
        ({ codOrder, card }) => sql("UPDATE orders SET user_id = ? WHERE id = ?", card.id, codOrder),
        /: belongs to .*, placed by /,
      ],
    ];
    it.each(breakages)("fails when %s", async (_, breakIt, problem) => {
      const store = await storeAfterLoad();
      await breakIt(store);
      const check = await checkNoOrderLost(env.DB, store.ledger);
      expect(check.passed).toBe(false);
      expect(
        check.problems.some((p) => problem.test(p)),
        check.problems.join("\n"),
      ).toBe(true);
    });

    it("accepts a line at any price the seller gave the product during the run", async () => {
      const { ledger, codOrder, plain } = await storeAfterLoad();
      await sql("UPDATE products SET offer_price_paise = 8000 WHERE id = ?", plain.id);
      expect((await checkNoOrderLost(env.DB, ledger)).passed).toBe(false);
      expect((await checkNoOrderLost(env.DB, { ...ledger, offerPrices: { [plain.id]: [9000, 8000] } })).passed).toBe(true);
      await sql("UPDATE order_items SET unit_price_paise = 7000 WHERE order_id = ? AND product_id = ?", codOrder, plain.id);
      expect((await checkNoOrderLost(env.DB, { ...ledger, offerPrices: { [plain.id]: [9000, 8000] } })).problems).toContain(
        `${codOrder}: ${plain.id} at 7000 paise, a price it never had`,
      );
    });
  });

  describe("no cart corrupted", () => {
    const corrupt: [string, (plainId: string) => string, RegExp][] = [
      ["not JSON", () => "{cartItems", /: cart is not JSON/],
      ["a list", () => "[1,2]", /: cart is not an object/],
      ["a product that does not exist", () => '{"no-such-product":1}', /: cart holds no-such-product, which does not exist$/],
      ["a quantity of 0", (id) => `{"${id}":0}`, /at quantity 0$/],
      ["a negative quantity", (id) => `{"${id}":-2}`, /at quantity -2$/],
      ["a fractional quantity", (id) => `{"${id}":1.5}`, /at quantity 1.5$/],
      ["a quantity as text", (id) => `{"${id}":"3"}`, /at quantity "3"$/],
    ];
    it(`fails when a saved cart holds ${corrupt.map(([what]) => what).join(", ")}`, async () => {
      const { ledger, plain, cod } = await storeAfterLoad();
      for (const [what, cart, problem] of corrupt) {
        await sql("UPDATE users SET cart_items = ? WHERE id = ?", cart(plain.id), cod.id);
        const check = await checkNoCartCorrupted(env.DB, ledger);
        expect(check.passed, what).toBe(false);
        expect(check.problems, what).toHaveLength(1);
        expect(check.problems[0], what).toMatch(problem);
      }
    });
  });
});
