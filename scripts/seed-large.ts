/**
 * `npm run seed:large`: grow the local store to 50,000 products and 100,000 orders (idempotent),
 * to measure it at scale. Run `npm start` (or `npm run seed`) first so the demo pictures exist.
 * The orders are a 90-day history (scripts/seed-orders.ts).
 *
 *   node scripts/seed-large.ts [--count 50000] [--orders 100000] [--state .wrangler/state]
 */
import { parseArgs } from "node:util";
import { openLocalStorage } from "./local-storage.ts";
import { SEED_PRODUCTS } from "./seed-data.ts";
import { seedOrders } from "./seed-orders.ts";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "50000" },
    orders: { type: "string", default: "100000" },
    state: { type: "string", default: ".wrangler/state" },
  },
});
const count = Number(values.count);
const orderCount = Number(values.orders);

const ADJECTIVES = ["Organic", "Farm Fresh", "Premium", "Classic", "Golden", "Everyday", "Family Pack", "Select", "Crunchy", "Handpicked"];
const SIZES = ["250g", "500g", "1 kg", "2 kg", "6 pcs", "12 pcs", "1L", "2L"];
/** Bulk products start after the demo catalogue, so its order and best sellers stay the same. */
const BULK_EPOCH = Date.UTC(2026, 1, 1);

const { env, dispose } = await openLocalStorage(values.state!);

// D1 allows 100 bound parameters per statement: 9 rows of 11 values each.
const ROWS_PER_STATEMENT = 9;
const STATEMENTS_PER_BATCH = 200;
const COLUMNS = "(id, name, category, description, price_paise, offer_price_paise, images, in_stock, weight, created_at, updated_at)";

/** The i-th bulk product (0-based), as the orders seed needs it too. */
function bulkProduct(i: number) {
  const base = SEED_PRODUCTS[i % SEED_PRODUCTS.length]!;
  const adjective = ADJECTIVES[Math.floor(i / SEED_PRODUCTS.length) % ADJECTIVES.length]!;
  const size = SIZES[Math.floor(i / (SEED_PRODUCTS.length * ADJECTIVES.length)) % SIZES.length]!;
  const baseName = base.name.replace(/\s+[\d.]+\s*(g|kg|L|pcs)$/i, "");
  const mrp = base.mrp * 100 + (i % 7) * 100;
  return {
    id: `bulk-${String(i + 1).padStart(6, "0")}`,
    name: `${adjective} ${baseName} ${size} #${i + 1}`,
    category: base.category,
    base,
    size,
    image: `seed/${base.emoji}.webp`,
    mrp,
    pricePaise: Math.max(100, mrp - (i % 5) * 100),
    onSale: i % 10 !== 9, // every tenth product out of stock
  };
}

function row(i: number): unknown[] {
  const p = bulkProduct(i);
  const at = BULK_EPOCH + i * 1000;
  return [p.id, p.name, p.category, JSON.stringify(p.base.description), p.mrp, p.pricePaise, JSON.stringify([p.image]), p.onSale ? 1 : 0, p.size, at, at];
}

/**
 * On a busy machine Miniflare's connection to the local D1 is sometimes closed the moment a batch is
 * sent ("other side closed"); the rows are INSERT OR IGNORE, so the same batch is simply sent again.
 */
async function batchWithRetries(statements: D1PreparedStatement[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await env.DB.batch(statements);
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

try {
  const countRows = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE id LIKE 'bulk-%'").first<{ n: number }>())!.n;
  const before = await countRows();
  const started = Date.now();
  const rowsPerBatch = ROWS_PER_STATEMENT * STATEMENTS_PER_BATCH;
  for (let from = 0; from < count; from += rowsPerBatch) {
    const statements = [];
    for (let start = from; start < Math.min(from + rowsPerBatch, count); start += ROWS_PER_STATEMENT) {
      const ids = Array.from({ length: Math.min(ROWS_PER_STATEMENT, count - start) }, (_, k) => start + k);
      const placeholders = ids.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
      statements.push(env.DB.prepare(`INSERT OR IGNORE INTO products ${COLUMNS} VALUES ${placeholders}`).bind(...ids.flatMap(row)));
    }
    await batchWithRetries(statements);
  }
  const after = await countRows();
  console.log(`Large catalogue: ${after - before} new, ${after} bulk products in all (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  const ordersStarted = Date.now();
  const added = await seedOrders(env.DB, { count: orderCount, bulkProducts: after, bulkProduct });
  console.log(`Order history: ${added} new orders (${((Date.now() - ordersStarted) / 1000).toFixed(1)} s).`);
} finally {
  await dispose();
}
