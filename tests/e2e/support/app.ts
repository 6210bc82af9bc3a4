/**
 * Shared bits of the browser journeys: waiting for hydration, the top bar's cart, the order
 * summary, the seeded catalogue's facts and ₹ formatting (mirrors shared/money.ts on purpose,
 * written out again so a bug there cannot hide itself).
 */
import { expect, type Clock, type Locator, type Page } from "@playwright/test";

/** Facts of the demo catalogue (scripts/seed-data.ts) the journeys rely on. */
export const APPLE = { id: "seed-apple-1-kg", name: "Apple 1 kg", category: "Fruits", offerPaise: 110_00, mrpPaise: 120_00 };
export const TOMATO = { name: "Tomato 1 kg" };
export const POTATO = { name: "Potato 500g" };
export const RICE = { id: "seed-basmati-rice-5kg", name: "Basmati Rice 5kg", category: "Grains", offerPaise: 520_00 };
/** The first five seeded products: the home page's Best Sellers. */
export const BEST_SELLERS = ["Potato 500g", "Tomato 1 kg", "Carrot 500g", "Spinach 500g", "Onion 500g"];
export const CATEGORY_TILES = ["Organic veggies", "Fresh Fruits", "Cold Drinks", "Instant Food", "Dairy Products", "Bakery & Breads", "Grains & Cereals"];

/**
 * Resolve once React has hydrated the page: the router exists and the header's DOM nodes carry
 * React's props (event handlers attached). Clicks before that still work (every cart button is a
 * real form), but toasts and in-place updates need the hydrated app. Pages without the shop's
 * top bar (the seller's login form) name another element to watch, e.g. "form".
 *
 * `clockStopped`: the test stopped the page's clock (stopPageClock), so the page's frames and
 * timers wait for it; the effects then get one message-channel task instead, which React's
 * scheduler also runs them on.
 */
export async function waitForHydration(page: Page, selector = "header", { clockStopped = false } = {}) {
  try {
    await page.waitForFunction((selector) => {
      const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter;
      const root = document.querySelector(selector);
      return !!router?.state.initialized && !!root && Object.keys(root).some((key) => key.startsWith("__reactProps$"));
    }, selector);
  } catch (error) {
    // The usual cause locally: build/ was rebuilt (another `npm start` or build) while this
    // server ran, so the HTML names scripts that no longer exist. Say so instead of timing out.
    const scripts = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href));
    const missing: string[] = [];
    for (const url of scripts) if ((await page.request.get(url)).status() === 404) missing.push(url);
    if (missing.length > 0) {
      throw new Error(`The page never hydrated: its scripts are gone from the server (was build/ rebuilt during the run? rerun): ${missing.join(", ")}`);
    }
    throw error;
  }
  // Let the commit's effects run.
  if (clockStopped) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  } else {
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  }
}

/** The pause /loader promises before it moves on (app/routes/shop/loader.tsx). */
export const LOADER_PAUSE_MS = 5_000;

/**
 * Stop the page clock (Date and timers, page.clock) of every page of the context, before they
 * load: page time then moves only when the test runs it (clock.runFor), so a journey can prove a
 * timed behaviour, such as /loader's 5-second pause, without waiting it out.
 */
export async function stopPageClock(clock: Clock) {
  await clock.install();
  // pauseAt only moves forward; ten seconds ahead is safely in the clock's future on a slow host.
  await clock.pauseAt(Date.now() + 10_000);
}

/** Cart saves (fetcher posts to /cart) still on their way, per page (the fixtures track every page). */
const cartSaves = new WeakMap<Page, Set<unknown>>();

export function trackCartSaves(page: Page) {
  const pending = new Set<unknown>();
  cartSaves.set(page, pending);
  const isCartSave = (request: { url(): string; method(): string }) => new URL(request.url()).pathname === "/cart.data" && request.method() === "POST";
  page.on("request", (request) => isCartSave(request) && pending.add(request));
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
}

/**
 * Open `path` once the page's cart saves have landed (a new document would abort them, as it
 * would a person's), and wait for hydration.
 */
/** A change shown at once may still wait for its post (posts go one at a time): the cart link is busy until every change is answered. */
export async function allCartChangesSaved(page: Page) {
  await expect(page.locator('a[href="/cart"][aria-busy="true"]'), "cart changes still being saved").toHaveCount(0);
}

