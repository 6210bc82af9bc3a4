import type { Locator, Page } from "@playwright/test";
import { APPLE, POTATO, TOMATO, open, productCard } from "./support/app";
import { expect, test } from "./support/fixtures";

const sortLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Sort by" }).getByRole("link", { name, exact: true });

/** The top bar's search box (the visible one: the phone layout has its own under the bar). */
function searchBox(page: Page): Locator {
  return page.getByRole("search").getByRole("combobox", { name: "Search products" });
}

async function searchFromTopBar(page: Page, text: string) {
  const box = searchBox(page);
  await box.fill(text);
  await box.press("Enter");
}

/** Requests to `url` wait until the returned function is called, then go on (the page may have given up on one meanwhile). */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The names of the listed products, in order. */
function cardNames(page: Page) {
  return page.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
}

test.describe("search from the top bar", () => {
  test("typing tomato lists Tomato 1 kg and not Potato 500g", async ({ page }) => {
    await open(page, "/");
    await searchFromTopBar(page, "tomato");

    await expect(page).toHaveURL("/products?search=tomato");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “tomato”");
    await expect(productCard(page, TOMATO.name)).toBeVisible();
    await expect(productCard(page, POTATO.name)).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(1);
    // The box keeps what was searched.
    await expect(searchBox(page)).toHaveValue("tomato");
  });

  test("search is case-insensitive (TOMATO) and the search button submits too", async ({ page }) => {
    await open(page, "/products");
    await searchBox(page).fill("TOMATO");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();

    await expect(page).toHaveURL("/products?search=TOMATO");
    await expect(productCard(page, TOMATO.name)).toBeVisible();
    await expect(productCard(page, POTATO.name)).toHaveCount(0);
  });

  test("plurals and Indian names find the product: tomatoes, aloo, doodh, atta", async ({ page }) => {
    for (const [text, name] of [
      ["tomatoes", TOMATO.name],
      ["aloo", POTATO.name],
      ["doodh", "Amul Milk 1L"],
      ["atta", "Wheat Flour 5kg"],
    ]) {
      await open(page, `/products?search=${text}`);
      await expect(page.getByRole("article"), text).toHaveCount(1);
      await expect(productCard(page, name!), text).toBeVisible();
    }
  });

  test("a typo shows the close match and offers the right spelling", async ({ page }) => {
    await open(page, "/");
    await searchFromTopBar(page, "bananna");
    await expect(page).toHaveURL("/products?search=bananna");
    await expect(productCard(page, "Banana 1 kg")).toBeVisible();
    await expect(page.getByText("Nothing matches “bananna” exactly; showing close matches.")).toBeVisible();
    await page.getByRole("link", { name: "banana", exact: true }).click();
    await expect(page).toHaveURL("/products?search=banana");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “banana”");
    await expect(page.getByText(/showing close matches/)).toHaveCount(0);
  });

  test("a search with no match says so and is no dead end: popular categories lead on", async ({ page }) => {
    await open(page, "/");
    await searchFromTopBar(page, "durian");
    await expect(page).toHaveURL("/products?search=durian");
    await expect(page.getByText("No products match “durian”.")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Popular categories" })).toBeVisible();
    await page.getByRole("link", { name: "Fresh Fruits" }).click();
    await expect(page).toHaveURL("/products/fruits");
    await expect(productCard(page, APPLE.name)).toBeVisible();
  });

  test("no match inside a category offers the same search in every category", async ({ page }) => {
    await open(page, "/products?search=tomato&category=Dairy");
    await expect(page.getByText("No products match “tomato” in Dairy.")).toBeVisible();
    await page.getByRole("link", { name: "Search every category for “tomato”" }).click();
    await expect(page).toHaveURL("/products?search=tomato");
    await expect(productCard(page, TOMATO.name)).toBeVisible();
  });
});

// The same journeys on a desktop and on a phone (the @mobile project runs the second).
for (const device of ["desktop", "phone @mobile"]) {
  test.describe(`typeahead on a ${device}`, () => {
    test("a typo: suggestions as you type, arrows and Enter open the product", async ({ page }) => {
      await open(page, "/");
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially("aple");
      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(list.getByRole("option", { name: /Apple 1 kg/ })).toBeVisible();
      await expect(page.getByText("Showing results for apple")).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      // Screen readers hear how many there are.
      await expect(page.getByRole("status").filter({ hasText: "suggestion" })).toHaveText("1 suggestion for apple. Use the up and down arrows to choose.");

      await box.press("ArrowDown");
      const option = list.getByRole("option", { name: /Apple 1 kg/ });
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
      await box.press("Enter");
      await expect(page).toHaveURL(`/products/fruits/${APPLE.id}`);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(APPLE.name);
      // The search is left behind: the box is empty, its count gone, the focus on the product's heading (a phone's keyboard closes).
      await expect(box).toHaveValue("");
      await expect(page.getByRole("status").filter({ hasText: "suggestion" })).toHaveCount(0);
      await expect(heading).toBeFocused();
    });

    test("a synonym: aloo suggests potatoes; Escape closes, Up wraps, Enter opens", async ({ page }) => {
      await open(page, "/products");
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially("aloo");
      const list = page.getByRole("listbox", { name: "Suggestions" });
      const potato = list.getByRole("option", { name: /Potato 500g/ });
      await expect(potato).toBeVisible();
      await expect(list.getByRole("option")).toHaveCount(1);

      await box.press("Escape");
      await expect(list).toBeHidden();
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await expect(box).toHaveValue("aloo");

      await box.press("ArrowUp");
      await expect(potato).toHaveAttribute("aria-selected", "true");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/products\/vegetables\/seed-potato-500g$/);
    });

    if (device === "desktop") {
      test("Enter while suggestions are on their way: they never open over the results", async ({ page }) => {
        await open(page, "/");
        const release = await holdRequests(page, "**/api/product/suggest?*");
        const box = searchBox(page);
        await box.click();
        const asked = page.waitForRequest("**/api/product/suggest?*");
        await box.pressSequentially("aloo");
        const request = await asked;
        const settled = new Promise<void>((done) => {
          const check = (r: typeof request) => r === request && done();
          page.on("requestfinished", check);
          page.on("requestfailed", check);
        });
        await box.press("Enter");
        await expect(page).toHaveURL("/products?search=aloo");
        await expect(page.getByRole("heading", { name: /Results for/i })).toBeVisible();

        release();
        await settled;
        // Two frames: time for an answer that did arrive to be rendered.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
      });
    }

    if (device === "desktop") {
      test("Enter before the suggestions' code has arrived: it never opens them over the results", async ({ page }) => {
        await open(page, "/");
        const release = await holdRequests(page, "**/assets/Suggestions-*.js");
        const box = searchBox(page);
        const loaded = page.waitForResponse("**/assets/Suggestions-*.js");
        // A pasted word (or a phone keyboard's suggestion) and Enter at once.
        await box.fill("doodh");
        await box.press("Enter");
        await expect(page).toHaveURL("/products?search=doodh");
        await expect(page.getByRole("heading", { name: /Results for/i })).toBeVisible();

        let asked = 0;
        page.on("request", (request) => void (request.url().includes("/api/product/suggest") && asked++));
        release();
        await loaded;
        await expect(box).toHaveAttribute("aria-controls", /suggestions/); // the code is in
        await expect(box).toBeFocused();
        // Longer than the typing pause and an answer from the local server.
        await page.waitForTimeout(600);
        expect(asked).toBe(0);
        await expect(box).toHaveAttribute("aria-expanded", "false");
        await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
        // Typing again asks again.
        await box.fill("");
        await box.pressSequentially("doodh");
        await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
      });
    }

    test("Enter without choosing a suggestion searches, as the plain form does", async ({ page }) => {
      await open(page, "/");
      const box = searchBox(page);
      await box.click();
      await box.pressSequentially("rice");
      await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option")).toHaveCount(2);
      await box.press("Enter");
      await expect(page).toHaveURL("/products?search=rice");
      await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
      // The address changes as the navigation commits; the list renders a moment later.
      await expect.poll(() => cardNames(page)).toEqual(["Basmati Rice 5kg", "Brown Rice 1kg"]);
      await expect(box).toHaveValue("rice");

      // Elsewhere (a client-side navigation), the box no longer holds the old search; Back brings it again.
      await page.getByRole("banner").getByRole("link", { name: "GreenBasket" }).click();
      await expect(page).toHaveURL("/");
      await expect(box).toHaveValue("");
      await page.goBack();
      await expect(page).toHaveURL("/products?search=rice");
      await expect(box).toHaveValue("rice");
    });
  });

  test.describe(`sort and filter on a ${device}`, () => {
    test("category chips and the sort links, in the URL, by keyboard: one action sorts", async ({ page }) => {
      await open(page, "/products");
      const chips = page.getByRole("navigation", { name: "Filter by category" });
      await expect(chips.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
      await chips.getByRole("link", { name: "Fruits" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/products?category=Fruits");
      await expect(chips.getByRole("link", { name: "Fruits" })).toHaveAttribute("aria-current", "page");
      await expect.poll(async () => (await cardNames(page)).sort()).toEqual(["Apple 1 kg", "Banana 1 kg", "Grapes 500g", "Mango 1 kg", "Orange 1 kg"]);

      // One action sorts; reaching the link by keyboard goes nowhere until Enter.
      await sortLink(page, "Price: low to high").focus();
      await expect(page).toHaveURL("/products?category=Fruits");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/products?category=Fruits&sort=price-asc");
      await expect.poll(() => cardNames(page)).toEqual(["Banana 1 kg", "Grapes 500g", "Orange 1 kg", "Apple 1 kg", "Mango 1 kg"]);

      await sortLink(page, "Price: high to low").click();
      await expect.poll(() => cardNames(page)).toEqual(["Mango 1 kg", "Apple 1 kg", "Orange 1 kg", "Grapes 500g", "Banana 1 kg"]);

      await sortLink(page, "Discount").click();
      await expect(page).toHaveURL("/products?category=Fruits&sort=discount");
      await expect.poll(() => cardNames(page)).toEqual(["Banana 1 kg", "Apple 1 kg", "Grapes 500g", "Mango 1 kg", "Orange 1 kg"]);
      // The chips keep the sort; "All" lifts the filter.
      await chips.getByRole("link", { name: "All" }).click();
      await expect(page).toHaveURL("/products?sort=discount");
    });

    test("a category's own page (where the home page's tiles go) sorts at its own address, and has the chips", async ({ page }) => {
      await open(page, "/products/fruits");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fresh Fruits");
      const chips = page.getByRole("navigation", { name: "Filter by category" });
      await expect(chips.getByRole("link", { name: "Fruits" })).toHaveAttribute("aria-current", "page");
      await sortLink(page, "Price: low to high").click();
      await expect(page).toHaveURL("/products/fruits?sort=price-asc");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fresh Fruits");
      await expect.poll(() => cardNames(page)).toEqual(["Banana 1 kg", "Grapes 500g", "Orange 1 kg", "Apple 1 kg", "Mango 1 kg"]);
      await expect(sortLink(page, "Price: low to high")).toHaveAttribute("aria-current", "page");
      // Another chip goes to the whole listing, filtered, the sort kept.
      await chips.getByRole("link", { name: "Dairy" }).click();
      await expect(page).toHaveURL("/products?category=Dairy&sort=price-asc");
    });
  });
}

test.describe("search text", () => {
  test("control characters in the search (NUL, tab, newline) are spaces, never a 500, on the shop's and the seller's lists", async ({
    request,
    sellerRequest,
  }) => {
    for (const search of ["Tomato%001%20kg", "Tomato%091%0Akg", "ab%00cd", "%00%00%00"]) {
      const response = await request.get(`/products?search=${search}`);
      expect(response.status(), search).toBe(200);
      const html = await response.text();
      if (search.startsWith("Tomato")) expect(html, search).toContain("Results for “Tomato 1 kg”");
      expect(html, search).not.toContain("\u0000");
    }
    const list = await sellerRequest.get("/seller/product-list?q=Tomato%001%20kg");
    expect(list.status()).toBe(200);
    expect(await list.text()).toContain("Tomato 1 kg");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search box is a plain form; sort and filter are rendered by the server", async ({ page }) => {
    await page.goto("/");
    await searchFromTopBar(page, "rice");
    await expect(page).toHaveURL("/products?search=rice");
    await expect.poll(() => cardNames(page)).toEqual(["Basmati Rice 5kg", "Brown Rice 1kg"]);

    await sortLink(page, "Price: low to high").click();
    await expect(page).toHaveURL("/products?search=rice&sort=price-asc");
    await expect.poll(() => cardNames(page)).toEqual(["Brown Rice 1kg", "Basmati Rice 5kg"]);

    await page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Dairy" }).click();
    await expect(page).toHaveURL("/products?search=rice&category=Dairy&sort=price-asc");
    await expect(page.getByText("No products match “rice” in Dairy.")).toBeVisible();
  });
});

test.describe("on a phone @mobile", () => {
  test("the search box's focus ring is the pill around it, not a square clipped inside it", async ({ page }) => {
    await open(page, "/");
    const box = searchBox(page);
    await box.focus();
    const rings = await box.evaluate((input) => ({
      input: getComputedStyle(input).outlineStyle,
      pill: getComputedStyle(input.closest("form")!).outlineStyle,
      pillWidth: getComputedStyle(input.closest("form")!).outlineWidth,
    }));
    expect(rings).toEqual({ input: "none", pill: "solid", pillWidth: "2px" });
  });

  test("the search box is on the first screen, not behind the menu", async ({ page }) => {
    await open(page, "/");
    const box = searchBox(page);
    await expect(box).toBeVisible();
    const bounds = (await box.boundingBox())!;
    expect(bounds.y + bounds.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await box.tap();
    await box.fill("banana");
    await box.press("Enter");
    await expect(page).toHaveURL("/products?search=banana");
    await expect(page.getByRole("article")).toHaveCount(1);
  });

  test("the menu closes on a tap outside it and on Escape", async ({ page }) => {
    await open(page, "/products");
    const menu = page.getByLabel("Menu", { exact: true });
    const allProduct = page.getByRole("banner").getByRole("link", { name: "All Products", exact: true });
    await menu.tap();
    await expect(allProduct).toBeVisible();
    await page.getByRole("heading", { level: 1 }).tap({ position: { x: 5, y: 5 } });
    await expect(allProduct).toBeHidden();
    await expect(page).toHaveURL("/products");

    await menu.tap();
    await expect(allProduct).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(allProduct).toBeHidden();
    await expect(menu).toBeFocused();
  });
});
