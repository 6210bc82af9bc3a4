import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeLocalPath, sellerReturnPath } from "@shared/redirect";
import { pageAddressOf } from "@worker/web/page-address";

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
