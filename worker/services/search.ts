/**
 * The shop's search and its sorted listings (/products, the typeahead): search that finds what a
 * shopper means, not only what they typed (ADR 030).
 *
 * A search is ranked in tiers, best first, each in creation order:
 *   0. the name starts with the text ("apple" → "Apple 1 kg");
 *   1. a word of the name starts with it ("Green Apple");
 *   2. the name holds every word somewhere ("ice" → "Rice");
 *   3. a synonym of the text or of one of its words ("aloo" → potato, "chips" → the Instant aisle;
 *      the seller's table, worker/services/search-synonyms.ts), or a category it names ("fruits");
 *   4. only when no name has a word starting with the text and no synonym matched: a close
 *      spelling ("aple" → "Apple"), the names sharing most trigrams with it; when these are all
 *      the page has, it says "did you mean …". (Text inside a word, "aple" in "Maple", is too weak
 *      a match to hide the apples.)
 * Plurals are stemmed (worker/services/search-query.ts). The whole search is one statement over the
 * trigram FTS5 index, the synonym table and the product indexes: one D1 round trip (ADR 011), its
 * SQL prepared once per shape (ADR 018). Matches are collected and ordered inside D1, whose time is
 * not the Worker's CPU (ADR 023); the Worker only reads one page of rows.
 *
 * Sorted listings (price both ways, discount) walk an index in that order when there is no search.
 */
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { prepared } from "@worker/db/prepared";
import { products, PRODUCT_DISCOUNT_SQL, type Product } from "@worker/db/schema";
import type { ProductSort } from "@shared/search";
import { DEFAULT_PAGE_SIZE, escapeLike, listProducts, type ProductPage } from "./catalog";
import { correctedSearch, MIN_INDEXED_LENGTH, planSearch } from "./search-query";

/** How a search's results relate to its text: found as typed (or meant), only close spellings, or nothing. */
export type MatchKind = "found" | "close" | "none";

export type ShopQuery = {
  /** Normalised search text (worker/validation/search.ts); empty lists everything. */
  search: string;
  /** A canonical category path: the filter chips. */
  category?: string;
  sort: ProductSort;
  cursor?: string;
  limit?: number;
};

export type ShopPage = ProductPage & {
  match: MatchKind;
  /** The search spelled as the closest names found spell it, when it matched only close spellings. */
  didYouMean: string | null;
};

/** Ranks: a tier times this, plus (in the fuzzy tier) how many trigrams a name misses. */
const TIER = 1000;
const FUZZY_TIER = 4 * TIER;
/** Fuzzy candidates scored per search: the best by FTS5's own rank, so a common trigram cannot make it scan the catalogue. */
const FUZZY_CANDIDATES = 500;

/** The shop's product listing: searched and ranked, sorted, filtered by category, paged. */
export async function browseProducts(db: Database, query: ShopQuery): Promise<ShopPage> {
  const limit = Math.min(Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE_SIZE)), 100);
  const search = query.search;
  if ([...search].length >= MIN_INDEXED_LENGTH) return rankedSearch(db, { ...query, limit });
  if (query.sort === "relevance") {
    // The store's own order; short text (one or two characters) filters it (catalog.ts).
    const page = await listProducts(db, { search, category: query.category, cursor: query.cursor, limit });
    return { ...page, match: page.products.length > 0 || !search ? "found" : "none", didYouMean: null };
  }
  const page = await sortedListing(db, { ...query, limit });
  return { ...page, match: page.products.length > 0 || !search ? "found" : "none", didYouMean: null };
}

/** What to order a page by, and in which direction; the rowid breaks ties the same way. */
type OrderKey = { key: SQL; descending: boolean; tag: string };

function orderKey(sort: ProductSort, rank: SQL): OrderKey {
  switch (sort) {
    case "price-asc":
      return { key: sql`${products.offerPricePaise}`, descending: false, tag: "p" };
    case "price-desc":
      return { key: sql`${products.offerPricePaise}`, descending: true, tag: "h" };
    case "discount":
      return { key: PRODUCT_DISCOUNT_SQL, descending: true, tag: "d" };
    default:
      return { key: rank, descending: false, tag: "r" };
  }
}

