import { z } from "zod";
import { MAX_SEARCH_LENGTH, normaliseSearchText } from "@shared/search";

/** The API's `search` parameter: normalised (shared/search.ts), then at most 100 characters (a clear 400 beyond). */
export const searchTextField = z
  .string()
  .transform(normaliseSearchText)
  .pipe(z.string().max(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters`));

/** A page's search box: normalised and cut to 100 characters (a page shows results, not an error, for a long paste). */
export function searchTextOfPage(raw: string | null): string {
  return normaliseSearchText([...normaliseSearchText(raw ?? "")].slice(0, MAX_SEARCH_LENGTH).join(""));
}
