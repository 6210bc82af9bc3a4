/**
 * Shopper and seller helpers for the account, order, seller and security journeys: unique shoppers,
 * API shortcuts for a test's own set-up (an account, an address; the fixtures in fixtures.ts use
 * them), the login dialog, where the seller's saved session lives, and a guard that fails a test if
 * any page ever opens a JavaScript dialog.
 *
 * Set-up through the API runs in the test's own browser context (page.request shares its cookie
 * jar), so every test starts from nothing and leaves nothing another test relies on.
 */
import { expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { allCartChangesSaved, APPLE, expectCartCount, open, waitForHydration } from "./app";

// ---------------------------------------------------------------------------------------------
// Shoppers

export type Shopper = { name: string; email: string; password: string };

/** A sign-up password the app accepts (8+ characters, not a common one). */
export const SHOPPER_PASSWORD = "crisp-okra-2026";

/** A shopper no other test (or earlier run) has used: the e-mail carries the test's title. */
export function newShopper(testInfo: TestInfo, name = "Asha Rao"): Shopper {
  const slug = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name, email: `${slug}-${unique}@example.com`, password: SHOPPER_PASSWORD };
}

export type Address = {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
};

export function newAddress(shopper: Shopper, overrides: Partial<Address> = {}): Address {
  const [firstName = "Asha", lastName = "Rao"] = shopper.name.split(" ");
  return {
    firstName,
    lastName,
    email: shopper.email,
    street: "12 MG Road",
    city: "Bengaluru",
    state: "Karnataka",
    zipCode: "560001",
    country: "India",
    phone: "+91 98450 12345",
    ...overrides,
  };
}

/** Fill the add/edit address form (app/components/account/AddressForm.tsx) by its visible labels; the country is fixed to India. */
export async function fillAddressForm(page: Page, a: Address) {
  await page.getByLabel("First name").fill(a.firstName);
  await page.getByLabel("Last name").fill(a.lastName);
  await page.getByLabel("Email address").fill(a.email);
  await page.getByLabel("Mobile number").fill(a.phone);
  await page.getByLabel("Flat, house, street and area").fill(a.street);
  await page.getByLabel("City").fill(a.city);
  await page.getByLabel("State or union territory").selectOption(a.state);
  await page.getByLabel("PIN code").fill(a.zipCode);
  await expect(page.getByLabel("Country")).toHaveValue("India");
}

/** The one line an address is shown as on the cart page (and in its radio button's name). */
export function addressLine(a: Address): string {
  return `${a.firstName} ${a.lastName}, ${a.street}, ${a.city}, ${a.state} ${a.zipCode}, ${a.country}`;
}

function appOrigin(): string {
  return new URL(test.info().project.use.baseURL!).origin;
}

/** A same-origin JSON write, as the app's own pages make it (the CSRF guard wants an Origin). */
export async function postJson(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { Origin: appOrigin() } });
  const body = await response.text();
  expect(response.ok(), `POST ${path} answered ${response.status()}: ${body}`).toBe(true);
  return JSON.parse(body) as Record<string, unknown>;
}

/** Create the account through the API: the page's context is then signed in as this shopper. */
export async function registerByApi(page: Page, shopper: Shopper) {
  await postJson(page, "/api/user/register", shopper);
}

/** Sign out through the API (this context only). */
export async function logoutByApi(page: Page) {
  const response = await page.request.get("/api/user/logout");
  expect(response.ok()).toBe(true);
}

/** Save an address for the signed-in shopper; returns its id. */
export async function addAddressByApi(page: Page, address: Address): Promise<string> {
  const body = await postJson(page, "/api/address/add", { address });
  return (body.address as { _id: string })._id;
}

// ---------------------------------------------------------------------------------------------
// The top bar's account controls and the login dialog

export function loginLink(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login", exact: true });
}

export function loginDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Login" });
}

export function accountMenu(page: Page, name: string): Locator {
  // The desktop bar and the (hidden) phone menu each render one: the visible one is the one to use.
  return page.getByRole("navigation", { name: "Main" }).getByLabel(`Account menu for ${name}`, { exact: true }).filter({ visible: true });
}

/** On a phone the account's links are listed in the menu (open it first), under "Signed in as …", with no second pop-up. */
export function phoneAccountSection(page: Page, name: string): Locator {
  return page
    .getByRole("navigation", { name: "Main" })
    .getByRole("region", { name: "Your account" })
    .filter({ hasText: `Signed in as ${name}` });
}

