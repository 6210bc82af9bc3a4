import { z } from "zod";

export const MAX_SEARCH_LENGTH = 100;

/**
 * Search text from anywhere (the API's `search`, the shop's and the seller's search boxes):
 * control characters (NUL, tab, newline, DEL, C1) become spaces, runs of spaces one, the ends are
 * trimmed. None means anything in a product name, and a NUL ended the FTS5 query string early (500).
 */
export function normaliseSearchText(text: string): string {
  return text.replace(/[\p{Cc}\s]+/gu, " ").trim();
}

/** The API's `search` parameter: normalised, then at most 100 characters (a clear 400 beyond). */
export const searchTextField = z
  .string()
  .transform(normaliseSearchText)
  .pipe(z.string().max(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters`));

/** A page's search box: normalised and cut to 100 characters (a page shows results, not an error, for a long paste). */
export function searchTextOfPage(raw: string | null): string {
  return normaliseSearchText([...normaliseSearchText(raw ?? "")].slice(0, MAX_SEARCH_LENGTH).join(""));
}
