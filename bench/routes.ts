/** What the performance harness (bench.ts, lighthouse.ts, render-cpu.ts) measures, shared so they agree. */

/** The pages Lighthouse scores. */
export const PAGES = { home: "/", products: "/products", product: "/products/fruits/seed-apple-1-kg" };

/** The pages and API route measured for latency under load (and by render-cpu.ts), by the name the tables show. */
export const ROUTES: Record<string, string> = {
  "/": "/",
  "/products": "/products",
  "/products/fruits": "/products/fruits",
  "search rice": "/products?search=rice",
  "product page": PAGES.product,
  // A page of 20, as our pages and a paging client ask (the scale budget is on this one); the
  // spec's clients ask for the whole list, which the CPU table measures on its own.
  "GET /api/product/list": "/api/product/list?limit=20",
};

/**
 * Cookies that are not valid sessions: the page is rendered for a guest, never served from the edge
 * cache (pages skip it for any session cookie, the API's product list for the seller's).
 */
export const UNCACHED_COOKIE = "sid=benchmark; seller_sid=benchmark";

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The p-th percentile (nearest rank): the smallest sample with at least p% of the samples at or below it. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
