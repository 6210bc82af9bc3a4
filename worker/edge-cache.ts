/**
 * Edge caching of anonymous catalogue reads (Cache API), with stale-while-revalidate, and a new key
 * whenever the catalogue shoppers see changes (ADR 059).
 *
 * - Only GETs of the catalogue pages from visitors without any session or cart cookie, and of the
 *   API's product list and search suggestions (the same for every shopper, signed in or not; the
 *   seller bypasses it to read their own changes at once). Carts, sessions, orders and seller pages are never cached.
 * - Only headers that describe the content are stored (STORED_HEADERS); whatever varies per
 *   request (Set-Cookie, CORS, Vary, security headers) is added to each answer on its way out,
 *   never replayed from the cache. A response that sets a cookie is not stored at all.
 * - Fresh for 60 s; for 10 more minutes a stale copy is served at once while a fresh one is
 *   rendered in the background.
 * - The cache key carries the catalogue's version, a row in D1 that the schema's triggers bump on
 *   every change shoppers can see (a product added, removed, edited or going on or off sale, the
 *   store's settings, the search words), so every location misses and re-renders at once: no code
 *   path has to remember to purge. It also carries the build's version: a deploy never serves pages
 *   naming old asset files. The key is built on a host of its own from these parts and the
 *   request's path and query, so nothing the client sends can stand for them.
 * - A cached page's CSP nonce is replaced on every hit, so no two documents share a nonce.
 * - A guest's checked pincode (worker/web/pincode-cookie.ts) is part of the key: the page's top bar names it.
 */
import { readCookie } from "@shared/cookies";
import { SUGGEST_PATH } from "@shared/search";
import { getDb } from "@worker/db/client";
import { catalogVersion } from "@worker/db/schema";
import { newNonce } from "@worker/security/headers";
import { pincodeFromCookie } from "@worker/web/pincode-cookie";

const FRESH_SECONDS = 60;
const STALE_SECONDS = 600;
const CACHED_AT = "X-Edge-Cached-At";
/** A session, a cart, or a message waiting for this visitor's next page (worker/web/flash.ts). */
const PERSONAL_COOKIES = ["sid", "seller_sid", "cart", "flash"];

const CATALOGUE_PATH = /^\/(products(\/[^/]+){0,2})?$/;
/** API reads that are the same for every shopper, signed in or not: the product list and the typeahead's suggestions. */
const SHARED_API_READS = new Set(["/api/product/list", SUGGEST_PATH]);
/** What a stored answer keeps: headers about its content, none about the caller. */
const STORED_HEADERS = ["content-type", "content-language", "content-security-policy", "etag", "last-modified"];

export function isCacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  // The seller reads their own change right after making it (KV's purge marker may lag elsewhere).
  if (SHARED_API_READS.has(url.pathname)) return !readCookie(cookies, "seller_sid");
  if (!CATALOGUE_PATH.test(url.pathname)) return false;
  return !PERSONAL_COOKIES.some((name) => readCookie(cookies, name));
}

/** The catalogue's version (bumped by the schema's triggers). */
async function currentCatalogVersion(env: Pick<Env, "DB">): Promise<number> {
  const [row] = await getDb(env).select({ version: catalogVersion.version }).from(catalogVersion).limit(1);
  return row?.version ?? 0;
}

/**
 * The cache key: the build, the catalogue's version and the guest's checked pincode (the top bar
 * names it: one copy per pincode, ADR 029), then the request's own path and query.
 */
async function cacheKey(request: Request, env: Pick<Env, "DB">, buildVersion: () => Promise<string>): Promise<Request> {
  const { pathname, search } = new URL(request.url);
  const pincode = pincodeFromCookie(request.headers.get("cookie")) ?? "-";
  const parts = [await buildVersion(), await currentCatalogVersion(env), pincode].map((part) => encodeURIComponent(String(part)));
  return new Request(`https://edge-cache.invalid/${parts.join("/")}${pathname}${search}`, { method: "GET" });
}

export async function withEdgeCache(
  request: Request,
  env: Pick<Env, "DB">,
  ctx: ExecutionContext,
  buildVersion: () => Promise<string>,
  produce: () => Promise<Response>,
): Promise<Response> {
  if (!isCacheable(request)) return produce();
  const key = await cacheKey(request, env, buildVersion);
  const cache = (caches as unknown as { default: Cache }).default;

  const hit = await cache.match(key);
  if (hit) {
    const age = (Date.now() - Number(hit.headers.get(CACHED_AT) ?? 0)) / 1000;
    if (age > FRESH_SECONDS) ctx.waitUntil(refresh(cache, key, produce));
    return forClient(hit, age > FRESH_SECONDS ? "STALE" : "HIT");
  }
  const response = await produce();
  if (!storable(response)) return response;
  ctx.waitUntil(cache.put(key, forCache(response.clone())));
  return forClient(response, "MISS");
}

async function refresh(cache: Cache, key: Request, produce: () => Promise<Response>) {
  const response = await produce();
  if (storable(response)) await cache.put(key, forCache(response));
}

function storable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie");
}

function forCache(response: Response): Response {
  const headers = new Headers();
  for (const name of STORED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set("Cache-Control", `public, s-maxage=${FRESH_SECONDS + STALE_SECONDS}`);
  headers.set(CACHED_AT, String(Date.now()));
  return new Response(response.body, { status: response.status, headers });
}

/** Browsers must not keep these: the next page view may carry a cart. */
function forClient(response: Response, state: "HIT" | "STALE" | "MISS"): Response {
  let result = new Response(response.body, response);
  result.headers.set("Cache-Control", "no-cache");
  result.headers.set("X-Edge-Cache", state);
  result.headers.delete(CACHED_AT);
  const csp = result.headers.get("Content-Security-Policy");
  const old = csp?.match(/'nonce-([^']+)'/)?.[1];
  if (state !== "MISS" && csp && old) {
    const nonce = newNonce();
    result = new HTMLRewriter()
      .on("[nonce]", {
        element(el) {
          el.setAttribute("nonce", nonce);
        },
      })
      .transform(result);
    result.headers.set("Content-Security-Policy", csp.replace(`'nonce-${old}'`, `'nonce-${nonce}'`));
  }
  return result;
}
