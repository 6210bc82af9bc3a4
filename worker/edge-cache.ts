// Edge cache of anonymous catalogue reads, stale-while-revalidate (ADR 009, 059), keyed by build, catalogue version, pincode and quarter hour (ADR 076): no client input.
import { readCookie } from "@shared/cookies";
import { SUGGEST_PATH } from "@shared/search";
import { quarterHour } from "@shared/store-hours";
import { getDb } from "@worker/db/client";
import { catalogVersion } from "@worker/db/schema";
import { newNonce } from "@worker/security/headers";
import { PERSONAL_COOKIES } from "@worker/web/personal-cookies";
import { pincodeFromCookie } from "@worker/web/pincode-cookie";

const FRESH_SECONDS = 60;
const STALE_SECONDS = 600;
const CACHED_AT = "X-Edge-Cached-At";

const CATALOGUE_PATH = /^\/(products(\/[^/]+){0,2})?$/;
/** The same for every shopper, signed in or not. */
const SHARED_API_READS = new Set(["/api/product/list", SUGGEST_PATH]);
const STORED_HEADERS = ["content-type", "content-language", "content-security-policy", "etag", "last-modified"];
type BuildVersion = () => Promise<string>;

export function isCacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  // The seller reads their own change right after making it.
  if (SHARED_API_READS.has(url.pathname)) return !readCookie(cookies, "seller_sid");
  return CATALOGUE_PATH.test(url.pathname) && !PERSONAL_COOKIES.some((name) => readCookie(cookies, name));
}

/** The top bar names the guest's pincode: one copy per pincode (ADR 029). */
async function cacheKey(request: Request, env: Pick<Env, "DB">, buildVersion: BuildVersion): Promise<Request> {
  const { pathname, search } = new URL(request.url);
  const pincode = pincodeFromCookie(request.headers.get("cookie")) ?? "-";
  const build = await buildVersion();
  const [catalogue] = await getDb(env).select({ version: catalogVersion.version }).from(catalogVersion).limit(1);
  const parts = [build, catalogue?.version ?? 0, pincode, quarterHour(Date.now())].map((part) => encodeURIComponent(String(part)));
  return new Request(`https://edge-cache.invalid/${parts.join("/")}${pathname}${search}`, { method: "GET" });
}

export async function withEdgeCache(request: Request, env: Pick<Env, "DB">, ctx: ExecutionContext, version: BuildVersion, produce: () => Promise<Response>) {
  if (!isCacheable(request)) return produce();
  const key = await cacheKey(request, env, version);
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

const storable = (response: Response): boolean => response.status === 200 && !response.headers.has("Set-Cookie");

function forCache(response: Response): Response {
  const headers = new Headers();
  for (const name of STORED_HEADERS) if (response.headers.has(name)) headers.set(name, response.headers.get(name)!);
  headers.set("Cache-Control", `public, s-maxage=${FRESH_SECONDS + STALE_SECONDS}`);
  headers.set(CACHED_AT, String(Date.now()));
  return new Response(response.body, { status: response.status, headers });
}

/** Browsers must not keep these: the next page view may carry a cart. A hit gets a fresh CSP nonce. */
function forClient(response: Response, state: "HIT" | "STALE" | "MISS"): Response {
  let result = new Response(response.body, response);
  result.headers.set("Cache-Control", "no-cache");
  result.headers.set("X-Edge-Cache", state);
  result.headers.delete(CACHED_AT);
  const csp = result.headers.get("Content-Security-Policy");
  const old = csp?.match(/'nonce-([^']+)'/)?.[1];
  if (state !== "MISS" && csp && old) {
    const nonce = newNonce();
    result = new HTMLRewriter().on("[nonce]", { element: (el) => void el.setAttribute("nonce", nonce) }).transform(result);
    result.headers.set("Content-Security-Policy", csp.replace(`'nonce-${old}'`, `'nonce-${nonce}'`));
  }
  return result;
}
