import { open } from "./support/app";
import { expect, test } from "./support/fixtures";

const PAGES = [
  { path: "/privacy-policy", title: "Privacy Policy" },
  { path: "/terms-and-conditions", title: "Terms and Conditions" },
  { path: "/cancellation-refund", title: "Cancellation & Refund Policy" },
  { path: "/shipping-delivery", title: "Shipping And Delivery" },
  { path: "/contact-us", title: "Contact Us" },
];

test.describe("the store's text pages", () => {
  // Each page's status, title, heading and points: tests/worker/page-documents.test.ts.
  test("the footer's Need help? links lead to each page", async ({ page }) => {
    await open(page, "/");
    for (const info of PAGES) {
      await page.getByRole("navigation", { name: "Need help?" }).getByRole("link", { name: info.title, exact: true }).click();
      await expect(page).toHaveURL(info.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.title);
    }
    await page.getByRole("navigation", { name: "Quick Links" }).getByRole("link", { name: "All Products" }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  });

  test("/contact redirects permanently to /contact-us", async ({ page }) => {
    const response = await page.goto("/contact");
    await expect(page).toHaveURL("/contact-us");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/contact$/);
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  });

  test("/register and /signup, the addresses people type for a new account, lead to the sign-up form, with where it returns to", async ({ page }) => {
    for (const path of ["/register", "/signup"]) {
      const response = await page.goto(`${path}?redirectTo=%2Fcart`);
      await expect(page).toHaveURL("/login?mode=signup&redirectTo=%2Fcart");
      expect(
        await response
          ?.request()
          .redirectedFrom()
          ?.response()
          .then((r) => r?.status()),
      ).toBe(301);
      await expect(page.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
    }
    // An outside address to return to is not carried on: the login page keeps returns on this site.
    await page.goto("/register?redirectTo=https%3A%2F%2Fevil.example");
    await expect(page.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
    const signUp = page.locator("form").filter({ has: page.getByRole("button", { name: "Create Account" }) });
    await expect(signUp.locator("input[name=redirectTo]")).toHaveValue("/");
  });

  test("the top bar's Contact link goes straight to /contact-us and is marked as the current page there", async ({ page }) => {
    await open(page, "/products");
    const contact = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true });
    await expect(contact).toHaveAttribute("href", "/contact-us");
    await contact.click();
    await expect(page).toHaveURL("/contact-us");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(page.locator('header a[aria-current="page"]').filter({ visible: true })).toHaveText("Contact");
  });
});
