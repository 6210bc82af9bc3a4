// The shop's search and sorted listings in one statement (ADR 011, 030); tiers in creation order: starts, word starts, all words, synonym, close.
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { unknownCursor } from "@worker/errors";
import { products, PRODUCT_DISCOUNT_SQL, type Product } from "@worker/db/schema";
import type { ProductSort } from "@shared/search";
import { DEFAULT_PAGE_SIZE, listProducts, nameContains, type ProductPage } from "./catalog";
import { correctedSearch, MIN_INDEXED_LENGTH, planSearch, type SearchPlan } from "./search-query";

export type MatchKind = "found" | "close" | "none";

export type ShopQuery = { search: string; category?: string; sort: ProductSort; cursor?: string; limit?: number };

/** `soldOut`: on a search's last page, its best sold-out matches, so the shopper learns the store has them. */
export type ShopPage = ProductPage & { match: MatchKind; didYouMean: string | null; soldOut: Product[] };

export const SOLD_OUT_SHOWN = 4;

/** Ranks: a tier times this, plus (in the fuzzy tier) how many trigrams a name misses. */
const TIER = 1000;
const FUZZY_TIER = 4 * TIER;
/** Fuzzy candidates scored per search: the best by FTS5's own rank, so a common trigram cannot make it scan the catalogue. */
const FUZZY_CANDIDATES = 500;

export async function browseProducts(db: Database, query: ShopQuery): Promise<ShopPage> {
  const limit = Math.min(Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE_SIZE)), 100);
  const { search } = query;
  if ([...search].length >= MIN_INDEXED_LENGTH) {
    const page = await rankedSearch(db, { ...query, limit });
    if (page.nextCursor !== null) return page;
    const soldOut = await rankedSearch(db, { ...query, sort: "relevance", cursor: undefined, limit: SOLD_OUT_SHOWN }, { soldOut: true });
    return { ...page, soldOut: soldOut.products };
  }
  // Short text (one or two characters) filters the store's own order (catalog.ts).
  const page =
    query.sort === "relevance"
      ? await listProducts(db, { search, category: query.category, cursor: query.cursor, limit })
      : await sortedListing(db, { ...query, limit });
  return { ...page, match: page.products.length > 0 || !search ? "found" : "none", didYouMean: null, soldOut: [] };
}

/** What to order a page by; the rowid breaks ties the same way. */
type OrderKey = { key: SQL; descending: boolean; tag: string };

const SORT_KEYS: Partial<Record<ProductSort, OrderKey>> = {
  "price-asc": { key: sql`${products.offerPricePaise}`, descending: false, tag: "p" },
  "price-desc": { key: sql`${products.offerPricePaise}`, descending: true, tag: "h" },
  discount: { key: PRODUCT_DISCOUNT_SQL, descending: true, tag: "d" },
};

const orderKey = (sort: ProductSort, rank: SQL): OrderKey => SORT_KEYS[sort] ?? { key: rank, descending: false, tag: "r" };

type Cursor = { key: number; rowid: number };

/** `key, rowid` in the key's direction, and the keyset condition "after the cursor's row" (none without a cursor). */
function ordering({ key, descending }: OrderKey, after: Cursor | null) {
  const direction = sql.raw(descending ? "DESC" : "ASC");
  const beyond = sql.raw(descending ? "<" : ">");
  return {
    orderBy: [sql`${key} ${direction}`, sql`${products}.rowid ${direction}`],
    after: after ? sql`(${key} ${beyond} ${after.key} OR (${key} = ${after.key} AND ${products}.rowid ${beyond} ${after.rowid}))` : undefined,
  };
}

/** A sorted page's cursor: the sort's tag, the last row's key and rowid (`p4500.17`); another sort's is refused. */
function decodeCursor(cursor: string | undefined, tag: string): Cursor | null {
  if (!cursor) return null;
  const match = cursor.match(/^([a-z])(-?\d+)\.(\d+)$/);
  const [key, rowid] = [Number(match?.[2]), Number(match?.[3])];
  if (match?.[1] !== tag || !Number.isSafeInteger(key) || !Number.isSafeInteger(rowid)) throw unknownCursor();
  return { key, rowid };
}

type Row = Product & { sortKey: number; rowid: number; rank: number };

