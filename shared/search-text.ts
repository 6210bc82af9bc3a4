// The search box's own needs, apart from shared/search.ts so that the box on every page loads only these.
/** The longest search text the store looks for (the search boxes' maxLength too). */
export const MAX_SEARCH_LENGTH = 100;

/**
 * Search text from anywhere (the API's `search`, the shop's and the seller's search boxes, the
 * box that shows it again): control characters (NUL, tab, newline, DEL, C1) become spaces, runs of
 * spaces one, the ends are trimmed. None means anything in a product name, and a NUL ended the
 * FTS5 query string early (a 500).
 */
export function normaliseSearchText(text: string): string {
  return text.replace(/[\p{Cc}\s]+/gu, " ").trim();
}
