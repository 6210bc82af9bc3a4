/**
 * A large order history for the bench (ADR 036): `count` orders from 5,000 shoppers over the last
 * 90 days up to now, as a busy store has them. Deterministic (a seeded generator), idempotent
 * (order ids `bulk-order-N`; a second run adds none).
 *
 * - about as many orders each day, more in the morning and evening (India time), today's up to now;
 * - two in three paid cash on delivery, the rest online: most paid, some failed or abandoned (those
 *   stay "Order Placed" and unpaid, never the seller's to fulfil);
 * - the older an order, the further along: today's are waiting to be packed, sent or delivered,
 *   older ones delivered (cash collected) or cancelled (paid online ones then wait for a refund,
 *   made two days later);
 * - 1 to 5 lines each, half from the demo catalogue, half from the bulk products, most of those
 *   from the first few hundred (a few products sell most, as in a real shop).
 *
 * It also counts the stock of one bulk product in ten (0 to 59 left), so the dashboard's low-stock
 * and sold-out lists have something to find at scale.
 */
import { istDay, istDayStart, DAY_MS } from "../shared/ist.ts";
import { totalsFor } from "../shared/money.ts";
import { orderSearchKeys } from "../worker/services/order-search-keys.ts";
import { SEED_PRODUCTS } from "./seed-data.ts";

/** The store's default tax rate (2%, the spec's), which orders.tax_basis_points defaults to: seeded orders were charged it. */
const SEEDED_TAX_BASIS_POINTS = 200;

type Priced = { id: string; name: string; category: string; image: string; pricePaise: number; onSale: boolean };

const SHOPPERS = 5000;
const DAYS = 90;
const HOUR_MS = 60 * 60 * 1000;
/** How long after its cancellation a paid order's refund is made in the seeded history. */
const REFUND_AFTER_HOURS = 48;
/** Relative orders per IST hour of the day (night is quiet, breakfast and dinner are busy). */
const HOURLY = [1, 1, 1, 1, 1, 2, 4, 8, 10, 9, 7, 6, 6, 5, 5, 5, 6, 8, 10, 10, 8, 5, 3, 2];
const CITIES = [
  ["Bengaluru", "Karnataka", "560001"],
  ["Mumbai", "Maharashtra", "400001"],
  ["Delhi", "Delhi", "110001"],
  ["Chennai", "Tamil Nadu", "600001"],
  ["Hyderabad", "Telangana", "500001"],
  ["Pune", "Maharashtra", "411001"],
] as const;

/** mulberry32: a small seeded generator, so every bench seeds the same history. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type OrderSeedOptions = {
  count: number;
  /** How many bulk products exist, and the price of the i-th (0-based). */
  bulkProducts: number;
  bulkProduct: (i: number) => Priced;
  now?: number;
};