function toShopPage(rows: Row[], limit: number, tag: string, didYouMeanFor: string | null): ShopPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const found = page.some((row) => row.rank < FUZZY_TIER);
  const match: MatchKind = page.length === 0 ? "none" : found ? "found" : "close";
  const names = page.map(({ name }) => name);
  return {
    products: page.map(({ sortKey: _key, rowid: _rowid, rank: _rank, ...product }) => product),
    nextCursor: rows.length > limit && last ? `${tag}${last.sortKey}.${last.rowid}` : null,
    match,
    didYouMean: match === "close" && didYouMeanFor ? correctedSearch(didYouMeanFor, names) : null,
    soldOut: [],
  };
}

/** In-stock products by price or discount, along products_price_idx / products_discount_idx (and their category twins). */
async function sortedListing(db: Database, query: ShopQuery & { limit: number }): Promise<ShopPage> {
  const order = orderKey(query.sort, sql`0`);
  const { orderBy, after } = ordering(order, decodeCursor(query.cursor, order.tag));
  const rows = await db
    .select({ ...getTableColumns(products), sortKey: sql<number>`${order.key}`, rowid: sql<number>`${products}.rowid`, rank: sql<number>`0` })
    .from(products)
    .where(
      and(
        eq(products.inStock, true),
        query.category ? eq(products.category, query.category) : undefined,
        query.search ? nameContains(query.search) : undefined,
        after,
      ),
    )
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  return toShopPage(rows, query.limit, order.tag, null);
}

type Tier = { rank: number; rids: SQL };

/** The tiers, best first and disjoint; the fuzzy tier's guards name no candidate's column, so SQLite checks them once. */
function searchTiers(plan: SearchPlan): Tier[] {
  const keys = sql`(SELECT value FROM json_each(${JSON.stringify(plan.synonymKeys)}))`;
  const literalRids = sql`(SELECT rowid FROM products_fts WHERE products_fts MATCH ${plan.literal})`;
  // Every meaning of the text's synonyms as one FTS5 query ("potato" OR "aloo"), or an empty phrase, which matches nothing.
  const meanings = sql`(SELECT '(' || group_concat('"' || replace(meaning, '"', '""') || '"', ' OR ') || ')'
    FROM search_synonyms WHERE term IN ${keys} AND category IS NULL)`;
  const categories = sql`(SELECT category FROM search_synonyms WHERE term IN ${keys} AND category IS NOT NULL UNION SELECT ${plan.category})`;
  // The first category walks products_category_rowid_idx in rowid order; further ones (rare) are sorted.
  const firstCategory = sql`(SELECT min(category) FROM ${categories})`;
  const fts = (query: SQL | string) => sql`SELECT rowid AS rid FROM products_fts WHERE products_fts MATCH ${query}`;
  const tiers: Tier[] = [
    { rank: 0, rids: fts(plan.tiers.startsWith) },
    { rank: TIER, rids: fts(plan.tiers.wordStart) },
    { rank: 2 * TIER, rids: fts(plan.tiers.inside) },
    {
      rank: 3 * TIER,
      rids: sql`${fts(sql`coalesce(${meanings} || ' NOT (' || ${plan.literal} || ')', '""')`)}
        UNION
        SELECT rowid FROM products WHERE category = ${firstCategory} AND rowid NOT IN ${literalRids}
        UNION
        SELECT rowid FROM products WHERE category IN (SELECT category FROM ${categories} WHERE category > ${firstCategory}) AND rowid NOT IN ${literalRids}`,
    },
  ];
  if (plan.fuzzy === null) return tiers;
  // How many of the text's padded trigrams a name holds, over FTS5's best candidates.
  const score = sql`(SELECT count(*) FROM json_each(${JSON.stringify(plan.grams)}) g WHERE instr(' ' || lower(name) || ' ', g.value) > 0)`;
  const candidates = sql`
    SELECT rowid AS rid, ${score} AS score FROM products_fts
      WHERE products_fts MATCH ${plan.fuzzy}
        AND NOT EXISTS (SELECT 1 FROM products_fts WHERE products_fts MATCH ${plan.anyWordStart})
        AND NOT EXISTS (SELECT 1 FROM products_fts WHERE products_fts MATCH coalesce(${meanings}, '""'))
        AND NOT EXISTS (SELECT 1 FROM products WHERE category IN ${categories})
      ORDER BY rank LIMIT ${sql.raw(String(FUZZY_CANDIDATES))}`;
  return [
    ...tiers,
    {
      rank: FUZZY_TIER,
      rids: sql`SELECT rid, ${sql.raw(String(FUZZY_TIER))} + ${plan.grams.length} - score AS rank FROM (${candidates})
        WHERE score >= ${plan.minGrams} AND rid NOT IN ${literalRids}`,
    },
  ];
}

