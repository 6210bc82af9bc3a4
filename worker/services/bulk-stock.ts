/** Stock changes for many products at once, in one D1 batch (read, write, read), by the single switch's rules (ADR 019). */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { products } from "@worker/db/schema";
import { parseInput } from "@worker/errors";
import { bulkStockInput, type BulkStockInput } from "@worker/validation/product";
import type { Database } from "@worker/db/client";

export type BulkStockResult = { change: BulkStockInput["set"]; changed: number; unchanged: number; soldOut: number; missing: number };

export async function setStockInBulk(db: Database, input: unknown): Promise<BulkStockResult> {
  const change = parseInput(bulkStockInput, input);
  const selected = sql`${products.id} IN (SELECT value FROM json_each(${JSON.stringify(change.ids)}))`;
  const state = () =>
    db
      .select({ id: products.id, inStock: products.inStock, stock: products.stock, switchedOff: products.switchedOff })
      .from(products)
      .where(selected)
      .orderBy(products.id);
  const updatedAt = Date.now();
  // Each write touches only the products it changes; switching on needs stock above zero or no count.
  const [set, changes] =
    change.set === "count"
      ? [{ stock: change.count }, sql`${products.stock} IS NOT ${change.count}`]
      : change.set === "out-of-stock"
        ? [{ switchedOff: true }, eq(products.switchedOff, false)]
        : [{ switchedOff: false }, and(eq(products.switchedOff, true), or(isNull(products.stock), gt(products.stock, 0)))];
  const write = db
    .update(products)
    .set({ ...set, updatedAt })
    .where(and(selected, changes));
  const [before, , after] = await db.batch([state(), write, state()]);

  const was = new Map(before.map((row) => [row.id, row]));
  const changed = after.filter((row) => {
    const old = was.get(row.id);
    return old && (old.stock !== row.stock || old.switchedOff !== row.switchedOff);
  }).length;
  const soldOut = change.set === "in-stock" ? after.filter((row) => !row.inStock && row.stock === 0).length : 0;
  return { change: change.set, changed, unchanged: after.length - changed - soldOut, soldOut, missing: change.ids.length - before.length };
}

const DONE: Record<BulkStockInput["set"], [done: string, already: string]> = {
  "in-stock": ["switched on", "already on"],
  "out-of-stock": ["switched off", "already off"],
  count: ["given the new count", "already at that count"],
};

/** "3 products switched on; 1 sold out: set a stock count first". */
export function bulkStockMessage(result: BulkStockResult): string {
  const [done, already] = DONE[result.change];
  const parts = [`${result.changed} product${result.changed === 1 ? "" : "s"} ${done}`];
  if (result.unchanged > 0) parts.push(`${result.unchanged} ${already}`);
  if (result.soldOut > 0) parts.push(`${result.soldOut} sold out: set a stock count first`);
  if (result.missing > 0) parts.push(`${result.missing} not found`);
  return parts.join("; ");
}