/** `key, rowid` in the key's direction, and the keyset condition "after the cursor's row". */
function ordering({ key, descending }: OrderKey) {
  const direction = sql.raw(descending ? "DESC" : "ASC");
  const beyond = sql.raw(descending ? "<" : ">");
  const afterKey = sql.placeholder("afterKey");
  const afterRowid = sql.placeholder("afterRowid");
  return {
    orderBy: [sql`${key} ${direction}`, sql`${products}.rowid ${direction}`],
    after: sql`(${key} ${beyond} ${afterKey} OR (${key} = ${afterKey} AND ${products}.rowid ${beyond} ${afterRowid}))`,
  };
}

/** A sorted page's cursor: the sort's tag, the last row's key and rowid (`p4500.17`). Another sort's cursor starts over. */
function decodeCursor(cursor: string | undefined, tag: string): { afterKey: number; afterRowid: number } | null {
  const match = cursor?.match(/^([a-z])(-?\d+)\.(\d+)$/);
  if (!match || match[1] !== tag) return null;
  const [afterKey, afterRowid] = [Number(match[2]), Number(match[3])];
  return Number.isSafeInteger(afterKey) && Number.isSafeInteger(afterRowid) ? { afterKey, afterRowid } : null;
}

type Row = Product & { sortKey: number; rowid: number; rank: number };

function toShopPage(rows: Row[], limit: number, tag: string, didYouMeanFor: string | null): ShopPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const found = page.some((row) => row.rank < FUZZY_TIER);
  const match: MatchKind = page.length === 0 ? "none" : found ? "found" : "close";
  return {
    products: page.map(({ sortKey: _key, rowid: _rowid, rank: _rank, ...product }) => product),
    nextCursor: rows.length > limit && last ? `${tag}${last.sortKey}.${last.rowid}` : null,
    match,
    didYouMean: match === "close" && didYouMeanFor ? correctedSearch(didYouMeanFor, page.map((row) => row.name)) : null,
  };
}

/** In-stock products by price or discount, along products_price_idx / products_discount_idx (and their category twins). */
async function sortedListing(db: Database, query: ShopQuery & { limit: number }): Promise<ShopPage> {
  const order = orderKey(query.sort, sql`0`);
  const after = decodeCursor(query.cursor, order.tag);
  const shape = { sort: query.sort, category: Boolean(query.category), like: Boolean(query.search), after: Boolean(after) };
  const statement = prepared(db, `sortedListing ${JSON.stringify(shape)}`, () => {
    const { orderBy, after: afterCondition } = ordering(order);
    return db
      .select({ ...getTableColumns(products), sortKey: sql<number>`${order.key}`, rowid: sql<number>`${products}.rowid`, rank: sql<number>`0` })
      .from(products)
      .where(
        and(
          eq(products.inStock, true),
          shape.category ? eq(products.category, sql.placeholder("category")) : undefined,
          shape.like ? sql`${products.name} LIKE ${sql.placeholder("like")} ESCAPE '\\'` : undefined,
          shape.after ? afterCondition : undefined,
        ),
      )
      .orderBy(...orderBy)
      .limit(sql.placeholder("limit"))
      .prepare();
  });
  const rows = (await statement.all({ category: query.category, like: `%${escapeLike(query.search)}%`, ...after, limit: query.limit + 1 })) as Row[];
  return toShopPage(rows, query.limit, order.tag, null);
}

/**
 * Every match of the search with its rank (lowest best), as a subquery: the literal tiers, the
 * synonyms and named category, and (only when none of those but text inside a word matched) the
 * fuzzy tier.
 */
