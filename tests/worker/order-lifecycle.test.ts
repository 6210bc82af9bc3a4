import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { postForm, productForm, sellerLogin, VALID_PRODUCT } from "../support/seller";
import { addAddress, signUp, type Shopper } from "../support/shoppers";

async function placeCod(shopper: Shopper, productId: string, quantity = 1) {
  const address = await addAddress(shopper);
  const response = await postJson("/api/order/cod", { items: [{ product: productId, quantity }], address }, { Cookie: shopper.cookie });
  return (await json<{ orderId: string }>(response)).orderId;
}

/** A seller's move; cancelling takes a reason (order-pages.test.ts tests the reasons themselves). */
function move(seller: string, orderId: string, status: string) {
  return postJson("/api/order/status", { orderId, status, ...(status === "Cancelled" && { reason: "Items out of stock" }) }, { Cookie: seller });
}

async function orderRow(id: string) {
  return env.DB.prepare("SELECT status, status_history, is_paid, payment_state FROM orders WHERE id = ?").bind(id).first<Record<string, any>>();
}

describe("GET /api/order/seller", () => {
  it("lists cash-on-delivery and paid online orders newest first with items and the full address; not unpaid online ones", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct({ name: "Apple" });
    const shopper = await signUp();
    const first = await placeCod(shopper, apple.id, 2);
    const second = await placeCod(shopper, apple.id, 1);
    await env.DB.prepare(
      `INSERT INTO orders (id, user_id, subtotal_paise, tax_paise, amount_paise, address, payment_type, status_history, created_at, updated_at)
       VALUES ('unpaid-online', ?, 100, 2, 102, '{}', 'Online', '[]', ?, ?)`,
    )
      .bind(shopper.id, Date.now() + 10, Date.now())
      .run();

    const body = await json<{ orders: Record<string, any>[]; awaitingPacking: number }>(await call("/api/order/seller", { headers: { Cookie: seller } }));
    expect(body.orders.map((o) => o._id)).toEqual([second, first]);
    expect(body.awaitingPacking).toBe(2);
    expect(body.orders[1]).toMatchObject({
      items: [{ product: expect.objectContaining({ name: "Apple" }), quantity: 2 }],
      address: {
        firstName: "Asha",
        lastName: "Rao",
        street: "12 Market Road",
        city: "Bengaluru",
        state: "Karnataka",
        zipCode: "560001",
        country: "India",
        phone: "+91 98765 43210",
      },
      paymentType: "COD",
      isPaid: false,
    });
  });

  it("filters by status", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const packed = await placeCod(shopper, apple.id);
    await placeCod(shopper, apple.id);
    await move(seller, packed, "Packed");
    const body = await json<{ orders: { _id: string }[] }>(await call("/api/order/seller?status=Packed", { headers: { Cookie: seller } }));
    expect(body.orders.map((o) => o._id)).toEqual([packed]);
    expect((await call("/api/order/seller?status=Lost", { headers: { Cookie: seller } })).status).toBe(400);
  });
});

