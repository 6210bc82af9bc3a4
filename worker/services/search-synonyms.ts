/**
 * The seller's search words: what shoppers type for what the store calls otherwise ("aloo" →
 * potato). The shop's search reads the table in its one query (worker/services/search.ts); here
 * it is listed, extended and pruned. The store ships a list (migrations/0007_search_synonyms.sql).
 */
import { and, asc, count, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { products, searchSynonyms, type SearchSynonym } from "@worker/db/schema";
import { conflict, notFound, parseInput, unknownCursor } from "@worker/errors";
import { searchSynonymInput, searchSynonymRef } from "@worker/validation/search-synonyms";
import { categoryNamed, searchWords } from "./search-query";

/** Words the table may hold: every search looks its words up, and the seller's page lists them. */
export const MAX_SEARCH_SYNONYMS = 1000;
/** Words per page of the seller's list: each row is a form, and the page must stay within the CPU budget (ADR 023). */
export const SYNONYMS_PAGE_SIZE = 20;

export type SynonymPage = { words: SearchSynonym[]; nextAfter: string | null; total: number };

/**
 * One page of the words, the seller's newest first (the store's own, from created_at 0, then
 * alphabetically), after the cursor `after` (`<createdAt>:<term>` of the last word shown); with
 * how many there are in all. One round trip.
 */
export async function listSearchSynonyms(db: Database, after?: string): Promise<SynonymPage> {
  const cursor = decodeCursor(after);
  const [rows, [totals]] = await db.batch([
    db
      .select()
      .from(searchSynonyms)
      .where(
        cursor
          ? or(lt(searchSynonyms.createdAt, cursor.createdAt), and(eq(searchSynonyms.createdAt, cursor.createdAt), gt(searchSynonyms.term, cursor.term)))
          : undefined,
      )
      .orderBy(desc(searchSynonyms.createdAt), asc(searchSynonyms.term))
      .limit(SYNONYMS_PAGE_SIZE + 1),
    db.select({ total: count() }).from(searchSynonyms),
  ]);
  const words = rows.slice(0, SYNONYMS_PAGE_SIZE);
  const last = words[words.length - 1];
  return { words, nextAfter: rows.length > SYNONYMS_PAGE_SIZE && last ? `${last.createdAt}:${last.term}` : null, total: totals?.total ?? 0 };
}

/** A words cursor; anything else starts from the first page. */
function decodeCursor(after: string | undefined): { createdAt: number; term: string } | null {
  if (!after) return null;
  const colon = after.indexOf(":");
  const createdAt = Number(after.slice(0, colon));
  if (colon < 1 || !/^\d+$/.test(after.slice(0, colon)) || !Number.isSafeInteger(createdAt)) throw unknownCursor("after");
  return { createdAt, term: after.slice(colon + 1) };
}

/** What saving a word did: the word, whether it is new, the meaning it replaced, and whether it finds any product now. */
export type SavedSynonym = { word: SearchSynonym; created: boolean; replaced: string | null; findsProducts: boolean };

/**
 * Add a word, or give an existing one a new meaning. A meaning that names a category ("Instant",
 * "cold drinks") makes the word list that category. Says what it replaced and whether the meaning
 * finds any product (in stock or not), so a typo in it does not silently leave shoppers with nothing.
 */
export async function saveSearchSynonym(db: Database, fields: unknown): Promise<SavedSynonym> {
  const input = parseInput(searchSynonymInput, fields);
  const values = { term: asSearched(input.term), meaning: input.meaning, category: categoryNamed(input.meaning), createdAt: Date.now() };
  const finds = values.category
    ? sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.category} = ${values.category})`
    : sql`EXISTS (SELECT 1 FROM products_fts WHERE products_fts MATCH ${`"${values.meaning.replaceAll('"', '""')}"`})`;
  const [existing, [found]] = await db.batch([
    db.select({ meaning: searchSynonyms.meaning }).from(searchSynonyms).where(eq(searchSynonyms.term, values.term)),
    db.select({ yes: sql<number>`${finds}` }).from(sql`(SELECT 1)`),
  ]);
  const created = existing.length === 0;
  // The cap is part of the statement that writes: a new word only while there is room (ADR 065).
  const hasRoom = sql`((SELECT count(*) FROM ${searchSynonyms}) < ${MAX_SEARCH_SYNONYMS} OR EXISTS (SELECT 1 FROM ${searchSynonyms} WHERE ${searchSynonyms.term} = ${values.term}))`;
  const [word] = await db
    .insert(searchSynonyms)
    .select(sql`SELECT ${values.term}, ${values.meaning}, ${values.category}, ${values.createdAt} WHERE ${hasRoom}`)
    .onConflictDoUpdate({ target: searchSynonyms.term, set: { meaning: values.meaning, category: values.category, createdAt: values.createdAt } })
    .returning();
  if (!word) throw conflict(`The store keeps at most ${MAX_SEARCH_SYNONYMS} search words: remove one first`);
  const previous = existing[0]?.meaning ?? null;
  return { word, created, replaced: previous !== null && previous !== word.meaning ? previous : null, findsProducts: Boolean(found?.yes) };
}

/** What saving a word did, in the seller's words (the page's toast, the API's `msg`). */
export function savedSynonymMessage({ word, created, replaced, findsProducts }: SavedSynonym): string {
  const finds = word.category ? `the ${word.category} aisle` : `“${word.meaning}”`;
  const before = replaced ? ` (it found “${replaced}” before)` : "";
  const nothing = findsProducts ? "" : `. No product matches “${word.meaning}” yet, so shoppers who type “${word.term}” find nothing`;
  return `${created ? "Added" : "Updated"}: “${word.term}” finds ${finds}${before}${nothing}`;
}

/** A term as the search looks it up: its words, single spaces ("Coca-Cola" → "coca cola"). */
function asSearched(term: string): string {
  return searchWords(term).join(" ") || term;
}

/** Remove a word (the store's own included); 404 when there is none. */
export async function removeSearchSynonym(db: Database, fields: unknown): Promise<SearchSynonym> {
  const term = asSearched(parseInput(searchSynonymRef, fields).term);
  const [removed] = await db.delete(searchSynonyms).where(eq(searchSynonyms.term, term)).returning();
  if (!removed) throw notFound(`There is no search word “${term}”`);
  return removed;
}