export async function seedOrders(db: D1Database, options: OrderSeedOptions): Promise<number> {
  const existing = (await db.prepare("SELECT COUNT(*) AS n FROM orders WHERE id LIKE 'bulk-order-%'").first<{ n: number }>())!.n;
  if (existing >= options.count) return 0;
  const now = options.now ?? Date.now();
  const random = generator(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const demo: Priced[] = SEED_PRODUCTS.map((p) => ({
    id: p.id,
    name: p.name,
    category: p.category,
    image: `seed/${p.emoji}.webp`,
    pricePaise: p.price * 100,
    onSale: true,
  }));
  // Lines are only written for products on sale (the database refuses others, migration 0001).
  const bulk = () => {
    for (;;) {
      const product = options.bulkProduct(Math.floor(options.bulkProducts * random() ** 4));
      if (product.onSale) return product;
    }
  };

  await insertRows(
    db,
    "users",
    ["id", "name", "email", "password_hash", "cart_items", "created_at"],
    Array.from({ length: SHOPPERS }, (_, i) => [`bulk-shopper-${i + 1}`, `Shopper ${i + 1}`, `shopper-${i + 1}@bulk.example`, "!", "{}", now - DAYS * DAY_MS]),
  );

  const hourTotal = HOURLY.reduce((a, b) => a + b, 0);
  const orderRows: unknown[][] = [];
  const itemRows: unknown[][] = [];
  const today = istDay(now);
  for (let n = existing; n < options.count; n++) {
    // When: a day of the last 90, an hour by the daily rhythm; today's orders happened before now.
    let createdAt: number;
    do {
      let hour = 0;
      for (let roll = random() * hourTotal; roll >= HOURLY[hour]!; hour++) roll -= HOURLY[hour]!;
      createdAt = istDayStart(today - Math.floor(random() * DAYS)) + hour * HOUR_MS + Math.floor(random() * HOUR_MS);
    } while (createdAt > now);
    const ageHours = (now - createdAt) / HOUR_MS;

    const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
      const product = random() < 0.5 || options.bulkProducts === 0 ? pick(demo) : bulk();
      return { product, quantity: 1 + Math.floor(random() * 3) };
    });
    const totals = totalsFor(
      lines.map((l) => ({ unitPricePaise: l.product.pricePaise, quantity: l.quantity })),
      SEEDED_TAX_BASIS_POINTS,
    );

    const online = random() < 0.35;
    const payment = random();
    const abandoned = online && payment < 0.05; // failed or never finished: not the seller's order
    const cancelled = !abandoned && ageHours > 0.2 && random() < 0.05;
    const status = abandoned ? "Order Placed" : cancelled ? "Cancelled" : statusAtAge(ageHours, random());
    const isPaid = online ? !abandoned : status === "Delivered" && (ageHours > 6 || random() < 0.7);
    // A refund is made two days after a paid order's cancellation (ADR 044): the last days' still wait.
    const refundedAt = isPaid && cancelled && ageHours > REFUND_AFTER_HOURS ? createdAt + REFUND_AFTER_HOURS * HOUR_MS : null;
    const paymentState = abandoned
      ? ageHours < 1
        ? "pending"
        : payment < 0.02
          ? "failed"
          : "expired"
      : isPaid
        ? cancelled
          ? refundedAt
            ? "refunded"
            : "refund_due"
          : "paid"
        : "pending";
    const history = [
      { status: "Order Placed", at: createdAt },
      ...(status === "Order Placed" ? [] : [{ status, at: Math.min(now, createdAt + Math.floor(ageHours * HOUR_MS * 0.5)) }]),
    ];

    const id = `bulk-order-${n + 1}`;
    const shopper = 1 + Math.floor(random() * SHOPPERS);
    const [city, state, zipCode] = pick(CITIES);
    const address = {
      id: `bulk-address-${shopper}`,
      firstName: "Shopper",
      lastName: String(shopper),
      email: `shopper-${shopper}@bulk.example`,
      street: `${shopper} Main Road`,
      city,
      state,
      zipCode,
      country: "India",
      phone: `+91 ${9_700_000_000 + shopper}`,
    };
    // The seller's search keys, as an order placed in the shop gets them (ADR 035).
    const keys = orderSearchKeys(address);
    orderRows.push([
      id,
      `bulk-shopper-${shopper}`,
      totals.subtotal,
      totals.tax,
      totals.total,
      JSON.stringify(address),
      online ? "Online" : "COD",
      status,
      JSON.stringify(history),
      isPaid ? 1 : 0,
      paymentState,
      online && !abandoned ? `cs_bulk_${n + 1}` : null,
      cancelled ? 1 : 0,
      refundedAt,
      createdAt,
      history[history.length - 1]!.at,
      keys.searchName,
      keys.searchSurname,
      keys.searchPhone,
      keys.searchPhoneReversed,
      keys.searchEmail,
      keys.searchPincode,
      keys.searchCity,
    ]);
    lines.forEach(({ product, quantity }, k) =>
      itemRows.push([`${id}-${k + 1}`, id, product.id, product.name, product.category, product.image, product.pricePaise, quantity]),
    );
  }
  const ORDER_COLUMNS = [
    "id",
    "user_id",
    "subtotal_paise",
    "tax_paise",
    "amount_paise",
    "address",
    "payment_type",
    "status",
    "status_history",
    "is_paid",
    "payment_state",
    "stripe_session_id",
    "stock_returned",
    "refunded_at",
    "created_at",
    "updated_at",
    "search_name",
    "search_surname",
    "search_phone",
    "search_phone_reversed",
    "search_email",
    "search_pincode",
    "search_city",
  ];
  await insertRows(db, "orders", ORDER_COLUMNS, orderRows);
  await insertRows(db, "order_items", ["id", "order_id", "product_id", "name", "category", "image", "unit_price_paise", "quantity"], itemRows);
  // Counted stock for one bulk product in ten (the dashboard's stock lists); the rest stay uncounted.
  await db.prepare("UPDATE products SET stock = (rowid / 10) % 60 WHERE id LIKE 'bulk-%' AND rowid % 10 = 3 AND stock IS NULL").run();
  return options.count - existing;
}

/** Where an order of this age is, in a shop that packs within the hour and delivers the same day. */
function statusAtAge(ageHours: number, roll: number): string {
  if (ageHours < 0.5) return roll < 0.8 ? "Order Placed" : "Packed";
  if (ageHours < 2) return roll < 0.3 ? "Order Placed" : roll < 0.6 ? "Packed" : roll < 0.85 ? "Out for delivery" : "Delivered";
  if (ageHours < 6) return roll < 0.05 ? "Packed" : roll < 0.25 ? "Out for delivery" : "Delivered";
  return "Delivered";
}

/**
 * Multi-row inserts with the values written into the SQL (they are this script's own numbers and
 * names, never input), about 50 KB a statement and 10 statements a batch: bound parameters (at most
 * 100 a statement in D1) would make hundreds of thousands of rows tens of thousands of statements,
 * and local D1 spends more on each statement than SQLite spends on its rows.
 */
async function insertRows(db: D1Database, table: string, columns: string[], rows: unknown[][]) {
  const head = `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES `;
  let statements: D1PreparedStatement[] = [];
  let values: string[] = [];
  let size = 0;
  const flushStatement = () => {
    if (values.length > 0) statements.push(db.prepare(head + values.join(", ")));
    values = [];
    size = 0;
  };
  const flushBatch = async () => {
    flushStatement();
    if (statements.length > 0) await db.batch(statements);
    statements = [];
  };
  for (const row of rows) {
    const tuple = `(${row.map(sqlLiteral).join(", ")})`;
    values.push(tuple);
    size += tuple.length;
    if (size > 50_000) flushStatement();
    if (statements.length === 10) await flushBatch();
  }
  await flushBatch();
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}
