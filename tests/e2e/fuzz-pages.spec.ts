/**
 * Fuzz of the page routes against the production build (fast-check, raw HTTP): generated hostile
 * paths, query strings, form bodies with odd content types, cookies and origins, for a visitor, a
 * signed-in shopper and the seller. The property, for every request:
 * - never a 5xx, never a stack trace or an internal error's name in the answer;
 * - a refused request (4xx) sets no cookie, and changes nothing of the shopper's (cart, addresses,
 *   orders, session) when it carried the shopper's session.
 * The runtime suite fuzzes /api and /images the same way (tests/worker/fuzz.test.ts); pages can
 * only be fuzzed here, where the real React Router build renders them.
 * `npm test` runs a bounded number of requests; `npm run fuzz -- --pages` runs more (FUZZ_RUNS).
 */
import type { APIRequest, APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { CONTENT_TYPES, encode, fuzzRuns, hostileCookie, hostileQuery, hostileSegment, hostileString, LEAK, SITES } from "../support/fuzz";
import { APPLE } from "./support/app";
import { newShopper, SHOPPER_PASSWORD } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** An order id no order has (the order pages answer 404 for it, as for someone else's order). */
const NO_ORDER = "00000000-0000-4000-8000-000000000000";
const PAGES = [
  "/",
  "/products",
  "/products/fruits",
  `/products/fruits/${APPLE.id}`,
  "/cart",
  "/add-address",
  "/my-orders",
  "/login",
  "/logout",
  "/loader",
  "/contact",
  "/contact-us",
  "/privacy-policy",
  "/terms-and-conditions",
  "/cancellation-refund",
  "/shipping-delivery",
  "/seller",
  "/seller/product-list",
  "/seller/orders",
  `/seller/products/${APPLE.id}/edit`,
  "/seller/login",
  "/seller/logout",
  "/addresses",
  "/addresses/x/edit",
  "/delivery",
  "/seller/settings",
  "/seller/search-words",
  `/my-orders/${NO_ORDER}`,
  `/my-orders/${NO_ORDER}/cancel`,
  `/my-orders/${NO_ORDER}/invoice`,
  `/my-orders/${NO_ORDER}/pay`,
  "/seller/orders/waiting",
  `/seller/orders/${NO_ORDER}/cancel`,
  `/seller/orders/${NO_ORDER}/invoice`,
  `/seller/orders/${NO_ORDER}/packing-slip`,
];
/** Pages with a form action, with the query their forms use. */
const ACTIONS = [
  "/?index",
  "/login",
  "/logout",
  "/cart",
  "/cart?checkout",
  "/cart?redirectTo=%2Fproducts",
  "/add-address",
  "/my-orders",
  `/my-orders/${NO_ORDER}/cancel`,
  `/my-orders/${NO_ORDER}/again`,
  `/my-orders/${NO_ORDER}/pay`,
  "/seller?index",
  "/seller/login",
  "/seller/logout",
  "/seller/product-list",
  "/seller/orders",
  `/seller/orders/${NO_ORDER}/cancel`,
  `/seller/products/${APPLE.id}/edit`,
  "/addresses",
  "/addresses/x/edit",
  "/delivery",
  "/seller/settings",
  "/seller/search-words",
];
const PARAMS = [
  "search",
  "cursor",
  "next",
  "redirectTo",
  "mode",
  "q",
  "status",
  "before",
  "index",
  "checkout",
  "_routes",
  "from",
  "to",
  "method",
  "paid",
  "placed",
  "added",
  "sort",
  "category",
  "after",
];
const FIELDS = [
  "intent",
  "productId",
  "quantity",
  "email",
  "password",
  "name",
  "redirectTo",
  "paymentType",
  "items",
  "address",
  "idempotencyKey",
  "orderId",
  "status",
  "id",
  "inStock",
  "firstName",
  "zipCode",
  "phone",
  "price",
  "offerPrice",
  "category",
  "stock",
  "pincode",
  "state",
  "isDefault",
  "taxPercent",
  "expressPincodes",
  "reason",
  "note",
  "term",
  "meaning",
];

/** The seller's saved session (seller.setup.ts) as a Cookie header. */
async function sellerCookie(seller: APIRequestContext): Promise<string> {
  return (await seller.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A client address per request: the seller login's per-IP limit must not catch the other journeys. */
const clientIp = fc.nat(65_535).map((n) => ({ "CF-Connecting-IP": `198.51.${n >> 8}.${n & 255}` }));

const runs = (bounded: number) => ({
  numRuns: fuzzRuns(process.env.FUZZ_RUNS, bounded),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  endOnFailure: true,
});

/** What a refused request must leave alone: the shopper's cart, addresses, orders and session. */
async function shopperState(request: APIRequestContext, cookie: string, origin: string): Promise<string> {
  const headers = { Cookie: cookie, Origin: origin };
  const me = await (await request.get("/api/user/is-auth", { headers })).text();
  const addresses = await (await request.post("/api/address/get", { headers })).text();
  const orders = await (await request.get("/api/order/user", { headers })).text();
  return JSON.stringify([me, addresses, orders]);
}

/**
 * A client of its own for one request. A client keeps the cookies its answers set: a shared one
 * would send them with the next request (the sign-up's session would make a "visitor" that
 * shopper, a flash one request earned would be shown and cleared by the next), so every request
 * carries exactly the cookies the property chose.
 */
function newClient(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
}

async function expectSafe(response: { status(): number; text(): Promise<string>; headers(): Record<string, string> }, what: string) {
  const body = await response.text();
  const described = `${what} → ${response.status()} ${body.slice(0, 200)}`;
  expect(response.status(), described).toBeLessThan(500);
  expect(body, described).not.toMatch(LEAK);
  if (response.status() >= 400) expect(response.headers()["set-cookie"] ?? "", described).toBe("");
}

test.describe("fuzz: page routes never answer 5xx, leak a stack trace, or change state on a refused request", () => {
  test.describe.configure({ timeout: 300_000 });

  test("GET of every page with hostile paths, query strings, cookies and origins", async ({ playwright, sellerRequest, baseURL }) => {
    const seller = await sellerCookie(sellerRequest);
    const probe = fc.record({
      page: fc.constantFrom(...PAGES),
      extra: fc.option(
        fc.array(hostileSegment([APPLE.id, "fruits"]), { minLength: 1, maxLength: 2 }).map((s) => `/${s.join("/")}`),
        { freq: 3 },
      ),
      data: fc.option(fc.constantFrom(".data", "/_root.data"), { freq: 8 }),
      query: hostileQuery(PARAMS, [APPLE.id, "/.//evil.example"]),
      cookie: hostileCookie([seller, "sid=x"]),
      site: fc.constantFrom(...SITES),
      ip: clientIp,
    });
    await fc.assert(
      fc.asyncProperty(probe, async (p) => {
        const rest = `${p.page === "/" ? "" : p.page}${p.extra ?? ""}${p.data ?? ""}`;
        // One leading slash: "//x" would name another host, not a path of this one.
        const path = `/${rest.replace(/^\/+/, "")}${p.query}`;
        const headers: Record<string, string> = { ...p.site.headers, ...p.ip };
        if (p.cookie) headers.Cookie = p.cookie;
        const client = await newClient(playwright, baseURL!);
        const response = await client.get(path, { headers, maxRedirects: 0 });
        await expectSafe(response, `GET ${path} from ${p.site.name} cookie ${p.cookie?.slice(0, 80)}`);
        await client.dispose();
      }),
      runs(150),
    );
  });

  test("POST (and PUT, DELETE) to every form with hostile bodies and content types; a shopper's refused request changes nothing", async ({
    playwright,
    sellerRequest,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    // Sign-up and the state checks: this client keeps the shopper's session (each check sends it anyway).
    const request = await newClient(playwright, baseURL!);
    const shopper = newShopper(test.info());
    const registered = await request.post("/api/user/register", {
      data: { name: "Fuzz Shopper", email: shopper.email, password: SHOPPER_PASSWORD },
      headers: { Origin: origin },
    });
    expect(registered.status()).toBe(201);
    const setCookie = registered.headers()["set-cookie"]!;
    const sid = setCookie
      .split("\n")
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;
    const seller = await sellerCookie(sellerRequest);

    const formText = fc
      // (No real product id: the seller's forms must not delete or switch off what other journeys use.)
      .array(
        fc.tuple(
          fc.constantFrom(...FIELDS),
          hostileString([
            "seed-no-such-product",
            "add",
            "set",
            "remove",
            "move",
            "paid",
            "stock",
            "delete",
            "register",
            "login",
            "[]",
            `[{"product":"${APPLE.id}","quantity":99}]`,
          ]),
        ),
        { maxLength: 6 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${k}=${encode(v)}`).join("&"));
    const probe = fc.record({
      path: fc.constantFrom(...ACTIONS),
      method: fc.constantFrom("POST", "POST", "POST", "PUT", "DELETE", "PATCH"),
      contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 3 }),
      body: fc.oneof(formText, hostileString(), fc.constant("")),
      who: fc.constantFrom("visitor", "shopper", "seller", "hostile"),
      hostileCookie: hostileCookie(["sid=x"]),
      site: fc.constantFrom(...SITES.filter((s) => !s.crossSite), ...SITES),
      ip: clientIp,
    });
    await fc.assert(
      fc.asyncProperty(probe, async (p) => {
        // Logging out the fixture shopper, or the run's shared seller session, would end them for
        // the rest of the run (and the seller's for the other journeys): those are for the others.
        fc.pre(!(p.who === "shopper" && p.path === "/logout") && !(p.who === "seller" && p.path.includes("/seller/log")));
        const cookie = p.who === "shopper" ? sid : p.who === "seller" ? seller : p.who === "hostile" ? p.hostileCookie : undefined;
        const headers: Record<string, string> = { ...p.site.headers, ...p.ip, "Content-Type": p.contentType ?? "application/x-www-form-urlencoded" };
        if (cookie) headers.Cookie = cookie;
        const before = p.who === "shopper" ? await shopperState(request, sid, origin) : "";
        const client = await newClient(playwright, baseURL!);
        const response = await client.fetch(p.path, { method: p.method, headers, data: p.body, maxRedirects: 0 });
        const what = `${p.method} ${p.path} as ${p.who} from ${p.site.name} ${headers["Content-Type"]} ${JSON.stringify(p.body.slice(0, 200))}`;
        await expectSafe(response, what);
        await client.dispose();
        if (p.who === "shopper" && (response.status() >= 400 || p.site.crossSite)) {
          expect(await shopperState(request, sid, origin), `state changed: ${what}`).toBe(before);
        }
      }),
      runs(120),
    );
    await request.dispose();
  });
});
