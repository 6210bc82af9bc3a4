/**
 * Every page form refuses a body that is not a form (none, JSON, text, a multipart body without its
 * boundary) with a 4xx page and changes nothing, never a 500: page actions read forms through one
 * helper (worker/request-body.ts readForm), as the API reads JSON through readJson.
 * Raw HTTP with Playwright's request fixture, against the production build.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { newShopper, SHOPPER_PASSWORD } from "./support/accounts";
import { APPLE } from "./support/app";
import { expect, test } from "./support/fixtures";

/** An order id no order has: the form is refused for its body before the order is looked up. */
const NO_ORDER = "00000000-0000-4000-8000-000000000000";

type Body = { name: string; headers: Record<string, string>; data?: string };

const NOT_FORMS: Body[] = [
  { name: "no body", headers: {} },
  { name: "JSON", headers: { "Content-Type": "application/json" }, data: JSON.stringify({ email: "a@example.com", password: "x", intent: "add" }) },
  { name: "text", headers: { "Content-Type": "text/plain" }, data: "email=a@example.com" },
  { name: "multipart without a boundary", headers: { "Content-Type": "multipart/form-data" }, data: "--x\r\n\r\n" },
  {
    name: "a broken multipart body",
    headers: { "Content-Type": "multipart/form-data; boundary=zz" },
    data: "--zz\r\nContent-Disposition: form-data\r\n\r\nno end",
  },
];

async function expectRefused(response: APIResponse, what: string) {
  const body = await response.text();
  expect([400, 413, 415], `${what}: ${response.status()} ${body.slice(0, 200)}`).toContain(response.status());
  // A page answers with its HTML; a route without a page (/seller/login, whose form is sent by a fetcher) with its JSON.
  expect(response.headers()["content-type"], what).toMatch(/^(text\/html|application\/json)/);
  expect(body, what).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack trace
  expect(response.headers()["set-cookie"] ?? "", what).toBe("");
}

async function probe(request: APIRequestContext, origin: string, method: "POST" | "DELETE", path: string) {
  for (const body of NOT_FORMS) {
    const response = await request.fetch(path, { method, headers: { Origin: origin, ...body.headers }, data: body.data, maxRedirects: 0 });
    await expectRefused(response, `${method} ${path} with ${body.name}`);
  }
}

test.describe("page forms refuse a body that is not a form (4xx, never 500)", () => {
  test("a visitor's forms: /login, /seller/login, /cart (and DELETE /cart), the newsletter on /", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const path of ["/login", "/seller/login", "/cart", "/cart?redirectTo=%2Fproducts", "/?index"]) await probe(request, origin, "POST", path);
    await probe(request, origin, "DELETE", "/cart");
  });

  test("a shopper's forms: checkout, /add-address, an order's cancel and order again; nothing is saved", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const shopper = newShopper(test.info());
    expect(
      (
        await request.post("/api/user/register", {
          data: { name: "Form Probe", email: shopper.email, password: SHOPPER_PASSWORD },
          headers: { Origin: origin },
        })
      ).status(),
    ).toBe(201);
    for (const path of ["/cart?checkout", "/add-address", `/my-orders/${NO_ORDER}/cancel`, `/my-orders/${NO_ORDER}/again`])
      await probe(request, origin, "POST", path);
    const saved = await request.post("/api/address/get", { headers: { Origin: origin } });
    expect((await saved.json()).address).toEqual([]);
    const orders = await request.get("/api/order/user");
    expect((await orders.json()).orders).toEqual([]);
  });

  test("the seller's forms: add and edit product, product list, orders, cancelling an order, the import", async ({ sellerRequest, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    // A seeded product: one a catalogue journey added could be deleted while it is probed.
    for (const path of [
      "/seller?index",
      `/seller/products/${APPLE.id}/edit`,
      "/seller/product-list",
      "/seller/orders",
      `/seller/orders/${NO_ORDER}/cancel`,
      "/seller/products/import",
    ]) {
      await probe(sellerRequest, origin, "POST", path);
    }
  });
});
