// What search text means to the ranked search (search.ts): words stemmed ("berries" → "berr"), and trigrams of longer words, for typos.
import { CATEGORIES, findCategory } from "@shared/categories";

export const MIN_INDEXED_LENGTH = 3;
/** Shorter words are not corrected: "tea" is more likely meant than a typo of "pea". */
const MIN_FUZZY_WORD_LENGTH = 4;
const FUZZY_SHARE = 0.5;
/** Trigram Dice coefficient a found word needs to be offered as "did you mean". */
const CORRECTION_SIMILARITY = 0.4;
/** Words of the search text considered (a pasted paragraph is not a search). */
const MAX_WORDS = 8;

/** Letters and digits make words; anything else separates them. */
const NON_WORD = /[^\p{L}\p{N}]+/u;
export const searchWords = (text: string): string[] => text.toLowerCase().split(NON_WORD).filter(Boolean).slice(0, MAX_WORDS);

/** A piece of the word its singular and plural both contain, never shorter than the index can match. */
export function stem(word: string): string {
  const cut = (n: number) => (word.length - n >= MIN_INDEXED_LENGTH ? word.slice(0, -n) : word);
  if (word.endsWith("ies")) return word.length - 3 >= MIN_INDEXED_LENGTH ? cut(3) : cut(1); // berries → berr (berry), pies → pie
  if (/(oes|ches|shes|sses|xes|zes)$/.test(word)) return cut(2); // tomatoes, peaches, boxes
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return cut(1); // apples, grapes, eggs, chips
  return word;
}

/** An FTS5 string literal: the text as one phrase, its own quotes doubled, so FTS syntax in it is inert. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** Trigrams of " word ": " ap", "app", …, "le ". */
export const paddedTrigrams = (word: string): string[] => Array.from({ length: word.length }, (_, i) => ` ${word} `.slice(i, i + 3));

/** The category a search names by itself: its path or tile text, singular or plural ("fruit", "cold drinks"). */
export function categoryNamed(text: string): string | null {
  const wanted = searchWords(text).map(stem).join(" ");
  if (!wanted) return null;
  const found = findCategory(wanted) ?? CATEGORIES.find((c) => [c.path, c.text].some((name) => searchWords(name).map(stem).join(" ") === wanted));
  return found?.path ?? null;
}

/** FTS5 queries for normalised, non-empty `text`: all literal matches, each tier without the ones before (rowid order), the fuzzy tier (or null). */
export function planSearch(text: string) {
  const words = searchWords(text);
  const stems = words.map(stem);
  // Text without letters or digits ("%%%") is looked for as it is.
  const stemmed = stems.length > 0 ? stems.join(" ") : text.toLowerCase();
  const indexable = stems.filter((w) => w.length >= MIN_INDEXED_LENGTH);
  // Every indexable word must be in the name; short words ("1", "kg") only count within the whole phrase.
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
export type SearchPlan = ReturnType<typeof planSearch>;

/** Share of `word`'s padded trigrams that `candidate` holds too (0 to 1). */
export function trigramSimilarity(word: string, candidate: string): number {
  const grams = new Set(paddedTrigrams(word));
  const theirs = new Set(paddedTrigrams(candidate));
  const shared = [...grams].filter((gram) => theirs.has(gram)).length;
  // Both sides count, so "apple" is closer to "aple" than "pineapple" is.
  return (2 * shared) / (grams.size + theirs.size);
}

/** "Did you mean …": each long word replaced by the closest word of the names found, or null when nothing changes. */
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
