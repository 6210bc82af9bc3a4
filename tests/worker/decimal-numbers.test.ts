/**
 * Numbers from forms are decimal text or refused (worker/validation/common.ts `decimal`): every
 * number field of every input schema, and the API end to end. `Number()`, and so z.coerce.number,
 * read "0x10" as 16, "1e3" as 1000, "0b11" as 3, " " as 0 and `true` as 1.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { DEFAULT_STORE_SETTINGS, toApiSettings } from "@worker/services/store-settings";
import { cartFormInput } from "@worker/validation/cart";
import { bulkStockInput, imagePositionField, productInput, productListQuery } from "@worker/validation/product";
import { exportQuery } from "@worker/validation/product-csv";
import { sellerOrdersQuery } from "@worker/validation/order";
import { storeSettingsInput } from "@worker/validation/store-settings";
import { call, json } from "../support/http";
import { postForm, productForm, sellerLogin, VALID_PRODUCT } from "../support/seller";

/** Odd ways of writing a number that are not decimal text. */
const NOT_DECIMAL = ["0x10", "0X1F", "1e3", "2E1", "0b11", "0o7", "Infinity", "-Infinity", "NaN", " ", "1_000", "12abc", "١٢", true];

const settings = { ...toApiSettings(DEFAULT_STORE_SETTINGS) };

/** Each number field: its schema, a valid input with the field set to a value, and what a decimal text reads as. */
const FIELDS: { name: string; schema: z.ZodType; input: (value: unknown) => unknown; pick: (parsed: any) => unknown; decimal: [string, unknown] }[] = [
  { name: "product price", schema: productInput, input: (price) => ({ ...VALID_PRODUCT, price }), pick: (p) => p.price, decimal: [" 45.50 ", 45.5] },
  {
    name: "product offer price",
    schema: productInput,
    input: (offerPrice) => ({ ...VALID_PRODUCT, offerPrice }),
    pick: (p) => p.offerPrice,
    decimal: ["35", 35],
  },
  { name: "product stock", schema: productInput, input: (stock) => ({ ...VALID_PRODUCT, stock }), pick: (p) => p.stock, decimal: ["12", 12] },
  { name: "bulk stock count", schema: bulkStockInput, input: (count) => ({ ids: ["a"], set: "count", count }), pick: (p) => p.count, decimal: ["7", 7] },
  { name: "product list limit", schema: productListQuery, input: (limit) => ({ limit }), pick: (p) => p.limit, decimal: ["20", 20] },
  { name: "picture position", schema: imagePositionField, input: (position) => position, pick: (p) => p, decimal: ["2", 2] },
  {
    name: "cart quantity",
    schema: cartFormInput,
    input: (quantity) => ({ intent: "set", lines: [{ productId: "p1", quantity }] }),
    pick: (p) => (p.intent === "set" ? p.lines[0]?.quantity : undefined),
    decimal: ["3", 3],
  },
  { name: "export part", schema: exportQuery, input: (part) => ({ part }), pick: (p) => p.part, decimal: ["2", 2] },
  { name: "seller orders page", schema: sellerOrdersQuery, input: (before) => ({ before }), pick: (p) => p.before, decimal: ["1700000000000", 1700000000000] },
  { name: "tax rate", schema: storeSettingsInput, input: (taxPercent) => ({ ...settings, taxPercent }), pick: (p) => p.taxBasisPoints, decimal: ["2.5", 250] },
  {
    name: "shortest delivery",
    schema: storeSettingsInput,
    input: (standardMinDays) => ({ ...settings, standardMinDays }),
    pick: (p) => p.standardMinDays,
    decimal: ["2", 2],
  },
  {
    name: "express minutes",
    schema: storeSettingsInput,
    input: (etaMinutes) => ({ ...settings, expressPincodes: [{ pincode: "560001", etaMinutes }] }),
    pick: (p) => p.expressPincodes[0].etaMinutes,
    decimal: ["25", 25],
  },
];

describe("numbers from forms are decimal text or refused", () => {
  for (const field of FIELDS) {
    it(`${field.name}: decimal text and JSON numbers are read; hex, exponents, binary, octal, Infinity, blanks and booleans are refused`, () => {
      const [text, value] = field.decimal;
      const read = field.schema.safeParse(field.input(text));
      expect(read.success, JSON.stringify(read.error?.issues)).toBe(true);
      expect(field.pick(read.data)).toBe(value);
      expect(field.schema.safeParse(field.input(Number(text))).success).toBe(true);
      for (const odd of NOT_DECIMAL) expect(field.schema.safeParse(field.input(odd)).success, `${field.name}: ${JSON.stringify(odd)}`).toBe(false);
    });
  }

  it("the API refuses a price of 0x10 or 1e3 with 400 and stores nothing; a list limit or cursor in hex is a 400", async () => {
    const cookie = await sellerLogin();
    for (const price of ["0x10", "1e3", "Infinity"]) {
      const response = await postForm("/api/product/add", productForm({ ...VALID_PRODUCT, price, offerPrice: "1" }), { Cookie: cookie });
      expect(response.status, price).toBe(400);
      expect((await json(response)).msg).toBe("Price must be a number");
    }
    const listed = await json<{ products: unknown[] }>(await call("/api/product/list"));
    expect(listed.products).toEqual([]);
    expect((await call("/api/product/list?limit=0x10")).status).toBe(400);
    expect((await call("/api/product/list?cursor=0x10.abc")).status).toBe(400);
  });
});
