// The search box's own needs, apart from shared/search.ts so that the box on every page loads only these.
/** The longest search text the store looks for (the search boxes' maxLength too). */
export const MAX_SEARCH_LENGTH = 100;

/** Control characters become spaces (a NUL ended the FTS5 query early: a 500), runs of spaces one, ends trimmed. */
export const normaliseSearchText = (text: string): string => text.replace(/[\p{Cc}\s]+/gu, " ").trim();
