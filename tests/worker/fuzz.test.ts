/**
 * Fuzz of every /api route and of /images (fast-check): generated hostile query strings, path
 * segments, JSON and multipart bodies, content types, cookies and conditional headers, from this
 * site and from others. The property, for every request:
 * - never a 5xx, never a stack trace or an internal error's name in the answer;
 * - an /api answer is the JSON error shape whenever it refuses;
 * - nothing changes (D1 rows, KV keys and values, R2 objects) when the request is refused, when it
 *   comes from another site, or when it is a GET that is not the spec's logout.
 *
 * The routes come from the Hono app itself, so a new route is fuzzed without touching this file.
 * `npm test` runs a bounded number of requests; `npm run fuzz` (FUZZ_RUNS, FUZZ_SEED) runs more.
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { api } from "@worker/api";
import { createSession, readSession } from "@worker/web/session";
import { insertProduct } from "../support/builders";
import { asHeader, CONTENT_TYPES, fuzzRuns, hostileCookie, hostileJsonText, hostileQuery, hostileSegment, hostileString, LEAK, SITES } from "../support/fuzz";
import { call, ORIGIN, postJson } from "../support/http";
import { addAddress, signUp } from "../support/shoppers";
import { WEBP } from "../support/seller";

declare global {
  namespace Cloudflare {
    interface Env {
      FUZZ_RUNS?: string;
      FUZZ_SEED?: string;
    }
  }
}

/** Every field name any /api body or query has, so generated input reaches validation and beyond. */
const FIELDS = [
  "email",
  "password",
  "name",
  "cartItems",
  "address",
  "items",
  "product",
  "quantity",
  "idempotencyKey",
  "orderId",
  "status",
  "id",
  "inStock",
  "productData",
  "firstName",
  "zipCode",
  "phone",
  "limit",
  "cursor",
  "category",
  "search",
  "before",
  "q",
  "term",
  "meaning",
  "after",
];

const TABLES = ["users", "addresses", "orders", "order_items", "products", "stripe_events", "newsletter_subscribers", "search_synonyms"];

/** Everything a request could change: D1 rows, KV entries (sessions, the catalogue version), R2 keys. */
async function snapshot(): Promise<string> {
  const rows = await env.DB.batch(TABLES.map((table) => env.DB.prepare(`SELECT * FROM ${table} ORDER BY rowid`)));
  const kv = await env.SESSIONS.list();
  const kvValues = await Promise.all(kv.keys.map(async ({ name }) => [name, await env.SESSIONS.get(name)]));
  const r2 = await env.IMAGES.list();
  return JSON.stringify({ d1: rows.map((r) => r.results), kv: kvValues, r2: r2.objects.map((o) => [o.key, o.etag]) });
}

/** A fresh signed-in shopper and seller, plus things for generated input to point at. */
async function fixtures() {
  const counted = await insertProduct({ name: "Fuzz Mango", stock: 3 });
  const plain = await insertProduct({ name: "Fuzz Rice", stock: null });
  const shopper = await signUp();
  const address = await addAddress(shopper);
  const placed = await postJson("/api/order/cod", { items: [{ product: plain.id, quantity: 1 }], address }, { Cookie: shopper.cookie });
  const { orderId } = (await placed.json()) as { orderId: string };
  await env.IMAGES.put("products/fuzz.webp", WEBP, { httpMetadata: { contentType: "image/webp" } });
  const mint = async (kind: "shopper" | "seller", data: { userId?: string; seller?: true }) =>
    (await createSession(new Request(ORIGIN), env, kind, data)).split(";")[0]!;
  let sid = await mint("shopper", { userId: shopper.id });
  let seller = await mint("seller", { seller: true });
  return {
    ids: [counted.id, plain.id, address, orderId, shopper.id, "products/fuzz.webp"],
    /** The fixtures' session cookies, minted again if a fuzzed logout ended them, so the whole run keeps real sessions. */
    async cookies() {
      const asCookie = (cookie: string) => new Request(ORIGIN, { headers: { Cookie: cookie } });
      if (!(await readSession(asCookie(sid), env, "shopper"))) sid = await mint("shopper", { userId: shopper.id });
      if (!(await readSession(asCookie(seller), env, "seller"))) seller = await mint("seller", { seller: true });
      return [sid, seller, `${sid}; ${seller}`];
    },
  };
}