/** Fill and send the dialog's login form. */
export async function logInThroughDialog(page: Page, shopper: Pick<Shopper, "email" | "password">) {
  const dialog = loginDialog(page);
  await expect(dialog.getByRole("heading", { name: "User Login" })).toBeVisible();
  await dialog.getByLabel("Email").fill(shopper.email);
  await dialog.getByLabel("Password").fill(shopper.password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
}

// ---------------------------------------------------------------------------------------------
// Cart and orders

/** Waits for the cart action's answer (a fetcher's POST to /cart): the change is saved. */
export function cartSaved(page: Page) {
  return page.waitForResponse((r) => new URL(r.url()).pathname === "/cart.data" && r.request().method() === "POST");
}

/** Click a cart button and wait until the change is saved (before a reload, say, which would abort the post). */
export async function clickAndSave(page: Page, button: Locator) {
  const saved = cartSaved(page);
  await button.click();
  expect((await saved).ok(), "the cart was saved").toBe(true);
  await allCartChangesSaved(page); // the post answered may have been an earlier change's
}

/** Put a product in the cart from its page ("Add to Cart") and wait until it is saved. */
export async function addToCartFromProductPage(
  page: Page,
  product: { id: string; category: string } = APPLE,
  { expectedCount = 1 }: { signedIn?: boolean; expectedCount?: number } = {},
) {
  await open(page, `/products/${product.category.toLowerCase()}/${product.id}`);
  const saved = cartSaved(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  expect((await saved).ok(), "the cart was saved").toBe(true);
  await expectCartCount(page, expectedCount);
  // And the root read again after it: a clean-clone run's next click, made during that read, left the page behind its URL (issue 36's notes).
  await allCartChangesSaved(page);
}

/** From a cart that holds products and a selected address: place a cash-on-delivery order (My Orders confirms it). */
export async function placeCodOrderFromCart(page: Page) {
  await open(page, "/cart");
  await expect(page.getByLabel("Payment Method")).toHaveValue("COD");
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(/\/my-orders\?placed=/);
}

/** A shopper's order cards on My Orders (newest first). */
export function orderCards(page: Page): Locator {
  return page.getByRole("main").getByRole("article", { name: /^Order / });
}

// ---------------------------------------------------------------------------------------------
// The seller

function devVars(): Record<string, string> {
  const root = join(import.meta.dirname, "..", "..", "..");
  const file = [".dev.vars", ".dev.vars.example"].map((name) => join(root, name)).find((path) => existsSync(path))!;
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.match(/^\s*([A-Z_]+)\s*=\s*(.*?)\s*$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}

/** The single seller account, as scripts/start.ts configures it (from .dev.vars). */
export const SELLER = (() => {
  const vars = devVars();
  return { email: vars.SELLER_EMAIL ?? "seller@greenbasket.example", password: vars.SELLER_PASSWORD ?? "fresh-greens-2026" };
})();

/**
 * The seller's signed-in browser state, written once per run by seller.setup.ts: seller login is
 * limited to 10 a minute per IP, and every journey comes from the same IP.
 */
export const SELLER_STATE = join(import.meta.dirname, "..", "..", "..", "test-results", ".auth", "seller.json");

/** The form /seller shows anyone who is not the seller, once it is interactive. */
export async function waitForSellerLoginForm(page: Page) {
  await waitForHydration(page, "form");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seller Login");
}

/** Seller pages have their own top bar (a <header>) once signed in; the login form has none. */
export async function openSellerPage(page: Page, path: string) {
  const response = await open(page, path);
  await expect(page.getByText("Hi! Admin")).toBeVisible();
  return response;
}

// ---------------------------------------------------------------------------------------------
// Script injection guard

/**
 * Count every alert/confirm/prompt any page of the context opens (and dismiss it). A rendering
 * that let markup through would run `alert(1)`; the journeys expect the count to stay 0.
 */
export function watchDialogs(context: BrowserContext): string[] {
  const opened: string[] = [];
  const watch = (p: Page) =>
    p.on("dialog", (dialog) => {
      opened.push(`${dialog.type()}: ${dialog.message()} on ${p.url()}`);
      void dialog.dismiss().catch(() => undefined);
    });
  context.pages().forEach(watch);
  context.on("page", watch);
  return opened;
}
