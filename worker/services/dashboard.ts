// The seller dashboard's figures: one round trip of small indexed reads of trigger-kept sums (ADR 036); an order counts, as it is now, on the IST day placed.
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lte, sql, type Column, type SQL } from "drizzle-orm";
import { BEST_SELLER_DAYS, CHART_DAYS, LOW_STOCK, PERIODS, type PeriodKey, type WaitingKey } from "@shared/dashboard";
import { DAY_MS, IST_OFFSET_MS, istDay, istDayStart } from "@shared/ist";
import { paiseToRupees } from "@shared/money";
import type { Database } from "@worker/db/client";
import { creditNotes, orders, products, productSalesDays, salesDays } from "@worker/db/schema";
import { toFulfil } from "./seller-orders";

export type PeriodFigures = Omit<typeof salesDays.$inferSelect, "day">;
export type StockedProduct = { id: string; name: string; category: string; stock: number };
/** Orders waiting for a step, and the money they hold where it waits. */
export type Waiting = { orders: number; amountPaise?: number };
/** Counted on the IST day they were made (ADR 044). */
export type RefundsMade = { orders: number; amountPaise: number };
/** `livePaise`: the notes of orders not cancelled, which the period's sales are net of. */
export type CreditNotesIssued = { notes: number; amountPaise: number; livePaise: number };

const LISTED = 5;

const { day: _day, ...figureColumns } = getTableColumns(salesDays);
const EMPTY_DAY = Object.fromEntries(Object.keys(figureColumns).map((figure) => [figure, 0])) as PeriodFigures;

/** For each period, `zero`'s fields summed over the rows of its IST days up to `today`. */
function byPeriod<K extends string>(today: number, rows: ({ day: number } & Record<K, number>)[], zero: Record<K, number>) {
  const sums = PERIODS.map(({ key, days }) => {
    const sum = { ...zero };
    for (const row of rows) if (row.day > today - days && row.day <= today) for (const field of Object.keys(sum) as K[]) sum[field] += row[field];
    return [key, sum];
  });
  return Object.fromEntries(sums) as Record<PeriodKey, Record<K, number>>;
}

export function bestSellersQuery(db: Database, today: number) {
  const topSellers = db
    .select({
      productId: productSalesDays.productId,
      units: sql<number>`sum(${productSalesDays.units})`.as("units"),
      salesPaise: sql<number>`sum(${productSalesDays.salesPaise})`.as("sales_paise"),
    })
    .from(productSalesDays)
    .where(gt(productSalesDays.day, today - BEST_SELLER_DAYS))
    .groupBy(productSalesDays.productId)
    .having(sql`sum(${productSalesDays.units}) > 0`)
    .orderBy(desc(sql`units`), asc(productSalesDays.productId))
    .limit(LISTED)
    .as("top");
  return db
    .select({ productId: topSellers.productId, units: topSellers.units, salesPaise: topSellers.salesPaise, name: products.name, category: products.category })
    .from(topSellers)
    .leftJoin(products, eq(products.id, topSellers.productId))
    .orderBy(desc(topSellers.units), asc(topSellers.productId));
}

const istDayOf = (at: Column) => sql<number>`(${at} + ${sql.raw(String(IST_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))}`.as("day");

