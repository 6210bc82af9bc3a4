/**
 * What the busiest-hour load checks in D1 once the shoppers have stopped: no unit oversold, no
 * order the load saw accepted (or paid) missing or changed, no cart corrupted. Plain SQL on a
 * `D1Database`, so the same checks read the load's local database (through Miniflare) and the
 * runtime test's deliberately broken one (tests/worker/load-consistency.test.ts).
 */
import { MAX_LINE_QUANTITY } from "../../shared/cart.ts";
import { totalsFor } from "../../shared/money.ts";

export type OrderLine = { product: string; quantity: number };

/** An order the load placed and saw accepted: a 2xx answer carrying the order's id. */
export type PlacedOrder = { orderId: string; userId: string; paymentType: "COD" | "Online"; items: OrderLine[] };

/** What the load knows independently of the database it checks. */
export type LoadLedger = {
  /** Counted stock of the contested products before the first shopper came (nobody else changes their count). */
  initialStock: Record<string, number>;
  placed: PlacedOrder[];
  /** Card payments the fake Stripe took: which order each paid for and what it charged. */
  payments: { orderId: string; amountPaise: number }[];
  /** Every offer price the seller gave a product during the run, with its price before; products not here kept theirs. */
  offerPrices: Record<string, number[]>;
  shopperIds: string[];
};

export type CheckResult = { name: string; passed: boolean; checked: number; problems: string[] };

const inList = (column: string) => `${column} IN (SELECT value FROM json_each(?))`;

async function rows<T>(db: D1Database, query: string, ...params: unknown[]): Promise<T[]> {
  return (
    await db
      .prepare(query)
      .bind(...params)
      .all<T>()
  ).results;
}

function result(name: string, checked: number, problems: string[]): CheckResult {
  return { name, passed: problems.length === 0, checked, problems };
}

