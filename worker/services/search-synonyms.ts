/** The seller's search words: what shoppers type for what the store calls otherwise ("aloo" → potato). */
import { and, asc, count, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { products, searchSynonyms, type SearchSynonym } from "@worker/db/schema";
import { conflict, notFound, parseInput } from "@worker/errors";
import { decodeTimeCursor } from "./catalog";
import { searchSynonymInput, searchSynonymRef } from "@worker/validation/search-synonyms";
import { categoryNamed, ftsPhrase, searchWords } from "./search-query";

export const MAX_SEARCH_SYNONYMS = 1000;
/** Each row is a form: the CPU budget (ADR 023). */
export const SYNONYMS_PAGE_SIZE = 20;

/** One page of the words, newest first, after `after` (`<createdAt>:<term>`), with the total. */
export async function listSearchSynonyms(db: Database, after?: string) {
  const cursor = decodeTimeCursor(after, /^(\d+):(.*)$/s, "after");
  const afterCursor = cursor
    ? or(lt(searchSynonyms.createdAt, cursor.createdAt), and(eq(searchSynonyms.createdAt, cursor.createdAt), gt(searchSynonyms.term, cursor.key)))
    : undefined;
  const [rows, [totals]] = await db.batch([
    db
      .select()
      .from(searchSynonyms)
      .where(afterCursor)
      .orderBy(desc(searchSynonyms.createdAt), asc(searchSynonyms.term))
      .limit(SYNONYMS_PAGE_SIZE + 1),
    db.select({ total: count() }).from(searchSynonyms),
  ]);
  const words = rows.slice(0, SYNONYMS_PAGE_SIZE);
  const last = words[words.length - 1];
  return { words, nextAfter: rows.length > SYNONYMS_PAGE_SIZE && last ? `${last.createdAt}:${last.term}` : null, total: totals?.total ?? 0 };
}

export type SavedSynonym = { word: SearchSynonym; created: boolean; replaced: string | null; findsProducts: boolean };

/** A meaning naming a category lists that aisle; says whether it finds any product, so a typo does not silently find nothing. */
export async function saveSearchSynonym(db: Database, fields: unknown): Promise<SavedSynonym> {
  const input = parseInput(searchSynonymInput, fields);
  const values = { term: asSearched(input.term), meaning: input.meaning, category: categoryNamed(input.meaning), createdAt: Date.now() };
  const finds = values.category
    ? sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.category} = ${values.category})`
    : sql`EXISTS (SELECT 1 FROM products_fts WHERE products_fts MATCH ${ftsPhrase(values.meaning)})`;
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

export function savedSynonymMessage({ word, created, replaced, findsProducts }: SavedSynonym): string {
  const finds = word.category ? `the ${word.category} aisle` : `“${word.meaning}”`;
  const before = replaced ? ` (it found “${replaced}” before)` : "";
  const nothing = findsProducts ? "" : `. No product matches “${word.meaning}” yet, so shoppers who type “${word.term}” find nothing`;
  return `${created ? "Added" : "Updated"}: “${word.term}” finds ${finds}${before}${nothing}`;
}

/** "Coca-Cola" → "coca cola", as the search looks it up. */
const asSearched = (term: string): string => searchWords(term).join(" ") || term;

export async function removeSearchSynonym(db: Database, fields: unknown): Promise<SearchSynonym> {
  const term = asSearched(parseInput(searchSynonymRef, fields).term);
  const [removed] = await db.delete(searchSynonyms).where(eq(searchSynonyms.term, term)).returning();
  if (!removed) throw notFound(`There is no search word “${term}”`);
  return removed;
}