/** Conditions every listed product meets (`soldOut`: the sold-out ones named where a search's results end). */
const listable = (category: string | undefined, soldOut: boolean): SQL | undefined =>
  and(
    // The unary + keeps SQLite off the in-stock and category indexes (sqlite.org/optoverview.html): the matches are fewer.
    sql`+${products.inStock} = ${sql.raw(soldOut ? "0" : "1")}`,
    category ? sql`+${products.category} = ${category}` : undefined,
  );

/** Every match with its rank (lowest best), for the price and discount sorts to order by their key. */
const rankedMatches = (plan: SearchPlan): SQL =>
  sql.join(
    searchTiers(plan).map(({ rank, rids }) =>
      rank === FUZZY_TIER ? sql`SELECT rid, rank FROM (${rids})` : sql`SELECT rid, ${sql.raw(String(rank))} AS rank FROM (${rids})`,
    ),
    sql` UNION ALL `,
  );

/** A relevance page, tier by tier in rowid order: UNION ALL's arms run in order up to the LIMIT (no ORDER BY, which starts every arm). */
function relevancePage(plan: SearchPlan, category: string | undefined, soldOut: boolean, after: Cursor | null, limit: number): SQL {
  // Tiers before the cursor's are skipped, its own starts after the cursor's row, later ones at their beginning.
  const cursorTier = after ? Math.min(Math.floor(after.key / TIER), FUZZY_TIER / TIER) : 0;
  const start = (index: number) => (!after || index > cursorTier ? 0 : index === cursorTier ? after.rowid : Number.MAX_SAFE_INTEGER);
  const arms = searchTiers(plan).map(({ rank, rids }, index) => {
    const base = sql`FROM (${rids}) AS tier JOIN ${products} ON ${products}.rowid = tier.rid WHERE ${listable(category, soldOut)}`;
    if (rank === FUZZY_TIER) {
      const [afterKey, afterRowid] = [after?.key ?? -1, after?.rowid ?? 0];
      return sql`SELECT * FROM (SELECT tier.rid, tier.rank ${base}
        AND (tier.rank > ${afterKey} OR (tier.rank = ${afterKey} AND tier.rid > ${afterRowid})) ORDER BY tier.rank, tier.rid LIMIT ${limit})`;
    }
    return sql`SELECT * FROM (SELECT tier.rid, ${sql.raw(String(rank))} AS rank ${base}
      AND tier.rid > ${start(index)} ORDER BY tier.rid LIMIT ${limit})`;
  });
  return sql.join(arms, sql` UNION ALL `);
}

async function rankedSearch(db: Database, query: ShopQuery & { limit: number }, { soldOut = false } = {}): Promise<ShopPage> {
  const plan = planSearch(query.search);
  const order = orderKey(query.sort, sql`hits.rank`);
  const after = decodeCursor(query.cursor, order.tag);
  const limit = query.limit + 1;
  const columns = { ...getTableColumns(products), sortKey: sql<number>`${order.key}`, rowid: sql<number>`${products}.rowid`, rank: sql<number>`hits.rank` };
  const { orderBy, after: afterCondition } = ordering(order, after);
  const rows =
    query.sort === "relevance"
      ? // CROSS JOIN keeps the already ordered hits outermost.
        await db
          .select(columns)
          .from(sql`(${relevancePage(plan, query.category, soldOut, after, limit)}) AS hits`)
          .crossJoin(products)
          .where(sql`${products}.rowid = hits.rid`)
          .limit(limit)
      : await db
          .select(columns)
          .from(products)
          .innerJoin(sql`(${rankedMatches(plan)}) AS hits`, sql`hits.rid = ${products}.rowid`)
          .where(and(listable(query.category, soldOut), afterCondition))
          .orderBy(...orderBy)
          .limit(limit);
  return toShopPage(rows, query.limit, order.tag, query.search);
}

export async function suggestProducts(db: Database, search: string, limit = SUGGESTION_COUNT): Promise<{ products: Product[]; didYouMean: string | null }> {
  const page = await browseProducts(db, { search, sort: "relevance", limit });
  return { products: [...page.products, ...page.soldOut].slice(0, limit), didYouMean: page.didYouMean };
}
export const SUGGESTION_COUNT = 6;