/** The API's routes as Hono knows them: method and path (middleware entries left out). */
function apiRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return api.routes
    .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
    .filter((route) => !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`));
}

const BOUNDARY = "fuzz-boundary-7MA4YWxkTrZu0gW";

/** A multipart body written by hand (FormData would refuse some of the hostile file names). */
function multipart(parts: { productData: string; id: string; file: Uint8Array; fileName: string }): Uint8Array<ArrayBuffer> {
  const text = (value: string) => new TextEncoder().encode(value);
  const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const chunks = [
    text(field("productData", parts.productData) + field("id", parts.id)),
    text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="${parts.fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    parts.file,
    text(`\r\n--${BOUNDARY}--\r\n`),
  ];
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

type Probe = { method: string; path: string; headers: Record<string, string>; body?: BodyInit; crossSite: boolean; site: string };

function describeProbe(probe: Probe): string {
  const body = typeof probe.body === "string" ? probe.body.slice(0, 300) : probe.body ? "(form data)" : "";
  return `${probe.method} ${probe.path.slice(0, 300)} from ${probe.site} ${JSON.stringify(probe.headers).slice(0, 400)} ${JSON.stringify(body)}`;
}

/** Whether the path, once normalised ("/images/../x" is "/x"), reaches the API or the images; pages are fuzzed in the browser suite. */
function reachesWorkerRoutes(path: string): boolean {
  const { pathname } = new URL(path, ORIGIN);
  return pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/images/");
}

/** Send it; check the property; say why it failed. */
async function check(probe: Probe, stateBefore: string, { api: isApi }: { api: boolean }) {
  const response = await call(probe.path, { method: probe.method, headers: probe.headers, body: probe.body });
  // A picture is not read as text (workerd warns that it would be corrupted); its size says enough.
  const type = response.headers.get("Content-Type") ?? "";
  const text = type.startsWith("image/") ? `(${type}, ${(await response.arrayBuffer()).byteLength} bytes)` : await response.text();
  const what = `${describeProbe(probe)} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, what).toBeLessThan(500);
  expect(text, what).not.toMatch(LEAK);
  if (isApi && response.status >= 400 && probe.method !== "HEAD") {
    const body = JSON.parse(text) as { success?: unknown; msg?: unknown };
    expect(body.success, what).toBe(false);
    expect(typeof body.msg, what).toBe("string");
  }
  const mayChange =
    response.status < 400 && !probe.crossSite && (!["GET", "HEAD", "OPTIONS"].includes(probe.method) || /\/logout$/.test(new URL(probe.path, ORIGIN).pathname));
  if (!mayChange) expect(await snapshot(), `state changed: ${what}`).toBe(stateBefore);
}

const runsOf = (bounded: number) => ({
  numRuns: fuzzRuns(env.FUZZ_RUNS, bounded),
  ...(env.FUZZ_SEED ? { seed: Number(env.FUZZ_SEED) } : {}),
  endOnFailure: true,
});

