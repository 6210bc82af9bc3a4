/** What the performance scripts (bench, render-cpu, lighthouse) measure, shared so they agree. */

/** The pages Lighthouse scores. */
export const PAGES = { home: "/", products: "/products", product: "/products/fruits/seed-apple-1-kg" };

/** The pages and API route measured for latency and server CPU, by the name the tables show. */
export const ROUTES: Record<string, string> = {
  "/": "/",
  "/products": "/products",
  "/products/fruits": "/products/fruits",
  "search rice": "/products?search=rice",
  "product page": PAGES.product,
  "GET /api/product/list": "/api/product/list",
};

/** A cookie that is not a valid session: the page is rendered for a guest, never served from the edge cache. */
export const UNCACHED_COOKIE = "sid=benchmark";

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