describe("the order lifecycle", () => {
  it("moves forward step by step, stamping each change, and COD is marked paid on delivery", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, apple.id);
    expect((await postJson("/api/order/mark-paid", { orderId }, { Cookie: seller })).status).toBe(409);
    for (const status of ["Packed", "Out for delivery", "Delivered"]) {
      const response = await move(seller, orderId, status);
      expect(await json(response)).toMatchObject({ success: true, status });
    }
    expect((await postJson("/api/order/mark-paid", { orderId }, { Cookie: seller })).status).toBe(200);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: "Delivered", is_paid: 1, payment_state: "paid" });
    expect(JSON.parse(row!.status_history).map((c: { status: string }) => c.status)).toEqual(["Order Placed", "Packed", "Out for delivery", "Delivered"]);

    const mine = await json<{ orders: { statusHistory: { status: string; at: string }[]; isPaid: boolean }[] }>(
      await call("/api/order/user", { headers: { Cookie: shopper.cookie } }),
    );
    expect(mine.orders[0]!.isPaid).toBe(true);
    expect(mine.orders[0]!.statusHistory).toHaveLength(4);
    expect(mine.orders[0]!.statusHistory[3]!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("refuses illegal moves (skipping, going back, leaving Delivered or Cancelled) with 409", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, apple.id);
    expect((await move(seller, orderId, "Delivered")).status).toBe(409);
    expect((await move(seller, orderId, "Order Placed")).status).toBe(409);
    await move(seller, orderId, "Cancelled");
    expect((await move(seller, orderId, "Packed")).status).toBe(409);
    expect((await move(seller, orderId, "Nonsense")).status).toBe(400);
    expect((await move(seller, "no-such-order", "Packed")).status).toBe(404);
    expect((await orderRow(orderId))!.status).toBe("Cancelled");
  });

  it("a delivery that failed comes back: the seller cancels an order out for delivery, its stock back; a delivered one stays delivered", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct({ stock: 5 });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, apple.id, 2);
    for (const status of ["Packed", "Out for delivery"]) await move(seller, orderId, status);
    const refused = await postJson("/api/order/status", { orderId, status: "Cancelled", reason: "Customer refused the delivery" }, { Cookie: seller });
    expect(await json(refused)).toMatchObject({ success: true, status: "Cancelled" });
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", is_paid: 0, payment_state: "pending" });
    expect((await env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(apple.id).first<{ stock: number }>())!.stock).toBe(5);
    const mine = await json<{ orders: { cancellation: unknown }[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }));
    expect(mine.orders[0]!.cancellation).toMatchObject({ by: "seller", reason: "Customer refused the delivery" });

    const delivered = await placeCod(shopper, apple.id);
    for (const status of ["Packed", "Out for delivery", "Delivered"]) await move(seller, delivered, status);
    expect((await move(seller, delivered, "Cancelled")).status).toBe(409);
    // The shopper's own window never reaches an order on its way.
    const late = await placeCod(shopper, apple.id);
    for (const status of ["Packed", "Out for delivery"]) await move(seller, late, status);
    expect((await postJson("/api/order/cancel", { orderId: late, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(409);
  });

  it("two concurrent moves of one order: exactly one wins", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, apple.id);
    const responses = await Promise.all([move(seller, orderId, "Packed"), move(seller, orderId, "Cancelled"), move(seller, orderId, "Packed")]);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const history = JSON.parse((await orderRow(orderId))!.status_history);
    expect(history).toHaveLength(2);
  });
});

