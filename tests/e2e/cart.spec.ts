import type { Page } from "@playwright/test";
import { APPLE, RICE, TOMATO, cartLink, clickAndLoad, expectCartCount, open, productCard, reload } from "./support/app";
import { addToCartFromProductPage, clickAndSave } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("cart basics on the product list", () => {
  test("Add, +, reload, − − : the count follows and the cart lives in a cookie", async ({ page, context }) => {
    await open(page, "/products");
    await expectCartCount(page, 0);
    const card = productCard(page, APPLE.name);

    await card.getByRole("button", { name: `Add ${APPLE.name} to cart` }).click();
    await expect(page.getByRole("status").getByText("Added To Cart")).toBeVisible();
    await expectCartCount(page, 1);
    await expect(card.getByRole("button", { name: `Add ${APPLE.name} to cart` })).toHaveCount(0);
    await expect(card.getByText(`${APPLE.name} in cart:`)).toBeAttached();
    await expect(card.getByRole("button", { name: `Remove one ${APPLE.name}` })).toBeVisible();
    await expect(card).toContainText(/in cart:\s*1/);

    await clickAndSave(page, card.getByRole("button", { name: `Add one more ${APPLE.name}` }));
    await expectCartCount(page, 2);
    await expect(card).toContainText(/in cart:\s*2/);
    // The URL did not change: the hydrated app updated in place.
    await expect(page).toHaveURL("/products");

    const cookie = (await context.cookies()).find((c) => c.name === "cart");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe(`${APPLE.id}:2`);

    await reload(page);
    await expectCartCount(page, 2);
    await expect(card).toContainText(/in cart:\s*2/);

    await open(page, "/products"); // hydrated again after the reload
    await card.getByRole("button", { name: `Remove one ${APPLE.name}` }).click();
    await expectCartCount(page, 1);
    await expect(card).toContainText(/in cart:\s*1/);
    await clickAndSave(page, card.getByRole("button", { name: `Remove one ${APPLE.name}` }));
    await expectCartCount(page, 0);
    await expect(card.getByRole("button", { name: `Add ${APPLE.name} to cart` })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "cart" && c.value !== "")).toBeUndefined();

    await reload(page);
    await expectCartCount(page, 0);
    await expect(card.getByRole("button", { name: `Add ${APPLE.name} to cart` })).toBeVisible();
  });

  test("two products added while the first is still being saved: both stay in a guest's cart, in one post after the first", async ({ page }) => {
    await open(page, "/products");
    // The first post is held until the second product has been added.
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const posted: string[][] = [];
    await page.route(
      (url) => url.pathname === "/cart.data",
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posted.push(new URLSearchParams(route.request().postData() ?? "").getAll("productId"));
        if (posted.length === 1) await firstHeld;
        await route.continue();
      },
    );
    await productCard(page, APPLE.name)
      .getByRole("button", { name: `Add ${APPLE.name} to cart` })
      .click();
    await productCard(page, TOMATO.name)
      .getByRole("button", { name: `Add ${TOMATO.name} to cart` })
      .click();
    await expectCartCount(page, 2);
    // The count is the one on its way: the cart link says it is busy until every change is saved.
    await expect(cartLink(page)).toHaveAttribute("aria-busy", "true");
    // Posts never overlap (answers landing out of order would undo a change): the second waits for the first.
    // (The first post may still be on its way to the held route: the count shows before the post leaves.)
    await expect.poll(() => posted).toEqual([[APPLE.id]]);
    const second = page.waitForResponse((r) => new URL(r.url()).pathname === "/cart.data" && r.request().method() === "POST" && posted.length === 2);
    releaseFirst();
    await second;
    expect(posted).toHaveLength(2);
    expect(posted[1]).toHaveLength(1);
    expect(posted[1]).not.toContain(APPLE.id);
    await expect(cartLink(page)).not.toHaveAttribute("aria-busy", "true");
    await page.unrouteAll();
    await reload(page);
    await expectCartCount(page, 2);
  });

  test("the cart page starts empty in a fresh browser", async ({ page }) => {
    await open(page, "/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart is empty");
    await page.getByRole("link", { name: "Continue shopping" }).click();
    await expect(page).toHaveURL("/products");
  });

  test("without JavaScript the Add and − buttons post the form and come back to the list", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products?search=apple");
    const card = productCard(page, APPLE.name);

    await clickAndLoad(page, card.getByRole("button", { name: `Add ${APPLE.name} to cart` }));
    await expect(page).toHaveURL("/products?search=apple");
    await expectCartCount(page, 1);
    await clickAndLoad(page, card.getByRole("button", { name: `Add one more ${APPLE.name}` }));
    await expectCartCount(page, 2);
    await expect(card).toContainText(/in cart:\s*2/);

    await page.goto("/cart");
    await expect(page.getByRole("listitem").filter({ hasText: APPLE.name })).toHaveCount(1);

    await page.goto("/products?search=apple");
    await clickAndLoad(page, card.getByRole("button", { name: `Remove one ${APPLE.name}` }));
    await clickAndLoad(page, card.getByRole("button", { name: `Remove one ${APPLE.name}` }));
    await expectCartCount(page, 0);
    await context.close();
  });

  test("a cart form naming an unknown product changes nothing", async ({ request }) => {
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const bad = await request.post("/cart?redirectTo=/products", { form: { intent: "add", productId: "../etc" }, headers: { origin }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    expect(bad.headers()["set-cookie"] ?? "").not.toMatch(/(^|\n)cart=/);
  });
});