function rankedMatches(fuzzy: boolean): SQL {
  const keys = sql`(SELECT value FROM json_each(${sql.placeholder("synonymKeys")}))`;
  const strong = sql`
    SELECT rowid AS rid,
      CASE WHEN name LIKE ${sql.placeholder("prefix")} ESCAPE '\\' THEN 0
           WHEN name LIKE ${sql.placeholder("wordPrefix")} ESCAPE '\\' THEN ${sql.raw(String(TIER))}
           ELSE ${sql.raw(String(2 * TIER))} END AS rank
      FROM products_fts WHERE products_fts MATCH ${sql.placeholder("literal")}
    UNION ALL
    SELECT products_fts.rowid, ${sql.raw(String(3 * TIER))} FROM search_synonyms JOIN products_fts
      ON products_fts MATCH ('"' || replace(search_synonyms.meaning, '"', '""') || '"')
      WHERE search_synonyms.term IN ${keys} AND search_synonyms.category IS NULL
    UNION ALL
    SELECT rowid, ${sql.raw(String(3 * TIER))} FROM products
      WHERE category IN (SELECT category FROM search_synonyms WHERE term IN ${keys} AND category IS NOT NULL UNION SELECT ${sql.placeholder("namedCategory")})`;
  if (!fuzzy) return sql`SELECT rid, min(rank) AS rank FROM (${strong}) GROUP BY rid`;
  // The share of the text's padded trigrams a name holds, over the best candidates FTS5 ranks. The
  // NOT EXISTS names no candidate's column: SQLite checks it once, before the loop, so a search
  // that found a word start or a synonym never computes a candidate.
  return sql`
    WITH strong AS (${strong}),
    candidates AS (
      SELECT rowid AS rid,
        (SELECT count(*) FROM json_each(${sql.placeholder("grams")}) g WHERE instr(' ' || lower(name) || ' ', g.value) > 0) AS score
      FROM products_fts
      WHERE products_fts MATCH ${sql.placeholder("fuzzy")}
        AND NOT EXISTS (SELECT 1 FROM strong WHERE rank < ${sql.raw(String(2 * TIER))} OR rank >= ${sql.raw(String(3 * TIER))})
      ORDER BY rank LIMIT ${sql.raw(String(FUZZY_CANDIDATES))}
    )
    SELECT rid, min(rank) AS rank FROM (
      SELECT rid, rank FROM strong
      UNION ALL
      SELECT rid, ${sql.raw(String(FUZZY_TIER))} + ${sql.placeholder("gramCount")} - score FROM candidates WHERE score >= ${sql.placeholder("minGrams")}
    ) GROUP BY rid`;
}

async function rankedSearch(db: Database, query: ShopQuery & { limit: number }): Promise<ShopPage> {
  const plan = planSearch(query.search);
  const order = orderKey(query.sort, sql`hits.rank`);
  const after = decodeCursor(query.cursor, order.tag);
  const shape = { sort: query.sort, category: Boolean(query.category), fuzzy: plan.fuzzy !== null, after: Boolean(after) };
  const statement = prepared(db, `rankedSearch ${JSON.stringify(shape)}`, () => {
    const { orderBy, after: afterCondition } = ordering(order);
    return db
      .select({ ...getTableColumns(products), sortKey: sql<number>`${order.key}`, rowid: sql<number>`${products}.rowid`, rank: sql<number>`hits.rank` })
      .from(products)
      .innerJoin(sql`(${rankedMatches(shape.fuzzy)}) AS hits`, sql`hits.rid = ${products}.rowid`)
      .where(
        and(
          // The unary + keeps SQLite off the in-stock and category indexes (sqlite.org/optoverview.html,
          // "disqualifying WHERE clause terms"): it would walk every product in stock, or in the category,
          // and look each up in the matches, where the matches are fewer and each finds its product by rowid.
          sql`+${products.inStock} = 1`,
          shape.category ? sql`+${products.category} = ${sql.placeholder("category")}` : undefined,
          shape.after ? afterCondition : undefined,
        ),
      )
      .orderBy(...orderBy)
      .limit(sql.placeholder("limit"))
      .prepare();
  });
  const rows = (await statement.all({
    literal: plan.literal,
    prefix: `${escapeLike(plan.stemmed)}%`,
    wordPrefix: `% ${escapeLike(plan.stemmed)}%`,
    synonymKeys: JSON.stringify(plan.synonymKeys),
    namedCategory: plan.category,
    fuzzy: plan.fuzzy,
    grams: JSON.stringify(plan.grams),
    gramCount: plan.grams.length,
    minGrams: plan.minGrams,
    category: query.category,
    ...after,
    limit: query.limit + 1,
  })) as Row[];
  return toShopPage(rows, query.limit, order.tag, query.search);
}

/** The typeahead's suggestions: the first few products the search page would list. */
export async function suggestProducts(db: Database, search: string, limit = SUGGESTION_COUNT): Promise<{ products: Product[]; didYouMean: string | null }> {
  const page = await browseProducts(db, { search, sort: "relevance", limit });
  return { products: page.products, didYouMean: page.didYouMean };
}
export const SUGGESTION_COUNT = 6;
