import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeLocalPath, sellerReturnPath } from "@shared/redirect";
import { pageAddressOf } from "@worker/web/page-address";
import { insertProduct } from "../support/builders";
import { call, freshIp, ORIGIN } from "../support/http";
import { signUp } from "../support/shoppers";

const SHOP = "https://shop.example";

/** Where a browser on this shop ends up when told to go to `target`. */
function followed(target: string): URL {
  return new URL(target, `${SHOP}/somewhere/deep`);
}

/** Pieces attackers combine: dot segments (plain and encoded), slashes, backslashes, control characters, schemes. */
const piece = fc.constantFrom(
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  "%2f",
  "%2F",
  "%5c",
  "%09",
  "\t",
  "\n",
  "\u0000",
  "evil.example",
  "a",
  "@",
  ":",
  "?",
  "#",
  "https:",
  "javascript:",
  " ",
  "%20",
  "products",
  "\u3002",
);
const hostileTarget = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(""));

describe("safeLocalPath: the one check of redirect targets", () => {
  it("refuses targets that only become another host after normalisation (/.//, /..//, /%2e//, /a/..//)", () => {
    for (const target of [
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/a/..//evil.example",
      "/a/b/../..//evil.example",
      "/./\\evil.example",
    ]) {
      expect(safeLocalPath(target), target).toBe("/");
    }
  });

  it("keeps real paths of this site with their query and hash", () => {
    expect(safeLocalPath("/products?search=tomato")).toBe("/products?search=tomato");
    expect(safeLocalPath("/products/fruits/x#top")).toBe("/products/fruits/x#top");
    expect(safeLocalPath("/a/../cart")).toBe("/cart");
    expect(safeLocalPath("/%2F%2Fnot-a-host")).toBe("/%2F%2Fnot-a-host");
  });

  it("for any input, the target stays on this site and is already normal (checking it again changes nothing)", () => {
    fc.assert(
      fc.property(fc.oneof(hostileTarget, fc.string(), fc.string({ unit: "binary" })), (input) => {
        const target = safeLocalPath(input);
        expect(target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")).toBe(true);
        expect(followed(target).origin).toBe(SHOP);
        expect(safeLocalPath(target)).toBe(target);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the way back to a page names the page, never React Router's data address (page-loaders.test.ts runs it through the loaders)", () => {
  it("pageAddressOf drops .data, _routes and the index marker, and keeps the rest of the query", () => {
    const of = (path: string) => pageAddressOf(new Request(`https://shop.example${path}`));
    expect(of("/_root.data")).toBe("/");
    expect(of("/products.data?search=rice&_routes=root%2Croutes%2Fshop%2Fproducts")).toBe("/products?search=rice");
    expect(of("/?index")).toBe("/");
    expect(of("/cart?index&redirectTo=%2Fcart")).toBe("/cart?redirectTo=%2Fcart");
    expect(of("/products/fruits/apple")).toBe("/products/fruits/apple");
  });
});

describe("sellerReturnPath: where the seller goes once logged in", () => {
  it("a seller page asked for, with its query; anything else is the dashboard", () => {
    expect(sellerReturnPath("/seller/orders?status=Packed")).toBe("/seller/orders?status=Packed");
    expect(sellerReturnPath("/seller/dashboard")).toBe("/seller/dashboard");
    expect(sellerReturnPath("/seller")).toBe("/seller");
    for (const elsewhere of [
      null,
      "",
      "/products",
      "/sellers",
      "/seller-x",
      "//evil.example/seller",
      "https://evil.example/seller",
      "/seller/login",
      "/seller/login?redirectTo=%2Fseller",
      "/seller/logout",
      "/.//evil.example",
    ]) {
      expect(sellerReturnPath(elsewhere), String(elsewhere)).toBe("/seller/dashboard");
    }
  });
});

/** Targets that become protocol-relative ("//evil.example") after normalisation, and older tricks. */
const HOSTILE = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/a/..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
];

/** A form post as a browser sends it before JavaScript loads; the redirect is read, not followed. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("every redirect target a page takes from the request stays on this site (the rendered pages)", () => {
  it("/loader?next= writes a local URL into its refresh", async () => {
    for (const next of HOSTILE) {
      const response = await call(`/loader?next=${encodeURIComponent(next)}`);
      expect(response.status, next).toBe(200);
      const refresh = (await response.text()).match(/http-equiv="refresh" content="\d+;url=([^"]*)"/)?.[1];
      expect(refresh, next).toBe("/");
    }
    const local = await (await call(`/loader?next=${encodeURIComponent("/products?search=tomato")}`)).text();
    expect(local).toContain('content="5;url=/products?search=tomato"');
  });

  it("GET /login?redirectTo= of a signed-in shopper", async () => {
    const shopper = await signUp();
    for (const target of HOSTILE) {
      const response = await call(`/login?redirectTo=${encodeURIComponent(target)}`, { headers: { Cookie: shopper.cookie }, redirect: "manual" });
      expect(response.status, target).toBe(302);
      const location = response.headers.get("location")!;
      expect(followed(location).origin, target).toBe(SHOP);
      expect(location, target).toBe("/");
    }
  });

  it("the POST /login form's redirectTo", async () => {
    const shopper = await signUp();
    for (const target of HOSTILE) {
      const response = await postForm("/login", { intent: "login", email: shopper.email, password: shopper.password, redirectTo: target }, freshIp());
      expect(response.status, target).toBe(303);
      expect(response.headers.get("location"), target).toBe("/");
    }
  });

  it("POST /cart?redirectTo= (the no-JavaScript cart buttons)", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits" });
    const addApple = (target: string) =>
      postForm(`/cart?redirectTo=${encodeURIComponent(target)}`, { intent: "add", productId: apple.id }, { "Sec-Fetch-Dest": "document" });
    for (const target of HOSTILE) {
      const response = await addApple(target);
      expect(response.status, target).toBe(303);
      expect(response.headers.get("location"), target).toBe("/");
    }
    expect((await addApple("/products/fruits")).headers.get("location")).toBe("/products/fruits");
  });
});