/** Per contested product: initial count − units in orders not cancelled = the count left, never below zero; and no count anywhere below zero. */
export async function checkNoOversell(db: D1Database, ledger: Pick<LoadLedger, "initialStock">): Promise<CheckResult> {
  const ids = Object.keys(ledger.initialStock);
  const found = await rows<{ id: string; stock: number | null; sold: number }>(
    db,
    `SELECT p.id, p.stock, COALESCE(SUM(CASE WHEN o.status <> 'Cancelled' THEN oi.quantity END), 0) AS sold
       FROM products p LEFT JOIN order_items oi ON oi.product_id = p.id LEFT JOIN orders o ON o.id = oi.order_id
      WHERE ${inList("p.id")} GROUP BY p.id`,
    JSON.stringify(ids),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  const problems: string[] = [];
  for (const id of ids) {
    const initial = ledger.initialStock[id]!;
    const row = byId.get(id);
    if (!row) {
      problems.push(`${id}: the product is gone`);
      continue;
    }
    if (row.sold > initial) problems.push(`${id}: oversold, ${row.sold} units in live orders of ${initial}`);
    if (row.stock !== initial - row.sold) problems.push(`${id}: ${initial} − ${row.sold} sold should leave ${initial - row.sold}, the count says ${row.stock}`);
  }
  for (const row of await rows<{ id: string; stock: number }>(db, "SELECT id, stock FROM products WHERE stock < 0")) {
    problems.push(`${row.id}: count below zero (${row.stock})`);
  }
  return result("no unit oversold", ids.length, problems);
}

type StoredOrder = {
  id: string;
  user_id: string;
  payment_type: string;
  subtotal_paise: number;
  tax_paise: number;
  tax_basis_points: number;
  amount_paise: number;
  is_paid: number;
  payment_state: string;
};
type StoredItem = { order_id: string; product_id: string; quantity: number; unit_price_paise: number; current_offer: number | null };

/**
 * Every order the load saw accepted exists, is the shopper's, holds exactly the lines sent, each at
 * a price its product had, and its amount is those lines' total; every card payment taken is an
 * order marked paid for the amount charged.
 */
export async function checkNoOrderLost(db: D1Database, ledger: Pick<LoadLedger, "placed" | "payments" | "offerPrices">): Promise<CheckResult> {
  const ids = JSON.stringify([...new Set([...ledger.placed.map((o) => o.orderId), ...ledger.payments.map((p) => p.orderId)])]);
  const orders = new Map(
    (
      await rows<StoredOrder>(
        db,
        `SELECT id, user_id, payment_type, subtotal_paise, tax_paise, tax_basis_points, amount_paise, is_paid, payment_state FROM orders WHERE ${inList("id")}`,
        ids,
      )
    ).map((o) => [o.id, o]),
  );
  const items = Map.groupBy(
    await rows<StoredItem>(
      db,
      `SELECT oi.order_id, oi.product_id, oi.quantity, oi.unit_price_paise, p.offer_price_paise AS current_offer
         FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id WHERE ${inList("oi.order_id")}`,
      ids,
    ),
    (item) => item.order_id,
  );
  const problems: string[] = [];
  for (const placed of ledger.placed) {
    const order = orders.get(placed.orderId);
    if (!order) {
      problems.push(`${placed.orderId}: accepted, but not in the database`);
      continue;
    }
    if (order.user_id !== placed.userId) problems.push(`${placed.orderId}: belongs to ${order.user_id}, placed by ${placed.userId}`);
    if (order.payment_type !== placed.paymentType) problems.push(`${placed.orderId}: paid by ${order.payment_type}, placed as ${placed.paymentType}`);
    const lines = items.get(placed.orderId) ?? [];
    const sent = new Map(placed.items.map((line) => [line.product, line.quantity]));
    const stored = new Map(lines.map((line) => [line.product_id, line.quantity]));
    if (sent.size !== stored.size || [...sent].some(([product, quantity]) => stored.get(product) !== quantity)) {
      problems.push(`${placed.orderId}: holds ${describe(stored)}, the shopper sent ${describe(sent)}`);
    }
    for (const line of lines) {
      const prices = ledger.offerPrices[line.product_id] ?? (line.current_offer === null ? [] : [line.current_offer]);
      if (!prices.includes(line.unit_price_paise))
        problems.push(`${placed.orderId}: ${line.product_id} at ${line.unit_price_paise} paise, a price it never had`);
    }
    // At the rate the order records it was charged (the store setting of that moment).
    const totals = totalsFor(
      lines.map((line) => ({ unitPricePaise: line.unit_price_paise, quantity: line.quantity })),
      order.tax_basis_points,
    );
    if (order.subtotal_paise !== totals.subtotal || order.tax_paise !== totals.tax || order.amount_paise !== totals.total) {
      problems.push(`${placed.orderId}: amount ${order.amount_paise} paise, its lines come to ${totals.total}`);
    }
  }
  for (const payment of ledger.payments) {
    const order = orders.get(payment.orderId);
    if (!order) problems.push(`${payment.orderId}: paid ${payment.amountPaise} paise by card, but not in the database`);
    else if (!order.is_paid || order.payment_state !== "paid") problems.push(`${payment.orderId}: paid by card, but the order says ${order.payment_state}`);
    else if (order.amount_paise !== payment.amountPaise)
      problems.push(`${payment.orderId}: charged ${payment.amountPaise} paise for an order of ${order.amount_paise}`);
  }
  return result("no order lost", ledger.placed.length + ledger.payments.length, problems);
}

const describe = (lines: Map<string, number>) =>
  lines.size === 0 ? "no lines" : [...lines].map(([product, quantity]) => `${quantity} × ${product}`).join(", ");

/** Every shopper's saved cart is a JSON object of existing products, each at a whole quantity from 1 to the cap. */
export async function checkNoCartCorrupted(db: D1Database, ledger: Pick<LoadLedger, "shopperIds">): Promise<CheckResult> {
  const carts = await rows<{ id: string; cart_items: string | null }>(
    db,
    `SELECT id, cart_items FROM users WHERE ${inList("id")}`,
    JSON.stringify(ledger.shopperIds),
  );
  const problems: string[] = [];
  const parsed = new Map<string, Record<string, unknown>>();
  for (const { id, cart_items: text } of carts) {
    let cart: unknown;
    try {
      cart = JSON.parse(text ?? "");
    } catch {
      problems.push(`${id}: cart is not JSON (${String(text).slice(0, 40)})`);
      continue;
    }
    if (typeof cart !== "object" || cart === null || Array.isArray(cart)) problems.push(`${id}: cart is not an object (${String(text).slice(0, 40)})`);
    else parsed.set(id, cart as Record<string, unknown>);
  }
  const missing = ledger.shopperIds.filter((id) => !carts.some((row) => row.id === id));
  for (const id of missing) problems.push(`${id}: the shopper's account is gone`);

  const referenced = [...new Set([...parsed.values()].flatMap((cart) => Object.keys(cart)))];
  const existing = new Set((await rows<{ id: string }>(db, `SELECT id FROM products WHERE ${inList("id")}`, JSON.stringify(referenced))).map((p) => p.id));
  for (const [id, cart] of parsed) {
    for (const [product, quantity] of Object.entries(cart)) {
      if (!existing.has(product)) problems.push(`${id}: cart holds ${product}, which does not exist`);
      if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > MAX_LINE_QUANTITY) {
        problems.push(`${id}: cart holds ${product} at quantity ${JSON.stringify(quantity)}`);
      }
    }
  }
  return result("no cart corrupted", ledger.shopperIds.length, problems);
}

export async function checkConsistency(db: D1Database, ledger: LoadLedger): Promise<CheckResult[]> {
  return [await checkNoOversell(db, ledger), await checkNoOrderLost(db, ledger), await checkNoCartCorrupted(db, ledger)];
}
