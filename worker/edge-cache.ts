/**
 * Edge caching of anonymous catalogue reads (Cache API), with stale-while-revalidate and a purge
 * whenever the catalogue shoppers see changes.
 *
 * - Only GETs of the catalogue pages from visitors without any session or cart cookie, and of the
 *   API's product list and search suggestions (the same for every shopper, signed in or not; the
 *   seller bypasses it to read their own changes at once). Carts, sessions, orders and seller pages are never cached.
 * - Only headers that describe the content are stored (STORED_HEADERS); whatever varies per
 *   request (Set-Cookie, CORS, Vary, security headers) is added to each answer on its way out,
 *   never replayed from the cache. A response that sets a cookie is not stored at all.
 * - Fresh for 60 s; for 10 more minutes a stale copy is served at once while a fresh one is
 *   rendered in the background.
 * - The cache key carries a catalogue version kept in KV; a change shoppers can see bumps it
 *   (worker/services/catalog-refresh.ts decides when, ADR 019; worker/catalog-purge.ts writes it at
 *   most once a second, ADR 024), so every location misses and re-renders (the Cache API itself
 *   can only purge one location).
 *   It also carries the build's version: a deploy never serves pages naming old asset files.
 * - A cached page's CSP nonce is replaced on every hit, so no two documents share a nonce.
 * - A guest's checked pincode (worker/web/pincode-cookie.ts) is part of the key: the page's top bar names it.
 */
import { readCookie } from "@shared/cookies";
import { SUGGEST_PATH } from "@shared/search";
import { newNonce } from "@worker/security/headers";
import { pincodeFromCookie } from "@worker/web/pincode-cookie";

const FRESH_SECONDS = 60;
const STALE_SECONDS = 600;
const VERSION_KEY = "catalog:version";
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

async function catalogVersion(env: Pick<Env, "SESSIONS">): Promise<string> {
  return (await env.SESSIONS.get(VERSION_KEY)) ?? "0";
}

/**
 * Every cached catalogue read becomes a miss. Writes the key at once: in the Worker only its one
 * writer, worker/catalog-purge.ts, calls this (KV takes about one write a second per key, ADR 024);
 * tests call it to start clean.
 */
export async function purgeCatalogCache(env: Pick<Env, "SESSIONS">, version = Date.now()): Promise<void> {
  await env.SESSIONS.put(VERSION_KEY, String(version));
}

export async function withEdgeCache(
  request: Request,
  env: Pick<Env, "SESSIONS">,
  ctx: ExecutionContext,
  buildVersion: () => Promise<string>,
  produce: () => Promise<Response>,
): Promise<Response> {
  if (!isCacheable(request)) return produce();
  const url = new URL(request.url);
  url.searchParams.set("__catalog", `${await buildVersion()}.${await catalogVersion(env)}`);
  // The top bar's "Deliver to" shows the guest's checked pincode: one cached copy per pincode (ADR 029).
  const pincode = pincodeFromCookie(request.headers.get("cookie"));
  if (pincode) url.searchParams.set("__pincode", pincode);
  const key = new Request(url.toString(), { method: "GET" });
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