test.describe("a cart change while the page's data is read again", () => {
  /**
   * A fetcher's post (here the newsletter) makes React Router read the root's data again. That
   * answer was computed from the cart as it was when it was asked for; a product added while it is
   * on its way must not be undone when it lands.
   */
  async function addWhileRevalidating(page: Page) {
    // The root's data is asked for again (once) with the cookies of that moment, and its answer is
    // held until the shopper has added a product.
    const cookiesWhenAsked = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        if (route.request().method() !== "GET" || !first) return route.continue();
        first = false;
        const response = await route.fetch({ headers: { ...route.request().headers(), cookie: cookiesWhenAsked } });
        await held;
        await route.fulfill({ response });
      },
    );
    const subscribe = page.getByRole("button", { name: "Subscribe" });
    await page.getByLabel("Your e-mail address").fill(`race-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`);
    const revalidation = page.waitForRequest((request) => request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data"));
    await subscribe.click();
    await revalidation;

    await page
      .getByRole("button", { name: /^Add .+ to cart$/ })
      .first()
      .click();
    await expectCartCount(page, 1);
    release();
    await expect(subscribe).toBeEnabled(); // the fetcher is idle: the older answer has landed
    await expect(page.getByRole("region", { name: "Never Miss a Deal!" }).getByRole("status")).toHaveText("Subscribed! Watch your inbox for our best deals.");
    await expectCartCount(page, 1);
  }

  test("a guest's added product stays in the cart", async ({ page, context }) => {
    await open(page, "/");
    await addWhileRevalidating(page);
    await reload(page); // once the add's post has landed
    expect(decodeURIComponent((await context.cookies()).find((c) => c.name === "cart")?.value ?? "")).toMatch(/:1$/);
    await expectCartCount(page, 1);
  });

  test("a signed-in shopper's added product stays in the cart, saved", async ({ page, shopper: _ }) => {
    await open(page, "/");
    await addWhileRevalidating(page);
    await reload(page);
    await expectCartCount(page, 1);
  });
});

test("a cart open in two tabs: back in the other tab, it shows the cart as changed in the first, not as it was", async ({ page, context, shopper: _ }) => {
  await addToCartFromProductPage(page, APPLE, { signedIn: true });
  await addToCartFromProductPage(page, RICE, { signedIn: true, expectedCount: 2 });
  await open(page, "/cart");
  const other = await context.newPage();
  await open(other, "/cart");
  const line = (tab: Page, name: string) => tab.getByRole("listitem").filter({ has: tab.getByText(name, { exact: true }) });
  await expect(line(other, RICE.name)).toHaveCount(1);

  // In the first tab the rice goes and the apples become 3.
  await line(page, RICE.name)
    .getByRole("button", { name: `Remove ${RICE.name} from cart` })
    .click();
  await line(page, APPLE.name)
    .getByRole("button", { name: `Add one more ${APPLE.name}` })
    .click();
  await line(page, APPLE.name)
    .getByRole("button", { name: `Add one more ${APPLE.name}` })
    .click();
  await expectCartCount(page, 3);
  // Saved on the server (the first tab's changes are on their way a moment after the taps).
  const saved = async () => ((await (await page.request.get("/api/user/is-auth")).json()) as { user: { cartItems: Record<string, number> } }).user.cartItems;
  await expect.poll(saved).toEqual({ [APPLE.id]: 3 });

  // The shopper comes back to the other tab (the browser says it is visible again).
  await other.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(line(other, RICE.name)).toHaveCount(0);
  await expect(line(other, APPLE.name).getByTestId("quantity")).toHaveText(/in cart:\s*3$/);
  await expectCartCount(other, 3);
});
