export { MAX_SEARCH_LENGTH, normaliseSearchText } from "./search-text";

/** The shop's sort orders (the `sort` of /products), in the order the sort menu offers them. */
export const PRODUCT_SORTS = [
  { value: "relevance", label: "Relevance" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "discount", label: "Discount" },
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number]["value"];
export const DEFAULT_SORT: ProductSort = "relevance";

export const MIN_SUGGEST_LENGTH = 2;
/** The typeahead's JSON endpoint (GET, `q`). */
export const SUGGEST_PATH = "/api/product/suggest";

/** Defaults left out, so each listing has one address. */
export function productsHref({ search, category, sort }: { search?: string; category?: string; sort?: ProductSort }): string {
  const given = Object.entries({ search, category, sort: sort === DEFAULT_SORT ? undefined : sort }).flatMap(([key, value]) => (value ? [[key, value]] : []));
  const query = new URLSearchParams(given).toString();
  return query ? `/products?${query}` : "/products";
}

/** The seller's search words: the longest term and meaning. */
export const MAX_SYNONYM_TERM_LENGTH = 40;
export const MAX_SYNONYM_MEANING_LENGTH = 60;
