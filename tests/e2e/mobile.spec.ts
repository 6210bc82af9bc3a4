import { APPLE, expectCartCount, open, productCard } from "./support/app";
import { expect, test } from "./support/fixtures";

test.describe("on a phone @mobile", () => {
  test("the menu leads to All Products, where a product goes into the cart", async ({ page }) => {
    await open(page, "/");
    // The desktop links are hidden; the hamburger is a <details> whose <summary> is labelled Menu.
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Products", exact: true })).toBeHidden();
    await expectCartCount(page, 0);

    await page.getByLabel("Menu", { exact: true }).tap();
    const allProduct = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Products", exact: true }).filter({ visible: true });
    await expect(allProduct).toBeVisible();
    // The menu marks the page it is on, as the desktop bar does.
    await expect(page.locator('header a[aria-current="page"]').filter({ visible: true })).toHaveText("Home");
    // The search box is not in the menu: it is on the first screen (search.spec.ts).
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("combobox", { name: "Search products" })).toHaveCount(0);

    await allProduct.tap();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");

    const card = productCard(page, "Tomato 1 kg");
    await card.getByRole("button", { name: "Add Tomato 1 kg to cart" }).tap();
    await expectCartCount(page, 1);
    await expect(card).toContainText(/in cart:\s*1/);
    await expect(page.getByRole("status").getByText("Added To Cart")).toBeVisible();
  });

  test("a product's picture takes the phone's width, and a single picture comes without a thumbnail to pick", async ({ page }) => {
    await open(page, `/products/fruits/${APPLE.id}`);
    const picture = page.getByRole("img", { name: APPLE.name, exact: true });
    await expect(picture).toBeVisible();
    await expect(page.getByRole("link", { name: /^Show image/ })).toHaveCount(0);
    const frame = (await picture.locator("..").boundingBox())!;
    const content = (await page.getByRole("navigation", { name: "Breadcrumb" }).boundingBox())!;
    expect(frame.x).toBeCloseTo(content.x, 0);
    expect(frame.width).toBeGreaterThan(content.width - 2);
  });
});
