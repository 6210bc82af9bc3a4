/**
 * The seller dashboard (ADR 036): its figures against sums worked out by hand on seeded orders
 * (refunds, cancellations, unpaid online orders, IST day boundaries), the triggers that keep the
 * per-day sums through every later change, the indexes its reads use, and who may read its JSON.
 * The page's loader (one round trip, the seller layout's 401) is in page-loaders.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY_MS, istDay, istDayStart } from "@shared/ist";
import { creditNotes, orderItems, orders, users, type Order } from "@worker/db/schema";
import { bestSellersQuery, dashboardFigures, dashboardQueries } from "@worker/services/dashboard";
import { cancelBySeller, markCodPaid, moveOrder } from "@worker/services/order-status";
import { markRefunded } from "@worker/services/order-refund";
import { db, insertProduct } from "../support/builders";
import { call, json } from "../support/http";
import { sellerLogin } from "../support/seller";
import { signUp } from "../support/shoppers";

/** 23 Nov 2026, 12:00 noon in India (06:30 UTC). */
const NOW = Date.UTC(2026, 10, 23, 6, 30);
const TODAY = istDay(NOW);
const MIDNIGHT = istDayStart(TODAY); // 22 Nov 2026, 18:30 UTC

type Seeded = Pick<Order, "paymentType" | "status" | "isPaid" | "paymentState" | "amountPaise" | "createdAt"> & Partial<Pick<Order, "refundedAt">>;

async function shopper(): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insert(users)
    .values({ id, name: "Dash Shopper", email: `${id}@example.com`, passwordHash: "!", createdAt: NOW });
  return id;
}

/** An order as it stands now (with its items), written straight to the table as a past order would be. */
async function seedOrder(userId: string, order: Seeded, items: { productId: string; quantity: number; unitPricePaise: number }[] = []): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insert(orders)
    .values({
      id,
      userId,
      subtotalPaise: order.amountPaise,
      taxPaise: 0,
      address: {
        id: "a",
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        street: "1 Road",
        city: "Pune",
        state: "Maharashtra",
        zipCode: "411001",
        country: "India",
        phone: "9876543210",
      },
      statusHistory: [{ status: order.status, at: order.createdAt }],
      updatedAt: order.createdAt,
      ...order,
    });
  for (const item of items) {
    await db()
      .insert(orderItems)
      .values({ id: crypto.randomUUID(), orderId: id, name: item.productId, category: "Fruits", image: null, ...item });
  }
  return id;
}

const cod = (status: Order["status"], amountPaise: number, createdAt: number, paid = false): Seeded => ({
  paymentType: "COD",
  status,
  isPaid: paid,
  paymentState: paid ? "paid" : "pending",
  amountPaise,
  createdAt,
});
const online = (status: Order["status"], amountPaise: number, createdAt: number, paymentState: Order["paymentState"] = "paid"): Seeded => ({
  paymentType: "Online",
  status,
  isPaid: paymentState === "paid" || paymentState === "refund_due" || paymentState === "refunded",
  paymentState,
  amountPaise,
  createdAt,
});