describe("the shopper's cancellation", () => {
  it("cancels within 1 hour while not packed; a paid online order is flagged for refund", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const orderId = await placeCod(shopper, apple.id);
    const response = await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie });
    expect(await json(response)).toMatchObject({ success: true, status: "Cancelled" });

    const paid = await placeCod(shopper, apple.id);
    await env.DB.prepare("UPDATE orders SET payment_type = 'Online', is_paid = 1, payment_state = 'paid' WHERE id = ?").bind(paid).run();
    await postJson("/api/order/cancel", { orderId: paid, reason: "Ordered by mistake" }, { Cookie: shopper.cookie });
    expect(await orderRow(paid)).toMatchObject({ status: "Cancelled", payment_state: "refund_due" });
  });

  it("refuses after 1 hour, once packed, and for someone else's order", async () => {
    const seller = await sellerLogin();
    const apple = await insertProduct();
    const shopper = await signUp();
    const old = await placeCod(shopper, apple.id);
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 61 * 60 * 1000, old)
      .run();
    expect((await postJson("/api/order/cancel", { orderId: old, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(409);

    const packed = await placeCod(shopper, apple.id);
    await move(seller, packed, "Packed");
    expect((await postJson("/api/order/cancel", { orderId: packed, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(409);

    const fresh = await placeCod(shopper, apple.id);
    const other = await signUp();
    expect((await postJson("/api/order/cancel", { orderId: fresh, reason: "Ordered by mistake" }, { Cookie: other.cookie })).status).toBe(404);
    expect((await postJson("/api/order/cancel", { orderId: fresh, reason: "Ordered by mistake" })).status).toBe(401);
    expect((await orderRow(fresh))!.status).toBe("Order Placed");
  });

  it("a cancelled order gives counted stock back exactly once", async () => {
    const apple = await insertProduct({ stock: 5 });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, apple.id, 3);
    const stock = async () => (await env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(apple.id).first<{ stock: number }>())!.stock;
    expect(await stock()).toBe(2);
    await Promise.all([
      postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie }),
      postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie }),
    ]);
    expect(await stock()).toBe(5);
  });

  it("gives back only what the order took: a product the store began counting after the order gets nothing it never gave", async () => {
    const bread = await insertProduct({ name: "Uncounted bread", stock: null });
    const milk = await insertProduct({ name: "Counted milk", stock: 6 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    const placed = await postJson(
      "/api/order/cod",
      {
        items: [
          { product: bread.id, quantity: 4 },
          { product: milk.id, quantity: 2 },
        ],
        address,
      },
      { Cookie: shopper.cookie },
    );
    const { orderId } = await json<{ orderId: string }>(placed);
    const stockOf = async (id: string) => (await env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(id).first<{ stock: number | null }>())!.stock;
    expect([await stockOf(bread.id), await stockOf(milk.id)]).toEqual([null, 4]);

    // The seller counts the bread shelf (5) after the order; then the order is cancelled.
    const seller = await sellerLogin();
    expect((await postJson("/api/product/bulk-stock", { ids: [bread.id], set: "count", count: 5 }, { Cookie: seller })).status).toBe(200);
    expect((await move(seller, orderId, "Cancelled")).status).toBe(200);
    // The bread's count stays what the seller counted (it was 5 → 9); the milk gets its 2 back.
    expect([await stockOf(bread.id), await stockOf(milk.id)]).toEqual([5, 6]);
  });
});

describe("availability follows counted stock (ADR 019)", () => {
  const onSale = async (id: string) =>
    (await env.DB.prepare("SELECT in_stock FROM products WHERE id = ?").bind(id).first<{ in_stock: number }>())!.in_stock === 1;
  const listed = async () => (await json<{ products: { name: string }[] }>(await call("/api/product/list?inStock=true"))).products.map((p) => p.name);
  const setStock = (seller: string, id: string, inStock: boolean) => postJson("/api/product/stock", { id, inStock }, { Cookie: seller });

  it("a cancelled last unit goes back on sale by itself, and anonymous visitors see it again", async () => {
    const mango = await insertProduct({ name: "Last Mango", stock: 1 });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, mango.id, 1);
    expect(await onSale(mango.id)).toBe(false);
    expect(await listed()).toEqual([]);
    await listed(); // now cached

    expect((await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(200);
    expect(await onSale(mango.id)).toBe(true);
    expect(await listed()).toEqual(["Last Mango"]);

    // The seller's cancellation gives it back the same way.
    const seller = await sellerLogin();
    const again = await placeCod(shopper, mango.id, 1);
    expect(await onSale(mango.id)).toBe(false);
    expect((await move(seller, again, "Cancelled")).status).toBe(200);
    expect(await onSale(mango.id)).toBe(true);
  });

  it("a sold-out product the seller switched off by hand stays off when stock comes back, until the seller switches it on", async () => {
    const seller = await sellerLogin();
    const mango = await insertProduct({ name: "Last Mango", stock: 1 });
    const shopper = await signUp();
    const orderId = await placeCod(shopper, mango.id, 1);
    expect((await setStock(seller, mango.id, false)).status).toBe(200);
    expect((await setStock(seller, mango.id, true)).status).toBe(409); // nothing to sell yet

    expect((await postJson("/api/order/cancel", { orderId, reason: "Ordered by mistake" }, { Cookie: shopper.cookie })).status).toBe(200);
    expect(await onSale(mango.id)).toBe(false);
    expect(await listed()).toEqual([]);

    expect((await setStock(seller, mango.id, true)).status).toBe(200);
    expect(await onSale(mango.id)).toBe(true);
    expect(await listed()).toEqual(["Last Mango"]);
  });

  it("a restock by editing the count puts a sold-out product back on sale, not one switched off by hand", async () => {
    const seller = await sellerLogin();
    const soldOut = await insertProduct({ name: "Sold Out Kiwi", stock: 0 });
    const switchedOff = await insertProduct({ name: "Resting Fig", stock: 3 });
    expect(await onSale(soldOut.id)).toBe(false);
    expect((await setStock(seller, switchedOff.id, false)).status).toBe(200);
    for (const product of [soldOut, switchedOff]) {
      const form = productForm({ ...VALID_PRODUCT, name: product.name, stock: 5 }, []);
      form.set("id", product.id);
      const response = await postForm("/api/product/update", form, { Cookie: seller });
      expect(response.status).toBe(200);
      expect((await json<{ product: { inStock: boolean; stock: number } }>(response)).product).toMatchObject({ stock: 5, inStock: product === soldOut });
    }
    expect(await listed()).toEqual(["Sold Out Kiwi"]);
  });
});