export async function open(page: Page, path: string, hydrationSelector?: string) {
  await cartSaved(page);
  const response = await page.goto(path);
  await waitForHydration(page, hydrationSelector);
  return response;
}

/** Reload once the page's cart changes are saved (a reload drops what is unsaved, as it would a person's), and wait for hydration. */
export async function reload(page: Page) {
  await cartSaved(page);
  await page.reload();
  await waitForHydration(page);
}

async function cartSaved(page: Page) {
  await allCartChangesSaved(page);
  const pending = cartSaves.get(page);
  if (pending) await expect.poll(() => pending.size, { message: "cart saves still on their way" }).toBe(0);
}

/**
 * Open a guest's catalogue page until `check` passes, after a change by the seller (a cached copy
 * is keyed by the catalogue's version, ADR 059; the retry covers a background refresh still
 * landing). Give the checks in `check` a short timeout (1 s): the page is opened again until they pass.
 */
export async function openRefreshed(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await open(page, path);
    await check();
  }).toPass();
}

/** The top bar's cart link (the visible one: desktop and phone layouts each render their own). */
export function cartLink(page: Page): Locator {
  return page.getByRole("link", { name: /^Cart, \d+ items?$/ });
}

export async function expectCartCount(page: Page, count: number) {
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? "item" : "items"}`);
  await expect(cartLink(page).getByTestId("cart-count")).toHaveText(String(count));
}

/** One product card of a listing, found by its heading. */
export function productCard(page: Page, name: string): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** The cart page's order summary. */
export function orderSummary(page: Page): Locator {
  return page.getByRole("complementary", { name: "Order Summary" });
}

/** The value (<dd>) next to a label (<dt>) of the order summary. */
export function summaryValue(page: Page, label: string | RegExp): Locator {
  return orderSummary(page)
    .locator("dl > div")
    .filter({ has: page.getByRole("term").filter({ hasText: label }) })
    .getByRole("definition");
}

/** "₹1,23,456" for whole rupees, "₹1,234.50" otherwise: Indian digit grouping. */
export function rupees(paise: number): string {
  const whole = Math.floor(paise / 100);
  const fraction = paise % 100;
  const digits = String(whole);
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  const grouped = rest ? `${rest},${last3}` : last3;
  return fraction === 0 ? `₹${grouped}` : `₹${grouped}.${String(fraction).padStart(2, "0")}`;
}

/** Tax is 2% of the subtotal rounded DOWN to the paisa; shipping is free. */
export function expectedTotals(subtotalPaise: number) {
  const tax = Math.floor((subtotalPaise * 2) / 100);
  return { price: rupees(subtotalPaise), tax: rupees(tax), total: rupees(subtotalPaise + tax) };
}

/** A newsletter address no other test (or earlier run) has used. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Click something that makes a full-page request (a form post without JavaScript, say) and wait
 * for the new document's load: until its stylesheet applies, the phone and desktop top bars are
 * both visible.
 */
export async function clickAndLoad(page: Page, target: Locator) {
  const loaded = page.waitForEvent("load");
  await target.click();
  await loaded;
}

/**
 * A question in a `<details>` (an address's Delete, an order's Mark refunded): Escape on its
 * answer, and its Keep, each close it with the focus back on its summary, so an Enter after
 * that sends nothing.
 */
export async function expectQuestionClosesByKeyboard(page: Page, toggle: Locator, answer: Locator, keep: Locator) {
  await toggle.click();
  await answer.focus();
  await page.keyboard.press("Escape");
  await expect(answer).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await keep.click();
  await expect(answer).toBeHidden();
  await expect(toggle).toBeFocused();
}

/** Holds the cart's change posts (`/cart.data`, not Place Order's `?checkout`) until `release()`: a change still on
 * its way while the shopper does something else. `released` says whether it was let go. */
export async function holdCartPosts(page: Page) {
  let letGo = () => {};
  const open = new Promise<void>((resolve) => (letGo = resolve));
  const hold = {
    released: false,
    release: () => {
      hold.released = true;
      letGo();
    },
  };
  await page.route(
    (url) => url.pathname === "/cart.data",
    async (route) => {
      const request = route.request();
      if (request.method() === "POST" && !new URL(request.url()).searchParams.has("checkout")) await open;
      await route.continue();
    },
  );
  return hold;
}