describe("dashboard figures", () => {
  it("sums today, 7 and 30 days in India's time, with refunds due, cash to collect and cancellations", async () => {
    const user = await shopper();
    // Order lines are only written for products on sale (migration 0001), as at checkout.
    const product = async (name: string) => (await insertProduct({ name })).id;
    const [x, y, v, z, w] = [await product("Dash X"), await product("Dash Y"), await product("Dash V"), await product("Dash Z"), await product("Dash W")];
    // Today (from midnight IST on):
    await seedOrder(user, cod("Order Placed", 10000, MIDNIGHT), [{ productId: x, quantity: 2, unitPricePaise: 1000 }]); // A: to pack, cash to collect
    await seedOrder(user, online("Packed", 20000, NOW - 60_000), [
      { productId: x, quantity: 1, unitPricePaise: 1000 },
      { productId: y, quantity: 4, unitPricePaise: 500 },
    ]); // B: paid online, to send out
    await seedOrder(user, online("Cancelled", 40000, NOW - 3_600_000, "refund_due"), [{ productId: z, quantity: 10, unitPricePaise: 100 }]); // D: refund due
    await seedOrder(user, online("Order Placed", 7000, NOW - 7_200_000, "expired"), [{ productId: z, quantity: 10, unitPricePaise: 100 }]); // F: never paid: not the seller's
    // Yesterday, a millisecond before midnight IST:
    await seedOrder(user, cod("Delivered", 30000, MIDNIGHT - 1, true), [{ productId: v, quantity: 1, unitPricePaise: 900 }]); // C
    await seedOrder(user, cod("Cancelled", 5000, MIDNIGHT - 3 * DAY_MS)); // E: cancelled cash order
    await seedOrder(user, cod("Delivered", 8000, istDayStart(TODAY - 6)), [{ productId: v, quantity: 1, unitPricePaise: 900 }]); // G: first minute of the 7 days; cash not yet received
    await seedOrder(user, cod("Delivered", 9000, istDayStart(TODAY - 6) - 1, true), [{ productId: w, quantity: 50, unitPricePaise: 100 }]); // H: the last minute before them
    await seedOrder(user, online("Out for delivery", 11000, istDayStart(TODAY - 29))); // I: first day of the 30
    await seedOrder(user, cod("Delivered", 12000, istDayStart(TODAY - 29) - 1, true)); // J: before the 30 days

    const figures = await dashboardFigures(db(), NOW);

    expect(figures.today).toBe(TODAY);
    expect(figures.periods.today).toEqual({
      orders: 2,
      salesPaise: 30000,
      paidPaise: 20000,
      codDueOrders: 1,
      codDuePaise: 10000,
      refundDueOrders: 1,
      refundDuePaise: 40000,
      cancelledOrders: 1,
    });
    expect(figures.periods.week).toEqual({
      orders: 4,
      salesPaise: 68000,
      paidPaise: 50000,
      codDueOrders: 2,
      codDuePaise: 18000,
      refundDueOrders: 1,
      refundDuePaise: 40000,
      cancelledOrders: 2,
    });
    expect(figures.periods.month).toEqual({
      orders: 6,
      salesPaise: 88000,
      paidPaise: 70000,
      codDueOrders: 2,
      codDuePaise: 18000,
      refundDueOrders: 1,
      refundDuePaise: 40000,
      cancelledOrders: 2,
    });
    expect(figures.waiting).toEqual({
      toPack: { orders: 1 },
      toShip: { orders: 1 },
      toDeliver: { orders: 1 },
      cashToCollect: { orders: 1, amountPaise: 8000 },
      refundsDue: { orders: 1, amountPaise: 40000 },
    });

    expect(figures.days).toHaveLength(30);
    expect(figures.days[0]).toEqual({ day: TODAY - 29, orders: 1, salesPaise: 11000 });
    expect(figures.days.at(-2)).toEqual({ day: TODAY - 1, orders: 1, salesPaise: 30000 });
    expect(figures.days.at(-1)).toEqual({ day: TODAY, orders: 2, salesPaise: 30000 });
    expect(figures.days.reduce((sum, d) => sum + d.salesPaise, 0)).toBe(figures.periods.month.salesPaise);

    // Units of the last 7 days from live orders: D (cancelled), F (unpaid) and H (8 days ago) do not count.
    expect(figures.bestSellers.map((b) => [b.productId, b.units, b.salesPaise])).toEqual([
      [y, 4, 2000],
      [x, 3, 3000],
      [v, 2, 1800],
    ]);
  });

  it("keeps its sums through the order's later life: paid, moved, cancelled, cash collected", async () => {
    const user = await shopper();
    const apple = await insertProduct({ name: "Dash Apple" });
    const placed = await seedOrder(user, cod("Order Placed", 10000, NOW - 60_000), [{ productId: apple.id, quantity: 2, unitPricePaise: 5000 }]);
    const unpaid = await seedOrder(user, online("Order Placed", 20000, NOW - 60_000, "pending"), [{ productId: apple.id, quantity: 4, unitPricePaise: 5000 }]);
    const today = async () => (await dashboardFigures(db(), NOW)).periods.today;
    const appleUnits = async () => (await dashboardFigures(db(), NOW)).bestSellers.find((b) => b.productId === apple.id)?.units ?? 0;

    expect(await today()).toMatchObject({ orders: 1, salesPaise: 10000, codDuePaise: 10000, paidPaise: 0 });
    expect(await appleUnits()).toBe(2);

    // The webhook pays the online order: it becomes the seller's.
    await env.DB.prepare("UPDATE orders SET is_paid = 1, payment_state = 'paid' WHERE id = ?").bind(unpaid).run();
    expect(await today()).toMatchObject({ orders: 2, salesPaise: 30000, paidPaise: 20000 });
    expect(await appleUnits()).toBe(6);

    // The seller cancels the paid order: out of the sales, into refunds due, its units back out.
    await cancelBySeller({ db: db(), env }, { orderId: unpaid, reason: "Items out of stock" });
    expect(await today()).toMatchObject({ orders: 1, salesPaise: 10000, paidPaise: 0, refundDueOrders: 1, refundDuePaise: 20000, cancelledOrders: 1 });
    expect(await appleUnits()).toBe(2);

    // The cash order is delivered and its cash collected.
    for (const step of ["Packed", "Out for delivery", "Delivered"] as const) await moveOrder({ db: db(), env }, placed, step);
    expect((await dashboardFigures(db(), NOW)).waiting.cashToCollect).toEqual({ orders: 1, amountPaise: 10000 });
    await markCodPaid(db(), placed);
    expect(await today()).toMatchObject({ orders: 1, salesPaise: 10000, paidPaise: 10000, codDueOrders: 0, codDuePaise: 0 });
    expect((await dashboardFigures(db(), NOW)).waiting.cashToCollect).toEqual({ orders: 0, amountPaise: 0 });

    // Whatever happened, the kept sums equal a scan of the orders.
    const scan = await env.DB.prepare(
      `SELECT (created_at + 19800000) / 86400000 AS day,
              sum((payment_type = 'COD' OR is_paid = 1) AND status <> 'Cancelled') AS orders,
              sum(((payment_type = 'COD' OR is_paid = 1) AND status <> 'Cancelled') * amount_paise) AS sales,
              sum((payment_state = 'paid') * amount_paise) AS paid,
              sum((payment_state = 'refund_due') * amount_paise) AS refunds
       FROM orders GROUP BY day ORDER BY day`,
    ).all<{ day: number; orders: number; sales: number; paid: number; refunds: number }>();
    const kept = await env.DB.prepare(
      "SELECT day, orders, sales_paise AS sales, paid_paise AS paid, refund_due_paise AS refunds FROM sales_days WHERE orders <> 0 OR sales_paise <> 0 OR paid_paise <> 0 OR refund_due_paise <> 0 OR cancelled_orders <> 0 ORDER BY day",
    ).all();
    expect(kept.results).toEqual(scan.results);
  });

  it("a refund made leaves the refunds due, and counts as made on its own IST day (ADR 044)", async () => {
    const user = await shopper();
    await seedOrder(user, online("Cancelled", 40000, NOW - 3_600_000, "refund_due")); // placed today
    const dueEarlier = await seedOrder(user, online("Cancelled", 25000, NOW - 3 * DAY_MS, "refund_due")); // placed 3 days ago
    // Refunds made before: one a minute before midnight (yesterday: the week, not today), one 10 days ago, one 35 days ago.
    await seedOrder(user, { ...online("Cancelled", 15000, NOW - 5 * DAY_MS, "refunded"), refundedAt: MIDNIGHT - 60_000 });
    await seedOrder(user, { ...online("Cancelled", 7000, NOW - 20 * DAY_MS, "refunded"), refundedAt: NOW - 10 * DAY_MS });
    await seedOrder(user, { ...online("Cancelled", 3000, NOW - 40 * DAY_MS, "refunded"), refundedAt: NOW - 35 * DAY_MS });

    const before = await dashboardFigures(db(), NOW);
    expect(before.waiting.refundsDue).toEqual({ orders: 2, amountPaise: 65000 });
    expect(before.periods.today).toMatchObject({ refundDueOrders: 1, refundDuePaise: 40000, cancelledOrders: 1, paidPaise: 0, salesPaise: 0 });
    expect(before.periods.week).toMatchObject({ refundDueOrders: 2, refundDuePaise: 65000, cancelledOrders: 3 });
    expect(before.refundsMade).toEqual({
      today: { orders: 0, amountPaise: 0 },
      week: { orders: 1, amountPaise: 15000 },
      month: { orders: 2, amountPaise: 22000 },
    });

    await markRefunded({ db: db(), env }, { orderId: dueEarlier }, NOW);
    const after = await dashboardFigures(db(), NOW);
    // Out of the refunds due (the waiting card and the week it was placed in), into today's refunds made.
    expect(after.waiting.refundsDue).toEqual({ orders: 1, amountPaise: 40000 });
    expect(after.periods.today).toEqual(before.periods.today);
    expect(after.periods.week).toEqual({ ...before.periods.week, refundDueOrders: 1, refundDuePaise: 40000 });
    expect(after.refundsMade).toEqual({
      today: { orders: 1, amountPaise: 25000 },
      week: { orders: 2, amountPaise: 40000 },
      month: { orders: 3, amountPaise: 47000 },
    });
    // Still a cancelled order the seller saw, never a sale or money received.
    expect(after.periods.month.cancelledOrders).toBe(before.periods.month.cancelledOrders);
    expect(after.periods.month.paidPaise).toBe(0);

    // The kept day sums still equal a scan of the orders (the triggers watch payment_state).
    const scan = await env.DB.prepare(
      `SELECT (created_at + 19800000) / 86400000 AS day, sum(payment_state = 'refund_due') AS due, sum((payment_state = 'refund_due') * amount_paise) AS due_paise,
              sum((payment_type = 'COD' OR is_paid = 1) AND status = 'Cancelled') AS cancelled
       FROM orders GROUP BY day ORDER BY day`,
    ).all();
    const kept = await env.DB.prepare(
      "SELECT day, refund_due_orders AS due, refund_due_paise AS due_paise, cancelled_orders AS cancelled FROM sales_days ORDER BY day",
    ).all();
    expect(kept.results).toEqual(scan.results);
  });

  it("period sales are net of the credit notes on orders still on, counted on the day issued; a cancelled order's note is listed, not taken twice (ADR 075)", async () => {
    const user = await shopper();
    const kept = await seedOrder(user, cod("Delivered", 50000, NOW - 3_600_000, true));
    const cancelled = await seedOrder(user, cod("Cancelled", 30000, NOW - 3_600_000));
    const note = (orderId: string, number: string, amountPaise: number, issuedAt: number) =>
      db().insert(creditNotes).values({ number, orderId, amountPaise, reason: "Missing item", issuedAt });
    await note(kept, "CN/26-27/000001", 2000, NOW - 10 * DAY_MS);
    await note(kept, "CN/26-27/000002", 5000, NOW - 60_000);
    await note(cancelled, "CN/26-27/000003", 30000, NOW - 60_000);

    const figures = await dashboardFigures(db(), NOW);
    expect(figures.creditNotesIssued).toEqual({
      today: { notes: 2, amountPaise: 35000, livePaise: 5000 },
      week: { notes: 2, amountPaise: 35000, livePaise: 5000 },
      month: { notes: 3, amountPaise: 37000, livePaise: 7000 },
    });
    expect(figures.periods.today).toMatchObject({ orders: 1, salesPaise: 45000 });
    expect(figures.periods.month.salesPaise).toBe(43000); // ₹500 less both notes on the delivered order
    // The chart draws orders as placed: a day's bar never goes below nothing.
    expect(figures.days.at(-1)).toEqual({ day: TODAY, orders: 1, salesPaise: 50000 });
    expect(figures.days.find((day) => day.day === TODAY - 10)).toEqual({ day: TODAY - 10, orders: 0, salesPaise: 0 });
  });

  it("lists sold-out and low-stock products (counted stock at or below 5), not uncounted ones", async () => {
    const soldOut = await insertProduct({ name: "Gone Guava", stock: 0 });
    const three = await insertProduct({ name: "Three Tomatoes", stock: 3 });
    const five = await insertProduct({ name: "Five Figs", stock: 5 });
    await insertProduct({ name: "Six Shallots", stock: 6 });
    await insertProduct({ name: "Uncounted Upma", stock: null });
    const figures = await dashboardFigures(db(), NOW);
    expect(figures.soldOut).toEqual({ count: 1, products: [{ id: soldOut.id, name: "Gone Guava", category: "Vegetables", stock: 0 }] });
    expect(figures.lowStock.count).toBe(2);
    expect(figures.lowStock.products.map((p) => [p.id, p.stock])).toEqual([
      [three.id, 3],
      [five.id, 5],
    ]);
  });

  it("an empty store has zeros everywhere and 30 empty days", async () => {
    const figures = await dashboardFigures(db(), NOW);
    expect(figures.periods.month).toEqual({
      orders: 0,
      salesPaise: 0,
      paidPaise: 0,
      codDueOrders: 0,
      codDuePaise: 0,
      refundDueOrders: 0,
      refundDuePaise: 0,
      cancelledOrders: 0,
    });
    expect(figures.days.every((d) => d.orders === 0 && d.salesPaise === 0)).toBe(true);
    expect(figures.bestSellers).toEqual([]);
  });

  it("reads every figure through an index, never a full scan of orders or products", async () => {
    for (const query of [...dashboardQueries(db(), TODAY), bestSellersQuery(db(), TODAY)]) {
      const { sql, params } = query.toSQL();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = results.map((r) => r.detail).join(" | ");
      // Not even a walk along a whole index, but for the partial one that holds only the refunds due.
      const walks = details.replace(/SCAN orders USING (COVERING )?INDEX orders_refund_due_idx/, "");
      expect(walks, sql).not.toMatch(/SCAN (orders|products|order_items|sales_days|product_sales_days|credit_notes)\b/);
      if (/from "credit_notes"/.test(sql)) expect(details, sql).toMatch(/credit_notes USING INDEX credit_notes_issued_idx/);
      if (/from "orders"/.test(sql)) expect(details, sql).toMatch(/orders USING (COVERING )?INDEX orders_(waiting|refund_due|refunded)_idx/);
      if (/from "product_sales_days"/.test(sql)) expect(details, sql).toMatch(/product_sales_days USING COVERING INDEX product_sales_days_covering_idx/);
      if (/from "products"/.test(sql)) expect(details, sql).toMatch(/products USING (COVERING )?INDEX products_stock_idx/);
    }
  });
});

describe("who may read the dashboard", () => {
  it("GET /api/seller/dashboard: a guest 401, a shopper 403, the seller the figures in rupees", async () => {
    expect((await call("/api/seller/dashboard")).status).toBe(401);
    const shopperSession = await signUp();
    const refused = await call("/api/seller/dashboard", { headers: { Cookie: shopperSession.cookie } });
    expect(refused.status).toBe(403);
    expect((await json(refused)).success).toBe(false);

    const user = await shopper();
    await seedOrder(user, cod("Order Placed", 12345, Date.now()));
    const answer = await call("/api/seller/dashboard", { headers: { Cookie: await sellerLogin() } });
    expect(answer.status).toBe(200);
    const body = await json<{ success: boolean; dashboard: { periods: { today: Record<string, number> }; waiting: { toPack: { orders: number } } } }>(answer);
    expect(body.success).toBe(true);
    expect(body.dashboard.periods.today).toMatchObject({ orders: 1, sales: 123.45, codDue: 123.45, codDueOrders: 1 });
    expect(body.dashboard.periods.today).not.toHaveProperty("salesPaise");
    expect(body.dashboard.waiting.toPack.orders).toBe(1);
  });
});
