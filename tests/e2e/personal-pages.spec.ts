/**
 * A person's pages are stored by no cache (ADR 067): against the production build, every page and
 * `.data` answer that shows a shopper's or the seller's orders, addresses, invoices or cart says
 * `Cache-Control: private, no-store`; the anonymous catalogue keeps the edge cache's `no-cache`.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { placeOrderByApi } from "./support/orders";

const PRIVATE = "private, no-store";

async function expectPrivate(request: APIRequestContext, path: string, shows: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  expect(response.headers()["cache-control"], path).toBe(PRIVATE);
  expect(await response.text(), path).toContain(shows);
}

test.describe("personal pages are private and stored nowhere", () => {
  test("a shopper's orders, order, invoice, addresses and cart, as pages and as .data", async ({ page, shopper }) => {
    const orderId = await placeOrderByApi(page, shopper, { lastName: "Privatecache" });
    for (const path of [
      "/my-orders",
      "/my-orders.data",
      `/my-orders/${orderId}`,
      `/my-orders/${orderId}.data`,
      `/my-orders/${orderId}/invoice`,
      "/addresses",
      "/addresses.data",
      "/add-address",
    ]) {
      await expectPrivate(page.request, path, path.startsWith("/add-address") ? shopper.email : "Privatecache");
    }
    await expectPrivate(page.request, "/cart", shopper.name.split(" ")[0]!);
    await expectPrivate(page.request, "/products", shopper.name.split(" ")[0]!);
  });

  test("the seller's orders, invoice, packing slip and dashboard", async ({ page, shopper, sellerRequest }) => {
    const orderId = await placeOrderByApi(page, shopper, { lastName: "Sellerprivate" });
    for (const path of [
      `/seller/orders?q=Sellerprivate`,
      `/seller/orders.data?q=Sellerprivate`,
      `/seller/orders/${orderId}/invoice`,
      `/seller/orders/${orderId}/packing-slip`,
    ]) {
      await expectPrivate(sellerRequest, path, "Sellerprivate");
    }
    await expectPrivate(sellerRequest, "/seller/dashboard", "Dashboard");
  });

  test("an anonymous visitor's catalogue stays the edge cache's, and a guest's cart is private", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const catalogue = await anonymous.get("/products");
    expect(catalogue.headers()["cache-control"]).toBe("no-cache");
    const guestCart = await anonymous.get("/cart", { headers: { Cookie: "cart=seed-apple-1-kg%3A2" } });
    expect(guestCart.headers()["cache-control"]).toBe(PRIVATE);
    await anonymous.dispose();
  });
});
