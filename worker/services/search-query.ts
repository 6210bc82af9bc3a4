/**
 * What a shopper's search text means to the ranked search (worker/services/search.ts), worked out
 * in the Worker before the one query runs: plain string work, no database.
 *
 * - Words are stemmed to a piece every form of the word contains ("tomatoes" → "tomato",
 *   "apples" → "apple", "berries" → "berr"): the trigram index matches pieces, so the stem finds
 *   the singular and the plural alike.
 * - Synonyms are looked up by the whole text, each word and each word's stem.
 * - For typos, each word of four letters or more gives its trigrams ("aple" → apl, ple): the
 *   index finds names sharing any of them, and the score counts how many of the word's trigrams
 *   (padded with spaces, so the word's start and end count too) a name holds.
 */
import { CATEGORIES, findCategory } from "@shared/categories";

/** The trigram index cannot match fewer characters than this. */
export const MIN_INDEXED_LENGTH = 3;
/** Shorter words are not corrected: "tea" is more likely meant than a typo of "pea". */
const MIN_FUZZY_WORD_LENGTH = 4;
/** A fuzzy match must hold at least this share of the text's padded trigrams. */
const FUZZY_SHARE = 0.5;
/** How similar (trigram Dice coefficient) a word of the names found must be to be offered as "did you mean". */
const CORRECTION_SIMILARITY = 0.4;
/** Words of the search text considered (a pasted paragraph is not a search). */
const MAX_WORDS = 8;

export type SearchPlan = {
  /** Lower-case text with each word stemmed: what a name should start with (rank 0) or a word of it (rank 1). */
  stemmed: string;
  /** FTS5 query for every literal match: the stemmed text as a phrase, or every stemmed word. */
  literal: string;
  /**
   * FTS5 queries for each literal tier alone, so each can be walked in rowid order and stop at a
   * page: the name starts with the text (`^`, the column's first trigram); a word does (the
   * trigrams hold the space before it); the text is inside a word. Each excludes the tiers before it.
   */
  tiers: { startsWith: string; wordStart: string; inside: string };
  /** FTS5 query for the first two tiers together: does any name start a word with the text. */
  anyWordStart: string;
  /** Keys looked up in the synonym table. */
  synonymKeys: string[];
  /** A category the text itself names ("fruits", "cold drinks"), listed after the literal matches. */
  category: string | null;
  /** FTS5 query for the fuzzy tier (any trigram of a long enough word), or null when no word is long enough. */
  fuzzy: string | null;
  /** Padded trigrams a fuzzy match is scored on. */
  grams: string[];
  /** How many of `grams` a fuzzy match must hold. */
  minGrams: number;
};

/** The words of a search, lower-case: letters and digits, anything else separates. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * A piece of the word that its singular and plural both contain, for English plurals as shoppers
 * type them. Never shorter than the index can match.
 */
export function stem(word: string): string {
  const cut = (n: number) => (word.length - n >= MIN_INDEXED_LENGTH ? word.slice(0, -n) : word);
  if (word.endsWith("ies")) return word.length - 3 >= MIN_INDEXED_LENGTH ? cut(3) : cut(1); // berries → berr (berry), pies → pie
  if (/(oes|ches|shes|sses|xes|zes)$/.test(word)) return cut(2); // tomatoes, peaches, boxes
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return cut(1); // apples, grapes, eggs, chips
  return word;
}

/** An FTS5 string literal: the text as one phrase, its own quotes doubled, so FTS syntax in it is inert. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Trigrams of a word padded with a space at each end: " apple " → " ap", "app", …, "le ". */
export function paddedTrigrams(word: string): string[] {
  const padded = ` ${word} `;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/** The category a search names by itself: its path or tile text, singular or plural ("fruit", "cold drinks"). */
export function categoryNamed(text: string): string | null {
  const wanted = searchWords(text).map(stem).join(" ");
  if (!wanted) return null;
  const found = findCategory(wanted) ?? CATEGORIES.find((c) => [c.path, c.text].some((name) => searchWords(name).map(stem).join(" ") === wanted));
  return found?.path ?? null;
}

/** How the ranked search reads `text` (normalised search text, non-empty). */
export function planSearch(text: string): SearchPlan {
  const words = searchWords(text);
  const stems = words.map(stem);
  // Text without letters or digits ("%%%") is looked for as it is.
  const stemmed = stems.length > 0 ? stems.join(" ") : text.toLowerCase();
  const indexable = stems.filter((w) => w.length >= MIN_INDEXED_LENGTH);
  // Every word the index can see must be in the name (in any order); short words ("1", "kg") only
  // count as part of the whole phrase.
  const literal = indexable.length > 0 ? indexable.map(ftsPhrase).join(" AND ") : ftsPhrase(stemmed);
  const synonymKeys = [...new Set([words.join(" "), stemmed, ...words, ...stems])];
  const fuzzyWords = words.filter((w) => w.length >= MIN_FUZZY_WORD_LENGTH);
  const grams = [...new Set(fuzzyWords.flatMap(paddedTrigrams))];
  const indexGrams = [...new Set(grams.filter((g) => !g.includes(" ")))];
  const startsWith = `^${ftsPhrase(stemmed)}`;
  const wordStart = ftsPhrase(` ${stemmed}`);
  const anyWordStart = `${startsWith} OR ${wordStart}`;
  return {
    stemmed,
    literal,
    tiers: { startsWith, wordStart: `${wordStart} NOT ${startsWith}`, inside: `(${literal}) NOT (${anyWordStart})` },
    anyWordStart,
    synonymKeys,
    category: categoryNamed(text),
    fuzzy: indexGrams.length > 0 ? indexGrams.map(ftsPhrase).join(" OR ") : null,
    grams,
    minGrams: Math.max(2, Math.ceil(grams.length * FUZZY_SHARE)),
  };
}

/** Share of `word`'s padded trigrams that `candidate` holds too (0 to 1). */
export function trigramSimilarity(word: string, candidate: string): number {
  const grams = new Set(paddedTrigrams(word));
  const theirs = new Set(paddedTrigrams(candidate));
  let shared = 0;
  for (const gram of grams) if (theirs.has(gram)) shared++;
  // Both sides count, so "apple" is closer to "aple" than "pineapple" is.
  return (2 * shared) / (grams.size + theirs.size);
}

/**
 * "Did you mean …": the search with each long word replaced by the closest word of the names
 * found (when one is close enough and differs), or null when nothing would change.
 */
export function correctedSearch(text: string, names: string[]): string | null {
  const vocabulary = [...new Set(names.flatMap((name) => searchWords(name).filter((w) => /^\p{L}+$/u.test(w))))];
  let changed = false;
  const corrected = searchWords(text).map((word) => {
    if (word.length < MIN_FUZZY_WORD_LENGTH || vocabulary.includes(word)) return word;
    let best = word;
    let bestScore = CORRECTION_SIMILARITY;
    for (const candidate of vocabulary) {
      const score = trigramSimilarity(word, candidate);
      if (score > bestScore) [best, bestScore] = [candidate, score];
    }
    if (best !== word) changed = true;
    return best;
  });
  return changed ? corrected.join(" ") : null;
}
