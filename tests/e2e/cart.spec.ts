import { APPLE, clickAndLoad, expectCartCount, open, productCard } from "./support/app";
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

    await card.getByRole("button", { name: `Add one more ${APPLE.name}` }).click();
    await expectCartCount(page, 2);
    await expect(card).toContainText(/in cart:\s*2/);
    // The URL did not change: the hydrated app updated in place.
    await expect(page).toHaveURL("/products");

    const cookie = (await context.cookies()).find((c) => c.name === "cart");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe(`${APPLE.id}:2`);

    await page.reload();
    await expectCartCount(page, 2);
    await expect(card).toContainText(/in cart:\s*2/);

    await open(page, "/products"); // hydrated again after the reload
    await card.getByRole("button", { name: `Remove one ${APPLE.name}` }).click();
    await expectCartCount(page, 1);
    await expect(card).toContainText(/in cart:\s*1/);
    await card.getByRole("button", { name: `Remove one ${APPLE.name}` }).click();
    await expectCartCount(page, 0);
    await expect(card.getByRole("button", { name: `Add ${APPLE.name} to cart` })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "cart" && c.value !== "")).toBeUndefined();

    await page.reload();
    await expectCartCount(page, 0);
    await expect(card.getByRole("button", { name: `Add ${APPLE.name} to cart` })).toBeVisible();
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

  test("a cart form posted with a foreign redirectTo stays on this site, and a bad product changes nothing", async ({ request }) => {
    const origin = new URL(test.info().project.use.baseURL!).origin;
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const response = await request.post(`/cart?redirectTo=${encodeURIComponent(target)}`, {
        form: { intent: "add", productId: APPLE.id },
        headers: { origin },
        maxRedirects: 0,
      });
      expect(response.status(), target).toBe(302);
      expect(response.headers()["location"], target).toBe("/");
    }
    const bad = await request.post("/cart?redirectTo=/products", { form: { intent: "add", productId: "../etc" }, headers: { origin }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    expect(bad.headers()["set-cookie"]).toBeUndefined();
  });
});
