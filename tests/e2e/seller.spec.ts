/**
 * The seller's journeys. The seller is signed in once per run (seller.setup.ts) and each test gets
 * its own context from that saved state (the `sellerPage` fixture); the shopper is the test's
 * `page`, a context without it.
 */
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { APPLE, TOMATO, open, openRefreshed, productCard, rupees } from "./support/app";
import {
  addAddressByApi,
  addToCartFromProductPage,
  newAddress,
  openSellerPage,
  orderCards,
  placeCodOrderFromCart,
  SELLER,
  SELLER_STATE,
  waitForSellerLoginForm,
} from "./support/accounts";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { appOrigin } from "./support/orders";

const EMOJI = join(import.meta.dirname, "..", "..", "node_modules", "@lobehub", "fluent-emoji-3d", "assets");
const AVOCADO_IMAGE = join(EMOJI, "1f951.webp");
const CUCUMBER_IMAGE = join(EMOJI, "1f952.webp");

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The top toast area (role status) showing a message. */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole("status").getByText(text, { exact: true });
}

test.describe("the seller", () => {
  test(
    "adds a product with two pictures; shoppers find it; switched out of stock, it leaves the shop",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, page: shopperPage, catalogueChanges }) => {
      const suffix = uniqueSuffix();
      const name = `Avocado Cucumber Salad Kit ${suffix}`;
      catalogueChanges.added(name);
      // A second product the same search finds, which stays in stock.
      const dip = `Avocado Cucumber Dip ${suffix}`;
      catalogueChanges.added(dip);
      const form = new FormData();
      form.set("productData", JSON.stringify({ name: dip, description: ["Fresh"], category: "Vegetables", price: 90, offerPrice: 80 }));
      form.append("images", new Blob([readFileSync(CUCUMBER_IMAGE)], { type: "image/webp" }), "dip.webp");
      expect((await sellerRequest.post("/api/product/add", { headers: { Origin: appOrigin() }, multipart: form })).status()).toBe(201);

      await openSellerPage(sellerPage, "/seller");
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Add Product");
      await sellerPage.getByLabel("Upload image 1", { exact: true }).setInputFiles(AVOCADO_IMAGE);
      await sellerPage.getByLabel("Upload image 2", { exact: true }).setInputFiles(CUCUMBER_IMAGE);
      await sellerPage.getByLabel("Product Name").fill(name);
      await sellerPage.getByLabel("Product Description").fill("Creamy and ripe\nGrown in Coorg");
      await sellerPage.getByLabel("Category").selectOption("Vegetables");
      await sellerPage.getByLabel("Product Price (₹)").fill("250");
      await sellerPage.getByLabel("Offer Price (₹)").fill("199.50");
      await sellerPage.getByRole("button", { name: "ADD", exact: true }).click();

      await expect(toast(sellerPage, `Product Added: ${name}`)).toBeVisible();
      // The form starts empty again for the next product.
      await expect(sellerPage.getByLabel("Product Name")).toHaveValue("");

      await sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Product List" }).click();
      await expect(sellerPage).toHaveURL("/seller/product-list");
      const row = sellerPage.getByRole("row").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Vegetables");
      await expect(row).toContainText("₹199.50");
      const inStock = row.getByRole("switch", { name: `${name} in stock` });
      await expect(inStock).toHaveAttribute("aria-checked", "true");

      // The shopper finds it by name and sees both pictures on its page.
      await open(shopperPage, `/products?search=${encodeURIComponent(name)}`);
      await expect(shopperPage.getByRole("article")).toHaveCount(1);
      await productCard(shopperPage, name).getByRole("link").first().click();
      await expect(shopperPage).toHaveURL(/\/products\/vegetables\/[\w-]+$/);
      const productUrl = new URL(shopperPage.url()).pathname;
      await expect(shopperPage.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(shopperPage.getByText(rupees(199_50), { exact: true }).first()).toBeVisible();
      await expect(shopperPage.getByText("Grown in Coorg")).toBeVisible();
      const thumbnail = (page: Page, n: number) => page.getByRole("link", { name: `Show image ${n} of ${name}` });
      const picture = (page: Page) => page.getByRole("img", { name, exact: true });
      for (const n of [1, 2]) {
        await expect(thumbnail(shopperPage, n)).toBeVisible();
        await expect(thumbnail(shopperPage, n).locator("img")).toHaveJSProperty("complete", true);
        expect(
          await thumbnail(shopperPage, n)
            .locator("img")
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
          `picture ${n} loaded`,
        ).toBeGreaterThan(0);
      }
      await expect(thumbnail(shopperPage, 3)).toHaveCount(0);
      const sources = await Promise.all([1, 2].map((n) => thumbnail(shopperPage, n).locator("img").getAttribute("src")));
      await expect(thumbnail(shopperPage, 1)).toHaveAttribute("aria-current", "true");
      await expect(picture(shopperPage)).toHaveAttribute("src", sources[0]!);

      // A thumbnail swaps the picture in place: the address says which, no loader runs, Back leaves the page.
      const dataRequests: string[] = [];
      shopperPage.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
      });
      // By keyboard: a thumbnail is a link, Enter follows it.
      await thumbnail(shopperPage, 2).focus();
      await shopperPage.keyboard.press("Enter");
      await expect(picture(shopperPage)).toHaveAttribute("src", sources[1]!);
      await expect(shopperPage).toHaveURL(`${productUrl}?image=2`);
      await expect(thumbnail(shopperPage, 2)).toHaveAttribute("aria-current", "true");
      await expect(thumbnail(shopperPage, 1)).not.toHaveAttribute("aria-current", /.*/);
      await thumbnail(shopperPage, 1).click();
      await expect(picture(shopperPage)).toHaveAttribute("src", sources[0]!);
      await expect(shopperPage).toHaveURL(productUrl);
      expect(dataRequests, "switching pictures loads no data").toEqual([]);

      // Without JavaScript the thumbnails are plain links to the same page showing that picture.
      const noScript = await shopperPage
        .context()
        .browser()!
        .newContext({ javaScriptEnabled: false, baseURL: new URL(shopperPage.url()).origin });
      try {
        const page = await noScript.newPage();
        await page.goto(productUrl);
        await thumbnail(page, 2).click();
        await expect(page).toHaveURL(`${productUrl}?image=2`);
        await expect(picture(page)).toHaveAttribute("src", sources[1]!);
        // A picture it does not have, or not a number, shows the first.
        for (const asked of ["7", "0", "two"]) {
          await page.goto(`${productUrl}?image=${asked}`);
          await expect(picture(page)).toHaveAttribute("src", sources[0]!);
          await expect(thumbnail(page, 1)).toHaveAttribute("aria-current", "true");
        }
      } finally {
        await noScript.close();
      }

      // Out of stock: gone from the listings and from its category; a search for it names it as out
      // of stock (the store has it, not now), as the typeahead does; its page says so.
      await inStock.click();
      await expect(inStock).toHaveAttribute("aria-checked", "false");
      await expect(toast(sellerPage, `${name} is out of stock`)).toBeVisible();
      await sellerPage.reload();
      await expect(sellerPage.getByRole("switch", { name: `${name} in stock` })).toHaveAttribute("aria-checked", "false");

      // Once the cached catalogue is refreshed, it is for every page of it.
      await openRefreshed(shopperPage, `/products?search=${encodeURIComponent(name)}`, async () => {
        await expect(shopperPage.getByText(`Everything that matches “${name}” is out of stock right now.`)).toBeVisible({ timeout: 1000 });
      });
      await expect(shopperPage.getByRole("article")).toHaveCount(0);
      const soldOut = shopperPage.getByRole("list", { name: "Out of stock" }).getByRole("link");
      await expect(soldOut).toHaveText(`${name}Out of stock`);
      await expect(soldOut).toHaveAttribute("href", productUrl);
      // A search that also finds something in stock lists it, and names the sold-out one after it.
      await open(shopperPage, `/products?search=${encodeURIComponent(`avocado cucumber ${suffix}`)}`);
      await expect(productCard(shopperPage, dip)).toBeVisible();
      await expect(shopperPage.getByRole("article")).toHaveCount(1);
      const after = shopperPage.getByRole("region", { name: "Also matching, out of stock right now" });
      await expect(after.getByRole("link")).toHaveText(`${name}Out of stock`);
      const box = shopperPage.getByRole("search").getByRole("combobox", { name: "Search products" });
      await box.fill("");
      await box.pressSequentially(`avocado cucumber ${suffix}`);
      const options = shopperPage.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
      await expect(options).toHaveText([new RegExp(`^${dip}.*₹80`), new RegExp(`^${name}.*Out of stock$`)]);
      await expect(shopperPage.getByRole("status").filter({ hasText: "suggestion" })).toHaveText(
        "2 suggestions, 1 out of stock. Use the up and down arrows to choose.",
      );
      await box.press("Escape");
      await open(shopperPage, `/products?search=${encodeURIComponent(name)}`);
      // On a phone the note fits the screen.
      await shopperPage.setViewportSize({ width: 390, height: 844 });
      await expect(soldOut).toBeVisible();
      expect(await shopperPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shopperPage.setViewportSize({ width: 1280, height: 800 });
      await open(shopperPage, "/products/vegetables");
      await expect(productCard(shopperPage, TOMATO.name)).toBeVisible();
      await expect(productCard(shopperPage, name)).toHaveCount(0);
      await open(shopperPage, productUrl);
      await expect(shopperPage.getByText("Currently out of stock")).toBeVisible();
      await expect(shopperPage.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    },
  );

  test("sees a shopper's order with the full address, moves it to Delivered and marks it paid; the shopper sees it all", async ({
    page: shopperPage,
    shopper,
    sellerPage,
  }) => {
    const address = newAddress(shopper, { street: "44 Koramangala 5th Block", zipCode: "560095", phone: "+91 90000 12345" });
    await addAddressByApi(shopperPage, address);
    await addToCartFromProductPage(shopperPage, APPLE, { signedIn: true });
    await placeCodOrderFromCart(shopperPage);
    await expect(orderCards(shopperPage)).toHaveCount(1);

    await openSellerPage(sellerPage, "/seller");
    await sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" }).click();
    await expect(sellerPage).toHaveURL("/seller/orders");
    await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Orders List");

    // The shopper's e-mail is unique to this test: it picks out the order.
    const order = sellerPage.getByRole("article").filter({ hasText: shopper.email });
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

    // By keyboard: each step's button gives way to the next one, and the focus goes with it.
    await order.getByRole("button", { name: "Mark Packed" }).focus();
    // A new step's button is off for a moment after the last answer (a double tap must not move the order twice).
    for (const [next, then] of [
      ["Packed", "Mark Out for delivery"],
      ["Out for delivery", "Mark Delivered"],
      ["Delivered", "Mark paid"],
    ] as const) {
      await expect(order.getByRole("button", { name: `Mark ${next}` })).toBeFocused();
      await expect(order.getByRole("button", { name: `Mark ${next}` })).not.toHaveAttribute("aria-disabled");
      await sellerPage.keyboard.press("Enter");
      await expect(order.getByTestId("seller-order-status")).toHaveText(next);
      await expect(toast(sellerPage, new RegExp(`^Order [0-9A-F]{8} is now ${next}$`))).toBeVisible();
      await expect(order.getByRole("button", { name: then })).toBeFocused();
    }
    await expect(order.getByRole("button", { name: /^Mark (Packed|Out for delivery|Delivered)$/ })).toHaveCount(0);
    await expect(order.getByRole("button", { name: "Mark paid" })).not.toHaveAttribute("aria-disabled");
    await order.getByRole("button", { name: "Mark paid" }).click();
    await expect(toast(sellerPage, /^Payment received for order [0-9A-F]{8}$/)).toBeVisible();
    await expect(order).toContainText("Payment: Paid");
    await expect(order.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

    await open(shopperPage, "/my-orders");
    const mine = orderCards(shopperPage).first();
    await expect(mine.getByTestId("order-status")).toHaveText("Delivered");
    await expect(mine.getByTestId("payment-status")).toHaveText("Paid");
    const steps = mine.getByRole("list", { name: "Order progress" }).getByRole("listitem");
    await expect(steps).toHaveText([/^Order Placed\S/, /^Packed\S/, /^Out for delivery\S/, /^Delivered\S/]);
    await expect(steps.filter({ hasText: "(not yet)" })).toHaveCount(0);
    await expect(mine.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
  });

  // ADR 023: without JavaScript the seller's forms post, then land back on the page (Post/Redirect/Get).
  test(
    "without JavaScript, switching a product out of stock lands back on the list, switched",
    { tag: CATALOGUE_TAG },
    async ({ browser, catalogueChanges, baseURL }) => {
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
    },
  );

  test("logging out returns to the shop, and /seller asks for the login again", async ({ page }) => {
    // Its own login: logging out the run's shared seller session would sign out the other tests.
    await page.goto("/seller");
    await waitForSellerLoginForm(page);
    await page.getByLabel("Email").fill(SELLER.email);
    await page.getByLabel("Password").fill(SELLER.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Hi! Admin")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status").getByText("Logged Out")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freshness You Can Trust, Savings You Will Love!");

    const response = await page.goto("/seller");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
    await expect(page.getByText("Hi! Admin")).toHaveCount(0);
  });

  test("by keyboard, the first Tab offers Skip to content, which passes the bar and the six section links", async ({ sellerPage: page }) => {
    await openSellerPage(page, "/seller/orders");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
    await expect(page.getByRole("search", { name: "Search and filter orders" }).getByLabel("Search")).toBeFocused();
  });

  test("when the session ends while the seller works, the next page or action asks for the login, changes nothing, and comes back", async ({
    sellerPage: page,
  }) => {
    const term = `kelangu ${Date.now().toString(36)}`;
    const wordRow = () => page.getByRole("row").filter({ has: page.getByRole("cell", { name: term, exact: true }) });
    await openSellerPage(page, "/seller/search-words");
    await page.getByLabel("Shoppers type").fill(term);
    await page.getByLabel("Finds").fill("banana");
    await page.getByRole("button", { name: "Add word" }).click();
    await expect(wordRow()).toHaveCount(1);

    // The session cookie goes (its 8 hours are up, or a logout in another tab): a client-side navigation.
    await page.context().clearCookies();
    await page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
    await expect(page.getByRole("status").getByText("Your seller session has ended. Log in again to carry on.")).toBeVisible();
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
    await expect(page).toHaveURL("/seller/orders");

    // Logged in from that form: back on the page asked for.
    await page.getByLabel("Email").fill(SELLER.email);
    await page.getByLabel("Password").fill(SELLER.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL("/seller/orders");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders List");

    // An action through a fetcher (removing the word) is refused the same way, and removes nothing.
    await page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Search words" }).click();
    await expect(wordRow()).toHaveCount(1);
    await page.context().clearCookies();
    await wordRow()
      .getByRole("button", { name: `Remove ${term}` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);

    // Logged in again from that form: back on the page, the word still there, then removed for good.
    await page.getByLabel("Email").fill(SELLER.email);
    await page.getByLabel("Password").fill(SELLER.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL("/seller/search-words");
    await expect(page.getByText("Hi! Admin")).toBeVisible();
    await wordRow()
      .getByRole("button", { name: `Remove ${term}` })
      .click();
    await expect(wordRow()).toHaveCount(0);
  });

  test("a signed-in shopper who opens /seller gets the seller login form with status 401", async ({ page, address: _ }) => {
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

test("All Products pages forward, and back to the first page", async ({ sellerPage }) => {
  await openSellerPage(sellerPage, "/seller/product-list");
  const pages = sellerPage.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "← First page" })).toHaveCount(0);
  const firstRow = await sellerPage.getByRole("switch").first().getAttribute("aria-label");
  await pages.getByRole("link", { name: "Next page →" }).click();
  await expect(sellerPage).toHaveURL(/\/seller\/product-list\?cursor=/);
  await expect(sellerPage.getByRole("switch").first()).not.toHaveAttribute("aria-label", firstRow!);
  await pages.getByRole("link", { name: "← First page" }).click();
  await expect(sellerPage).toHaveURL(/\/seller\/product-list\??$/);
  // (Not the same first row: a catalogue journey may add a product meanwhile, and the newest come first.)
  await expect(pages.getByRole("link", { name: "← First page" })).toHaveCount(0);
  await expect(pages.getByRole("link", { name: "Next page →" })).toBeVisible();
});
