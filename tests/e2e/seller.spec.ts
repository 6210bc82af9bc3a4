/**
 * The seller's journeys. The seller is signed in once per run (seller.setup.ts) and each test opens
 * its own context from that saved state; shoppers get contexts of their own, without it.
 */
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { APPLE, TOMATO, open, productCard, rupees } from "./support/app";
import {
  addToCartFromProductPage,
  openSellerPage,
  orderCards,
  placeCodOrderFromCart,
  SELLER,
  SELLER_STATE,
  sellerPage,
  shopperPage,
  shopperWithAddress,
  waitForSellerLoginForm,
} from "./support/accounts";
import { expect, test } from "./support/catalogue";

const EMOJI = join(import.meta.dirname, "..", "..", "node_modules", "@lobehub", "fluent-emoji-3d", "assets");
const AVOCADO_IMAGE = join(EMOJI, "1f951.webp");
const CUCUMBER_IMAGE = join(EMOJI, "1f952.webp");

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The top toast area (role status) showing a message. */
function toast(page: Page, text: string) {
  return page.getByRole("status").getByText(text, { exact: true });
}

test.describe("the seller", () => {
  test("adds a product with two pictures; shoppers find it; switched out of stock, it leaves the shop", async ({ browser, catalogueChanges }) => {
    const name = `Avocado Cucumber Salad Kit ${uniqueSuffix()}`;
    catalogueChanges.added(name);
    const seller = await sellerPage(browser);
    const shopper = await shopperPage(browser);

    await openSellerPage(seller.page, "/seller");
    await expect(seller.page.getByRole("heading", { level: 1 })).toHaveText("Add Product");
    await seller.page.getByLabel("Image 1", { exact: true }).setInputFiles(AVOCADO_IMAGE);
    await seller.page.getByLabel("Image 2", { exact: true }).setInputFiles(CUCUMBER_IMAGE);
    await seller.page.getByLabel("Product Name").fill(name);
    await seller.page.getByLabel("Product Description").fill("Creamy and ripe\nGrown in Coorg");
    await seller.page.getByLabel("Category").selectOption("Vegetables");
    await seller.page.getByLabel("Product Price (₹)").fill("250");
    await seller.page.getByLabel("Offer Price (₹)").fill("199.50");
    await seller.page.getByRole("button", { name: "ADD", exact: true }).click();

    await expect(toast(seller.page, `Product Added: ${name}`)).toBeVisible();
    // The form starts empty again for the next product.
    await expect(seller.page.getByLabel("Product Name")).toHaveValue("");

    await seller.page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Product List" }).click();
    await expect(seller.page).toHaveURL("/seller/product-list");
    const row = seller.page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Vegetables");
    await expect(row).toContainText("₹199.50");
    const inStock = row.getByRole("switch", { name: `${name} in stock` });
    await expect(inStock).toHaveAttribute("aria-checked", "true");

    // The shopper finds it by name and sees both pictures on its page.
    await open(shopper.page, `/products?search=${encodeURIComponent(name)}`);
    await expect(shopper.page.getByRole("article")).toHaveCount(1);
    await productCard(shopper.page, name).getByRole("link").first().click();
    await expect(shopper.page).toHaveURL(/\/products\/vegetables\/[\w-]+$/);
    const productUrl = new URL(shopper.page.url()).pathname;
    await expect(shopper.page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(shopper.page.getByText(rupees(199_50), { exact: true }).first()).toBeVisible();
    await expect(shopper.page.getByText("Grown in Coorg")).toBeVisible();
    for (const n of [1, 2]) {
      const thumbnail = shopper.page.getByRole("button", { name: `Show image ${n} of ${name}` });
      await expect(thumbnail).toBeVisible();
      await expect(thumbnail.locator("img")).toHaveJSProperty("complete", true);
      expect(await thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth), `picture ${n} loaded`).toBeGreaterThan(0);
    }
    await expect(shopper.page.getByRole("button", { name: `Show image 3 of ${name}` })).toHaveCount(0);

    // Out of stock: gone from search and from its category; its page says so.
    await inStock.click();
    await expect(inStock).toHaveAttribute("aria-checked", "false");
    await expect(toast(seller.page, `${name} is out of stock`)).toBeVisible();
    await seller.page.reload();
    await expect(seller.page.getByRole("switch", { name: `${name} in stock` })).toHaveAttribute("aria-checked", "false");

    await open(shopper.page, `/products?search=${encodeURIComponent(name)}`);
    await expect(shopper.page.getByText(`No products match “${name}”.`)).toBeVisible();
    await expect(shopper.page.getByRole("article")).toHaveCount(0);
    await open(shopper.page, "/products/vegetables");
    await expect(productCard(shopper.page, TOMATO.name)).toBeVisible();
    await expect(productCard(shopper.page, name)).toHaveCount(0);
    await open(shopper.page, productUrl);
    await expect(shopper.page.getByText("Currently out of stock")).toBeVisible();
    await expect(shopper.page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);

    await seller.context.close();
    await shopper.context.close();
  });

  test("sees a shopper's order with the full address, moves it to Delivered and marks it paid; the shopper sees it all", async ({ browser }, testInfo) => {
    const shopper = await shopperPage(browser);
    const { shopper: account, address } = await shopperWithAddress(shopper.page, testInfo, "Zoya Qureshi", {
      street: "44 Koramangala 5th Block",
      zipCode: "560095",
      phone: "+91 90000 12345",
    });
    await addToCartFromProductPage(shopper.page, APPLE, { signedIn: true });
    await placeCodOrderFromCart(shopper.page);
    await expect(orderCards(shopper.page)).toHaveCount(1);

    const seller = await sellerPage(browser);
    await openSellerPage(seller.page, "/seller");
    await seller.page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" }).click();
    await expect(seller.page).toHaveURL("/seller/orders");
    await expect(seller.page.getByRole("heading", { level: 1 })).toHaveText("Orders List");

    // The shopper's e-mail is unique to this test: it picks out the order.
    const order = seller.page.getByRole("article").filter({ hasText: account.email });
    await expect(order).toHaveCount(1);
    const shownAddress = order.getByTestId("order-address");
    await expect(shownAddress).toContainText(`${address.firstName} ${address.lastName}`);
    await expect(shownAddress).toContainText(`${address.street}, ${address.city}`);
    await expect(shownAddress).toContainText(`${address.state}, ${address.zipCode}, ${address.country}`);
    await expect(shownAddress).toContainText(address.phone);
    await expect(order).toContainText(`${APPLE.name} x 1`);
    await expect(order).toContainText("₹112.20");
    await expect(order).toContainText("Method: Cash On Delivery");
    await expect(order.getByTestId("seller-order-status")).toHaveText("Order Placed");
    await expect(order.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

    for (const next of ["Packed", "Out for delivery", "Delivered"]) {
      await order.getByRole("button", { name: `Mark ${next}` }).click();
      await expect(order.getByTestId("seller-order-status")).toHaveText(next);
      await expect(toast(seller.page, `Order is now ${next}`)).toBeVisible();
    }
    await expect(order.getByRole("button", { name: /^Mark (Packed|Out for delivery|Delivered)$/ })).toHaveCount(0);
    await order.getByRole("button", { name: "Mark paid" }).click();
    await expect(toast(seller.page, "Payment received")).toBeVisible();
    await expect(order).toContainText("Payment: Paid");
    await expect(order.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

    await open(shopper.page, "/my-orders");
    const mine = orderCards(shopper.page).first();
    await expect(mine.getByTestId("order-status")).toHaveText("Delivered");
    await expect(mine.getByTestId("payment-status")).toHaveText("Paid");
    const steps = mine.getByRole("list", { name: "Order progress" }).getByRole("listitem");
    await expect(steps).toHaveText([/^Order Placed\S/, /^Packed\S/, /^Out for delivery\S/, /^Delivered\S/]);
    await expect(steps.filter({ hasText: "(not yet)" })).toHaveCount(0);
    await expect(mine.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

    await seller.context.close();
    await shopper.context.close();
  });

  // ADR 019: without JavaScript the seller's forms post, then land back on the page (Post/Redirect/Get).
  test("without JavaScript, switching a product out of stock lands back on the list, switched", async ({ browser, catalogueChanges, baseURL }) => {
    const name = `Bottle Gourd ${uniqueSuffix()}`;
    catalogueChanges.added(name);
    const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
    const added = await context.request.post("/api/product/add", {
      headers: { Origin: new URL(baseURL!).origin },
      multipart: {
        productData: JSON.stringify({ name, description: ["Tender"], category: "Vegetables", price: 60, offerPrice: 50 }),
        images: { name: "cucumber.webp", mimeType: "image/webp", buffer: readFileSync(CUCUMBER_IMAGE) },
      },
    });
    expect(added.status(), await added.text()).toBe(201);

    const page = await context.newPage();
    const list = `/seller/product-list?q=${encodeURIComponent(name)}`;
    await page.goto(list);
    const inStock = page.getByRole("switch", { name: `${name} in stock` });
    await expect(inStock).toHaveAttribute("aria-checked", "true");
    await inStock.click();
    // Back on the same list (React Router writes the form's address with "+" for the spaces).
    await expect(page).toHaveURL((url) => url.pathname === "/seller/product-list" && url.searchParams.get("q") === name);
    await expect(page.getByRole("switch", { name: `${name} in stock` })).toHaveAttribute("aria-checked", "false");
    await context.close();
  });

  test("logging out returns to the shop, and /seller asks for the login again", async ({ browser }) => {
    // Its own login: logging out the run's shared seller session would sign out the other tests.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto("/seller");
    await waitForSellerLoginForm(page);
    await page.getByLabel("Email").fill(SELLER.email);
    await page.getByLabel("Password").fill(SELLER.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Hi! Admin")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freshness You Can Trust, Savings You Will Love!");

    const response = await page.goto("/seller");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
    await expect(page.getByText("Hi! Admin")).toHaveCount(0);
    await context.close();
  });

  test("a signed-in shopper who opens /seller gets the seller login form with status 401", async ({ page }, testInfo) => {
    await shopperWithAddress(page, testInfo);
    for (const path of ["/seller", "/seller/product-list", "/seller/orders"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(401);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Seller Login");
      await expect(page.getByLabel("Password"), path).toBeVisible();
      await expect(page.getByText("Hi! Admin"), path).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Seller" }), path).toHaveCount(0);
    }
    // The raw HTML holds no seller data either.
    const html = await (await page.request.get("/seller/orders")).text();
    expect(html).not.toContain("Orders List");
    expect(html).not.toContain("waiting to be packed");
  });
});
