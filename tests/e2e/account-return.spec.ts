/**
 * Accounts return the shopper to where they were: sign-up and login from the cart come back to
 * the cart with a welcome, with and without JavaScript (which names the saved items a login adds to
 * a guest's cart); a failed login's error stays with the
 * login form; a guest's Place Order without JavaScript goes to sign in and back; the seller's
 * login answers a no-JavaScript failure with its page, and a failed attempt's toast does not
 * outlive the login that follows.
 */
import type { Page } from "@playwright/test";
import { APPLE, clickAndLoad, expectCartCount, open, RICE, stopPageClock, waitForHydration } from "./support/app";
import { accountMenu, addToCartFromProductPage, loginDialog, loginLink, logoutByApi, newShopper, phoneAccountSection, SELLER } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const cartLine = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

/** The top bar's Login (on a phone, inside the menu). */
async function openLoginDialog(page: Page, phone: boolean) {
  if (phone) await page.getByLabel("Menu", { exact: true }).tap();
  await loginLink(page).filter({ visible: true }).click();
  await expect(loginDialog(page)).toBeVisible();
}

for (const device of ["desktop", "phone @mobile"] as const) {
  const phone = device !== "desktop";

  test.describe(`accounts on a ${device}`, () => {
    test("sign-up from the cart returns to the cart, with the cart and a welcome", async ({ page }, testInfo) => {
      const shopper = newShopper(testInfo, "Meera Iyer");
      await addToCartFromProductPage(page, APPLE, { signedIn: false });
      await open(page, "/cart");
      await openLoginDialog(page, phone);
      const dialog = loginDialog(page);
      await dialog.getByRole("link", { name: "Sign up", exact: true }).click();
      await expect(dialog.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
      await dialog.getByLabel("Name").fill(shopper.name);
      await dialog.getByLabel("Email").fill(shopper.email);
      await dialog.getByLabel("Password").fill(shopper.password);
      await dialog.getByRole("button", { name: "Create Account" }).click();

      await expect(page.getByRole("status").getByText("Welcome, Meera! Your account is ready.")).toBeVisible();
      await expect(page).toHaveURL("/cart");
      await expect(dialog).toBeHidden();
      if (phone) await page.getByLabel("Menu", { exact: true }).tap();
      await expect(phone ? phoneAccountSection(page, shopper.name) : accountMenu(page, shopper.name)).toBeVisible();
      await expect(cartLine(page, APPLE.name)).toHaveCount(1);
      await expectCartCount(page, 1);
      // Read once: a reload does not welcome again.
      await page.reload();
      await expect(cartLine(page, APPLE.name)).toHaveCount(1);
      await expect(page.getByRole("status").getByText("Welcome, Meera! Your account is ready.")).toHaveCount(0);
    });

    test("logging in with a guest cart says what the account had saved joins it, and the cart shows both", async ({ page, shopper }) => {
      await addToCartFromProductPage(page, RICE, { signedIn: true });
      await logoutByApi(page);
      await addToCartFromProductPage(page, APPLE, { signedIn: false });
      await open(page, "/cart");
      await openLoginDialog(page, phone);
      const dialog = loginDialog(page);
      await dialog.getByLabel("Email").fill(shopper.email);
      await dialog.getByLabel("Password").fill(shopper.password);
      await dialog.getByRole("button", { name: "Login", exact: true }).click();

      await expect(
        page.getByRole("status").getByText(`Welcome back, ${shopper.name.split(" ")[0]}! Your cart also has 1 item you saved earlier.`),
      ).toBeVisible();
      await expect(page).toHaveURL("/cart");
      await expect(cartLine(page, APPLE.name)).toHaveCount(1);
      await expect(cartLine(page, RICE.name)).toHaveCount(1);
      await expectCartCount(page, 2);
    });

    if (!phone) {
      test("a failed login's error stays with the login form: the sign-up form starts clean", async ({ page, shopper }) => {
        await logoutByApi(page);
        await open(page, "/products");
        await openLoginDialog(page, phone);
        const dialog = loginDialog(page);
        await dialog.getByLabel("Email").fill(shopper.email);
        await dialog.getByLabel("Password").fill("not-the-right-one");
        await dialog.getByRole("button", { name: "Login", exact: true }).click();
        await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");

        await dialog.getByRole("link", { name: "Sign up", exact: true }).click();
        await expect(dialog.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
        await expect(dialog.getByRole("alert")).toHaveCount(0);
        await expect(page.getByRole("status").getByText("Invalid email or password")).toHaveCount(0);
        await dialog.getByRole("link", { name: "Log in", exact: true }).click();
        await expect(dialog.getByRole("heading", { name: "User Login" })).toBeVisible();
        await expect(dialog.getByRole("alert")).toHaveCount(0);
      });
    }
  });

  test.describe(`accounts without JavaScript on a ${device}`, () => {
    test.use({ javaScriptEnabled: false });

    test("sign-up is reachable, and returns to the cart with a welcome", async ({ page }, testInfo) => {
      const shopper = newShopper(testInfo, "Kabir Shah");
      await page.goto(`/products/fruits/${APPLE.id}`);
      await clickAndLoad(page, page.getByRole("button", { name: "Add to Cart" }));
      await page.goto("/cart");
      await clickAndLoad(page, page.getByRole("link", { name: "Log in" }));
      await expect(page).toHaveURL("/login?redirectTo=/cart");
      await clickAndLoad(page, page.getByRole("link", { name: "Sign up", exact: true }));
      await expect(page).toHaveURL(/\/login\?mode=signup&redirectTo=%2Fcart$/);
      await expect(page.getByRole("heading", { name: "User Sign Up" })).toBeVisible();

      // A refused sign-up comes back to the sign-up form saying why.
      await page.getByLabel("Name").fill(shopper.name);
      await page.getByLabel("Email").fill(shopper.email);
      await page.getByLabel("Password").fill("password");
      await clickAndLoad(page, page.getByRole("button", { name: "Create Account" }));
      await expect(page.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText("That password is too easy to guess");
      // The toast leaves on its own timer; it offers no Dismiss button that could not work without JavaScript.
      await expect(page.getByRole("status").getByRole("button", { name: "Dismiss" })).toHaveCount(0);
      // In the form too, where it stays once the toast has gone: under the password, which has the focus.
      await expect(page.getByRole("alert")).toContainText("That password is too easy to guess");
      await expect(page.getByLabel("Password")).toBeFocused();
      await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/^That password is too easy to guess/);
      // The name and e-mail are still there; the password is asked for again.
      await expect(page.getByLabel("Name")).toHaveValue(shopper.name);
      await expect(page.getByLabel("Email")).toHaveValue(shopper.email);
      await expect(page.getByLabel("Password")).toHaveValue("");

      await page.getByLabel("Password").fill(shopper.password);
      await clickAndLoad(page, page.getByRole("button", { name: "Create Account" }));
      await expect(page).toHaveURL("/cart");
      await expect(page.getByRole("status")).toContainText("Welcome, Kabir! Your account is ready.");
      await expect(cartLine(page, APPLE.name)).toHaveCount(1);
    });

    test("a guest's Place Order goes to log in, then back to the cart; a wrong password says so", async ({ page, shopper }) => {
      await logoutByApi(page);
      await page.goto(`/products/fruits/${APPLE.id}`);
      await clickAndLoad(page, page.getByRole("button", { name: "Add to Cart" }));
      await page.goto("/cart");
      await clickAndLoad(page, page.getByRole("button", { name: "Place Order" }));
      await expect(page).toHaveURL("/login?redirectTo=%2Fcart");
      await expect(page.getByRole("status")).toContainText("Please log in to place your order");

      await page.getByLabel("Email").fill(shopper.email);
      await page.getByLabel("Password").fill("not-the-right-one");
      await clickAndLoad(page, page.getByRole("button", { name: "Login", exact: true }));
      await expect(page).toHaveURL("/login?redirectTo=%2Fcart");
      await expect(page.getByRole("status")).toContainText("Invalid email or password");
      await expect(page.getByLabel("Email")).toHaveValue(shopper.email);

      await page.getByLabel("Password").fill(shopper.password);
      await clickAndLoad(page, page.getByRole("button", { name: "Login", exact: true }));
      await expect(page).toHaveURL("/cart");
      await expect(page.getByRole("status")).toContainText(`Welcome back, ${shopper.name.split(" ")[0]}!`);
      await expect(page.getByRole("status")).not.toContainText("Invalid email or password");
      await expect(cartLine(page, APPLE.name)).toHaveCount(1);
    });
  });
}

/** The seller login form (on whatever page shows it), filled and sent. */
async function sellerLogsIn(page: Page, password: string) {
  await page.getByLabel("Email").fill(SELLER.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test.describe("the seller's login", () => {
  test("a failed attempt's toast does not outlive the login that follows", async ({ page }) => {
    // Time stands still: the error could not simply have timed out by the time the login succeeds.
    await stopPageClock(page.clock);
    await page.goto("/seller");
    await waitForHydration(page, "form", { clockStopped: true });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
    await sellerLogsIn(page, "not-the-password");
    await expect(page.getByRole("status").getByText("Invalid email or password")).toBeVisible();

    // A refused login is a new page (/seller/login, ADR 043): the form starts empty again, still bound for the page asked for.
    await expect(page).toHaveURL("/seller/login?redirectTo=%2Fseller");
    await sellerLogsIn(page, SELLER.password);
    await expect(page.getByText("Hi! Admin")).toBeVisible();
    // Gone (fading out, hidden from assistive technology), not left to time out.
    await expect(page.getByRole("status").locator(':scope > div:not([aria-hidden="true"])').filter({ hasText: "Invalid email or password" })).toHaveCount(0);
  });

  test("logging in on a seller page asked for goes on to that page, through a refusal too", async ({ page }) => {
    await page.goto("/seller/orders?status=Packed");
    await waitForHydration(page, "form");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
    await sellerLogsIn(page, "not-the-password");
    await expect(page.getByRole("status").getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL("/seller/login?redirectTo=%2Fseller%2Forders%3Fstatus%3DPacked");

    await sellerLogsIn(page, SELLER.password);
    await expect(page).toHaveURL("/seller/orders?status=Packed");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders List");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a refused login comes back to the login page with the message, not JSON", async ({ page }) => {
      await page.goto("/seller/login");
      await expect(page.getByRole("heading", { name: "Seller Login" })).toBeVisible();
      await expect(page).toHaveTitle(/Seller Login/);
      await page.getByLabel("Email").fill(SELLER.email);
      await page.getByLabel("Password").fill("not-the-password");
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/seller/login" && r.request().method() === "GET");
      await clickAndLoad(page, page.getByRole("button", { name: "Login", exact: true }));
      expect((await answer).headers()["content-type"]).toMatch(/^text\/html/);
      await expect(page).toHaveURL("/seller/login");
      await expect(page.getByRole("heading", { name: "Seller Login" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText("Invalid email or password");
      await expect(page.getByLabel("Email")).toHaveValue(SELLER.email);
      await expect(page.getByLabel("Password")).toHaveValue("");
    });
  });
});
