import { z } from "zod";
import { findCategory } from "@shared/categories";
import { DEFAULT_SORT, MAX_SEARCH_LENGTH, normaliseSearchText, PRODUCT_SORTS, type ProductSort } from "@shared/search";

/** The API's `search`: a clear 400 beyond 100 characters. */
export const searchTextField = z
  .string()
  .transform(normaliseSearchText)
  .pipe(z.string().max(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters`));

/** A page's search box: cut to 100 characters (results, not an error, for a long paste). */
export const searchTextOfPage = (raw: string | null): string => normaliseSearchText([...normaliseSearchText(raw ?? "")].slice(0, MAX_SEARCH_LENGTH).join(""));

/** What /products shows, leniently: an unknown sort or category is ignored (links must never end in an error page). */
export function shopListingOfPage(params: URLSearchParams) {
  const sort = PRODUCT_SORTS.find((s) => s.value === params.get("sort"))?.value ?? DEFAULT_SORT;
  return {
    search: searchTextOfPage(params.get("search")),
    sort: sort as ProductSort,
    category: findCategory(params.get("category") ?? "")?.path,
    cursor: params.get("cursor") ?? undefined,
  };
}

const NOTHING_TO_SEARCH = "Type something to search for";
export const suggestQuery = z.object({ q: z.string({ error: NOTHING_TO_SEARCH }).pipe(searchTextField).pipe(z.string().min(1, NOTHING_TO_SEARCH)) });