/** The other reads, in batch order (exported for the query-plan test). */
export function dashboardQueries(db: Database, today: number) {
  const firstChartDay = today - CHART_DAYS + 1;
  const stockColumns = { id: products.id, name: products.name, category: products.category, stock: sql<number>`${products.stock}` };
  const countAndSum = (where: SQL | undefined) =>
    db
      .select({ n: sql<number>`count(*)`, paise: sql<number>`coalesce(sum(${orders.amountPaise}), 0)` })
      .from(orders)
      .where(where);

  return [
    db
      .select()
      .from(salesDays)
      .where(and(gte(salesDays.day, firstChartDay), lte(salesDays.day, today)))
      .orderBy(asc(salesDays.day)),
    db
      .select({ status: orders.status, n: sql<number>`count(*)` })
      .from(orders)
      .where(and(inArray(orders.status, ["Order Placed", "Packed", "Out for delivery"]), toFulfil))
      .groupBy(orders.status),
    countAndSum(and(eq(orders.status, "Delivered"), eq(orders.paymentType, "COD"), eq(orders.isPaid, false))),
    countAndSum(sql`${orders.paymentState} = 'refund_due'`), // a literal, so the partial index applies
    // Refunds per IST day: a range of their partial index.
    db
      .select({ day: istDayOf(orders.refundedAt), orders: sql<number>`count(*)`, amountPaise: sql<number>`sum(${orders.amountPaise})` })
      .from(orders)
      .where(and(sql`${orders.paymentState} = 'refunded'`, gte(orders.refundedAt, istDayStart(firstChartDay))))
      .groupBy(sql`day`),
    // Credit notes per IST day issued; those of orders still on come off the sales, as a cancelled order's whole sale already has (ADR 075).
    db
      .select({
        day: istDayOf(creditNotes.issuedAt),
        notes: sql<number>`count(*)`,
        amountPaise: sql<number>`sum(${creditNotes.amountPaise})`,
        livePaise: sql<number>`coalesce(sum(CASE WHEN ${orders.status} <> 'Cancelled' THEN ${creditNotes.amountPaise} END), 0)`,
      })
      .from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .where(gte(creditNotes.issuedAt, istDayStart(firstChartDay)))
      .groupBy(sql`day`),
    db
      .select({ soldOut: sql<number>`coalesce(sum(${products.stock} = 0), 0)`, low: sql<number>`coalesce(sum(${products.stock} > 0), 0)` })
      .from(products)
      .where(lte(products.stock, LOW_STOCK)),
    db.select(stockColumns).from(products).where(eq(products.stock, 0)).orderBy(desc(products.updatedAt)).limit(LISTED),
    db
      .select(stockColumns)
      .from(products)
      .where(and(gt(products.stock, 0), lte(products.stock, LOW_STOCK)))
      .orderBy(asc(products.stock), desc(products.updatedAt))
      .limit(LISTED),
  ] as const;
}

export async function dashboardFigures(db: Database, now = Date.now()) {
  const today = istDay(now);
  const firstChartDay = today - CHART_DAYS + 1;
  const [dayRows, waitingRows, [cash], [refunds], refundDays, noteDays, [stockCounts], soldOut, lowStock, bestSellers] = await db.batch([
    ...dashboardQueries(db, today),
    bestSellersQuery(db, today),
  ] as const);

  const byDay = new Map(dayRows.map(({ day, ...figures }) => [day, figures]));
  const creditNotesIssued = byPeriod<keyof CreditNotesIssued>(today, noteDays, { notes: 0, amountPaise: 0, livePaise: 0 });
  const periods = byPeriod<keyof PeriodFigures>(today, dayRows, EMPTY_DAY);
  for (const { key } of PERIODS) periods[key].salesPaise -= creditNotesIssued[key].livePaise;

  const waitingIn = (status: string) => waitingRows.find((row) => row.status === status)?.n ?? 0;
  const waiting: Record<WaitingKey, Waiting> = {
    toPack: { orders: waitingIn("Order Placed") },
    toShip: { orders: waitingIn("Packed") },
    toDeliver: { orders: waitingIn("Out for delivery") },
    cashToCollect: { orders: cash?.n ?? 0, amountPaise: cash?.paise ?? 0 },
    refundsDue: { orders: refunds?.n ?? 0, amountPaise: refunds?.paise ?? 0 },
  };
  return {
    today,
    readAt: now,
    periods,
    refundsMade: byPeriod<keyof RefundsMade>(today, refundDays, { orders: 0, amountPaise: 0 }),
    creditNotesIssued,
    days: Array.from({ length: CHART_DAYS }, (_, i) => {
      const { orders = 0, salesPaise = 0 } = byDay.get(firstChartDay + i) ?? {};
      return { day: firstChartDay + i, orders, salesPaise };
    }),
    waiting,
    soldOut: { count: stockCounts?.soldOut ?? 0, products: soldOut },
    lowStock: { count: stockCounts?.low ?? 0, products: lowStock },
    bestSellers,
  };
}

type InRupees<T> = T extends (infer U)[]
  ? InRupees<U>[]
  : T extends object
    ? { [K in keyof T as K extends `${infer Name}Paise` ? Name : K]: InRupees<T[K]> }
    : T;

/** The JSON API's shape: every `…Paise` figure as rupees without the suffix (`salesPaise` → `sales`). */
export function toDashboardJson<T>(value: T): InRupees<T> {
  if (Array.isArray(value)) return value.map(toDashboardJson) as InRupees<T>;
  if (value === null || typeof value !== "object") return value as InRupees<T>;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) =>
      key.endsWith("Paise") && typeof field === "number" ? [key.slice(0, -"Paise".length), paiseToRupees(field)] : [key, toDashboardJson(field)],
    ),
  ) as InRupees<T>;
}