describe("fuzz: never a 5xx, never a stack trace, never a state change on a refused request", () => {
  it("every /api route with hostile paths, queries, bodies, content types, cookies and origins", async () => {
    const world = await fixtures();
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const probe = fc.record({
      route: fc.constantFrom(...routes),
      method: fc.option(fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"), { freq: 4 }),
      suffix: fc.option(
        fc.oneof(
          hostileSegment(world.ids).map((s) => `/${s}`),
          fc.constantFrom("/", "//", "/.", "%00", "%2F"),
        ),
        { freq: 5 },
      ),
      query: hostileQuery(FIELDS, world.ids),
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 6 }),
      body: fc.oneof(
        { weight: 6, arbitrary: hostileJsonText(FIELDS, world.ids) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
      ),
      multipart: fc.option(
        fc.record({
          productData: hostileJsonText(FIELDS, world.ids),
          id: hostileString(world.ids),
          file: fc.uint8Array({ maxLength: 32 }),
          fileName: hostileString(),
        }),
        { freq: 6 },
      ),
      signed: fc.boolean(),
      cookie: fc.nat(3),
      cookieOverride: fc.option(hostileCookie(["sid=x"]), { freq: 4 }),
      site: fc.constantFrom(...SITES),
      ip: fc.nat(50_000),
    });

    await fc.assert(
      fc.asyncProperty(probe, async (p) => {
        const cookies = await world.cookies();
        const method = p.method ?? p.route.method;
        const headers: Record<string, string> = { ...p.site.headers, "CF-Connecting-IP": `198.18.${p.ip >> 8}.${p.ip & 255}` };
        const cookie = p.cookieOverride ?? (p.cookie < 3 ? cookies[p.cookie] : undefined);
        if (cookie) headers.Cookie = cookie;
        let body: BodyInit | undefined = method === "GET" || method === "HEAD" ? undefined : p.body;
        if (body !== undefined && p.multipart && p.route.path.startsWith("/api/product/")) {
          body = multipart(p.multipart);
          headers["Content-Type"] = `multipart/form-data; boundary=${BOUNDARY}`;
        } else if (body !== undefined && p.contentType) headers["Content-Type"] = p.contentType;
        if (p.signed && p.route.path === "/api/stripe/webhook" && typeof body === "string") {
          // Signed with the real secret: the event handling itself meets hostile events.
          headers["Stripe-Signature"] = await new Stripe(env.STRIPE_SECRET_KEY!).webhooks.generateTestHeaderStringAsync({
            payload: body,
            secret: env.STRIPE_WEBHOOK_SECRET!,
          });
        }
        const path = p.route.path + (p.suffix ?? "") + p.query;
        fc.pre(reachesWorkerRoutes(path));
        const before = await snapshot();
        await check({ method, path, headers, body, crossSite: p.site.crossSite, site: p.site.name }, before, {
          api: new URL(path, ORIGIN).pathname.startsWith("/api"),
        });
      }),
      runsOf(200),
    );
  }, 600_000);

  it("/images with hostile keys and conditional headers", async () => {
    const world = await fixtures();
    const etag = (await env.IMAGES.head("products/fuzz.webp"))!.httpEtag;
    const conditional = fc.dictionary(
      fc.constantFrom("If-Match", "If-None-Match", "If-Modified-Since", "If-Unmodified-Since", "Range", "If-Range"),
      fc.oneof(
        hostileString([etag, `W/${etag}`]).map(asHeader),
        fc.constantFrom(etag, `W/${etag}`, `"a", ${etag}`, new Date().toUTCString(), "Mon, 01 Jan 2001 00:00:00 GMT", "bytes=0-1", "bytes=5-1"),
      ),
      { maxKeys: 3 },
    );
    const probe = fc.record({
      key: fc.oneof(
        fc.constant("products/fuzz.webp"),
        fc.array(hostileSegment(), { minLength: 1, maxLength: 3 }).map((s) => s.join("/")),
      ),
      method: fc.constantFrom("GET", "HEAD", "GET", "POST", "PUT", "DELETE", "OPTIONS"),
      headers: conditional,
      site: fc.constantFrom(...SITES),
    });
    await fc.assert(
      fc.asyncProperty(probe, async (p) => {
        fc.pre(reachesWorkerRoutes(`/images/${p.key}`));
        await world.cookies();
        const before = await snapshot();
        const headers = { ...p.site.headers, ...p.headers };
        await check({ method: p.method, path: `/images/${p.key}`, headers, crossSite: p.site.crossSite, site: p.site.name }, before, { api: false });
      }),
      runsOf(60),
    );
  }, 600_000);
});
