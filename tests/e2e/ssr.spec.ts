import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { APPLE, BEST_SELLERS, open } from "./support/app";
import { appOrigin } from "./support/orders";
import { committedFloor, CSS_BUDGET_KB, firstLoad, OWN_JS_BUDGET_KB } from "../../bench/first-load.ts";

test.describe("pages come from the server with their data", () => {
  test("the raw HTML of /products already lists the catalogue", async ({ page }) => {
    const response = await page.request.get("/products");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    for (const name of ["Potato 500g", "Tomato 1 kg", "Apple 1 kg", "Amul Milk 1L", "Pepsi 1.5L"]) expect(html).toContain(name);
    expect(html).toContain("All Products");
    expect(html).toContain("₹110");
    // 35 products, 20 a page: the first page links to the next.
    expect(html).toContain("Load more");
  });

  test("the raw HTML of a product page and of the home page carry their data", async ({ page }) => {
    const product = await (await page.request.get(`/products/fruits/${APPLE.id}`)).text();
    expect(product).toContain(`<title>${APPLE.name} | GreenBasket</title>`);
    expect(product).toContain("Crisp and juicy");
    expect(product).toContain("₹110");

    const home = await (await page.request.get("/")).text();
    for (const name of BEST_SELLERS) expect(home).toContain(name);
  });

  test("a cart cookie is read on the server: the first HTML shows its count and lines", async ({ page }) => {
    const html = await (await page.request.get("/cart", { headers: { cookie: `cart=${encodeURIComponent(`${APPLE.id}:3`)}` } })).text();
    expect(html).toContain("Cart, 3 items");
    expect(html).toContain(APPLE.name);
    expect(html).toContain("₹336.60"); // 3 × ₹110 + 2% tax
  });

  // @catalogue: counts exactly the seeded products, so it runs where no journey adds one meanwhile (support/fixtures.ts).
  test("Load more appends the next page of products", { tag: CATALOGUE_TAG }, async ({ page }) => {
    await open(page, "/products");
    await expect(page.getByRole("article")).toHaveCount(20);
    // By keyboard: the focus goes on to the first product the page added (the link pressed is gone with the last page).
    await page.getByRole("link", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("article")).toHaveCount(35);
    await expect(page.getByRole("article").nth(20).getByRole("link").first()).toBeFocused();
    await expect(page.getByRole("heading", { name: "Oats Noodles 72g" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    await expect(page).toHaveURL("/products");

    // A product from the appended page, then Back: the list is whole again, scrolled back to it.
    const product = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Oats Noodles 72g" }) });
    await product.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Oats Noodles 72g" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("article")).toHaveCount(35);
    await expect(product).toBeInViewport();
  });

  // A search's sold-out matches come with its last page: after Load more too, not only when the first page is the last.
  test(
    "a search longer than a page names its sold-out matches once Load more reaches its end",
    { tag: CATALOGUE_TAG },
    async ({ page, sellerRequest, catalogueChanges }) => {
      const word = `Pagedsearch${Array.from({ length: 6 }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("")}`;
      const { products } = (await (await sellerRequest.get("/api/product/list?limit=1")).json()) as { products: { image: string[] }[] };
      const names = Array.from({ length: 22 }, (_, i) => `${word} Mango ${i + 1}`);
      names.forEach((name) => catalogueChanges.added(name));
      // 21 on sale and the last one with none left: one import, as a seller would add a range.
      const csv = [
        "name,category,price,offer_price,stock,images",
        ...names.map((name, i) => `${name},Vegetables,50,40,${i === 21 ? 0 : 5},${products[0]!.image[0]}`),
      ].join("\n");
      const imported = await sellerRequest.post("/api/product/import", { data: csv, headers: { "Content-Type": "text/csv", Origin: appOrigin() } });
      expect(imported.status(), await imported.text()).toBe(200);

      await open(page, `/products?search=${word}`);
      await expect(page.getByRole("article")).toHaveCount(20);
      const soldOut = page.getByRole("region", { name: "Also matching, out of stock right now" });
      await expect(soldOut).toHaveCount(0);
      await page.getByRole("link", { name: "Load more" }).click();
      await expect(page.getByRole("article")).toHaveCount(21);
      await expect(soldOut.getByRole("link")).toHaveText(`${names[21]}Out of stock`);
    },
  );

  // The listing stays mounted from /products to a search: the loaded pages must start again.
  // @catalogue: it counts the seeded products too.
  test("a search after Load more shows only its own results", { tag: CATALOGUE_TAG }, async ({ page }) => {
    await open(page, "/products");
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page.getByRole("article")).toHaveCount(35);
    const search = page.getByRole("search").first();
    await search.getByRole("combobox", { name: "Search products" }).fill("rice");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/products?search=rice");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("rice");
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Basmati Rice 5kg" })).toBeVisible();
  });

  // Issue #6: the first screen's largest image is fetched first, sized and in a modern format;
  // the others wait (lazy, still sized so nothing shifts). ADR 016.
  for (const path of ["/", "/products", `/products/fruits/${APPLE.id}`]) {
    test(`${path}: the first screen's image comes first, other images are lazy and sized`, async ({ page }) => {
      await page.goto(path);
      const images = await page.locator("main img").evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: img.getAttribute("src") ?? "",
          priority: img.getAttribute("fetchpriority"),
          loading: img.getAttribute("loading"),
          sized: img.hasAttribute("width") && img.hasAttribute("height"),
        })),
      );
      const first = images.filter((image) => image.priority === "high");
      expect(first, "exactly one image fetched at high priority").toHaveLength(1);
      expect(first[0]!.src).toMatch(/\.(webp|avif|svg)$/);
      expect(first[0]!.loading).not.toBe("lazy");
      expect(
        images.every((image) => image.sized),
        "every image has a width and a height",
      ).toBe(true);
      expect(images.filter((image) => image.loading === "lazy").length, "images further down are lazy").toBeGreaterThan(0);
    });
  }

  // The hydrated page navigates in the browser: route modules are discovered lazily (/__manifest), never by loading a new document.
  test("following links in the browser loads no new document", async ({ page }) => {
    const documents: string[] = [];
    let opened = false;
    page.on("request", (request) => {
      if (opened && request.resourceType() === "document") documents.push(request.url());
    });
    await open(page, "/products");
    opened = true;
    // The top bar marks the page it is on, from the server's HTML and after each client navigation.
    const current = page.locator('header a[aria-current="page"]').filter({ visible: true });
    await expect(current).toHaveText("All Products");
    await page
      .getByRole("link", { name: new RegExp(APPLE.name) })
      .first()
      .click();
    await expect(page).toHaveURL(`/products/fruits/${APPLE.id}`);
    await expect(page.getByRole("heading", { level: 1, name: APPLE.name })).toBeVisible();
    await expect(current).toHaveCount(0);
    await page.getByRole("link", { name: "All Products", exact: true }).first().click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(current).toHaveText("All Products");
    expect(documents).toEqual([]);
  });
});

test.describe("first-load budgets (issue 36)", () => {
  for (const path of ["/", "/products", `/products/fruits/${APPLE.id}`, "/cart"]) {
    test(`${path} loads at most ${OWN_JS_BUDGET_KB} KB of the app's own JavaScript over React Router's floor and ${CSS_BUDGET_KB} KB of CSS, gzipped, and no third-party script`, async ({
      baseURL,
    }) => {
      // The floor as bench/framework-floor.ts measured it; this throws if React, React Router or Vite changed since.
      const floor = committedFloor();
      const load = await firstLoad(baseURL!, path);
      expect(load.js).toBeGreaterThan(floor.js); // it did find React and the router
      expect(load.js - floor.js).toBeLessThanOrEqual(OWN_JS_BUDGET_KB * 1024);
      expect(load.css).toBeGreaterThan(1024);
      expect(load.css).toBeLessThanOrEqual(CSS_BUDGET_KB * 1024);
      expect(load.thirdParty).toBe(0);
    });
  }
});
