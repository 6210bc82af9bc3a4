/**
 * The phone-first cart: − qty + steppers and a Remove that deletes the whole line on the cart page,
 * the floating "View cart · N items · ₹X" bar on phones, the product page's Add to Cart and the cart's
 * Place Order kept on a phone's screen, savings, no rating nobody gave; with and without JavaScript.
 * Each journey runs on a desktop and (tagged @mobile) on a 390 px phone.
 */
import type { Locator, Page } from "@playwright/test";
import { APPLE, RICE, clickAndLoad, expectCartCount, open, productCard, reload, rupees } from "./support/app";
import { addAddressByApi, addToCartFromProductPage, cartSaved, clickAndSave, newAddress } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const cartBar = (page: Page) => page.getByRole("link", { name: /^View cart \d/ });
const cartLine = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
const quantityOf = (line: Locator, quantity: number) => expect(line.getByTestId("quantity")).toHaveText(new RegExp(`in cart:\\s*${quantity}$`));

/** The bottom of the page's last content (the footer), once scrolled all the way down, in viewport pixels. */
async function pageEndAtBottom(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.getByRole("contentinfo").evaluate((footer) => footer.getBoundingClientRect().bottom);
}

/** One apple and one rice, each added from its product page, then the cart opened. */
async function cartOfAppleAndRice(page: Page) {
  await open(page, `/products/fruits/${APPLE.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expectCartCount(page, 1);
  await open(page, `/products/grains/${RICE.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expectCartCount(page, 2);
  await open(page, "/cart");
}

// What the layout changes on both screens; the cart's rules once, on a desktop, and without JavaScript once, on a phone.
for (const device of ["desktop", "phone @mobile"] as const) {
  const phone = device !== "desktop";

  test.describe(`the cart on a ${device}`, () => {
    if (!phone) {
      test("by keyboard: removing a line leaves the focus in the cart, on the line that took its place", async ({ page }) => {
        await cartOfAppleAndRice(page);

        await cartLine(page, APPLE.name)
          .getByRole("button", { name: `Remove ${APPLE.name} from cart` })
          .focus();
        await page.keyboard.press("Enter");
        await expect(cartLine(page, APPLE.name)).toHaveCount(0);
        await expect(cartLine(page, RICE.name).getByRole("button", { name: `Remove ${RICE.name} from cart` })).toBeFocused();
        // − on the last unit of a line, by keyboard: the line goes, the focus stays in the list.
        await cartLine(page, RICE.name)
          .getByRole("button", { name: `Remove one ${RICE.name}` })
          .focus();
        await page.keyboard.press("Enter");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart is empty");
      });
    }

    test("a line keeps its name on one line and its stepper clear of the amount and Remove beside it", async ({ page }) => {
      await cartOfAppleAndRice(page);
      for (const name of [APPLE.name, RICE.name]) {
        const title = cartLine(page, name).getByText(name, { exact: true });
        const lineHeight = await title.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
        expect((await title.boundingBox())!.height, `${name}: one line`).toBeLessThan(2 * lineHeight);
      }
      for (const { name, offerPaise } of [APPLE, RICE]) {
        const line = cartLine(page, name);
        const stepper = (await line.getByTestId("stepper").boundingBox())!;
        const amount = (await line.getByText(rupees(offerPaise), { exact: true }).boundingBox())!;
        const remove = (await line.getByRole("button", { name: `Remove ${name} from cart` }).boundingBox())!;
        expect(stepper.x + stepper.width, `${name}: the stepper ends before the amount`).toBeLessThanOrEqual(amount.x);
        expect(stepper.x + stepper.width, `${name}: the stepper ends before Remove`).toBeLessThanOrEqual(remove.x);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    });

    if (!phone) {
      test("− and + change a cart line one at a time; Remove deletes the whole line, as its toast says", async ({ page }) => {
        await cartOfAppleAndRice(page);
        const apple = cartLine(page, APPLE.name);
        await apple.getByRole("button", { name: `Add one more ${APPLE.name}` }).click();
        await apple.getByRole("button", { name: `Add one more ${APPLE.name}` }).click();
        await quantityOf(apple, 3);
        await expect(apple.getByText(rupees(3 * APPLE.offerPaise), { exact: true })).toBeVisible();
        await expectCartCount(page, 4);
        await apple.getByRole("button", { name: `Remove one ${APPLE.name}` }).click();
        await quantityOf(apple, 2);
        await expectCartCount(page, 3);

        // Remove: both apples go, not one.
        await apple.getByRole("button", { name: `Remove ${APPLE.name} from cart` }).click();
        await expect(apple).toHaveCount(0);
        await expectCartCount(page, 1);
        await expect(page.getByRole("status").getByText("Removed From Cart")).toBeVisible();
        // − on the last one empties the line too.
        const rice = cartLine(page, RICE.name);
        await clickAndSave(page, rice.getByRole("button", { name: `Remove one ${RICE.name}` }));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart is empty");

        await reload(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart is empty");
        await expectCartCount(page, 0);
      });
    }

    test("the cart bar: N items and their total on every page but the cart, never hiding the end of the page", async ({ page }) => {
      await open(page, "/products");
      await expect(cartBar(page)).toHaveCount(0);
      const card = productCard(page, APPLE.name);
      await card.getByRole("button", { name: `Add ${APPLE.name} to cart` }).click();
      await card.getByRole("button", { name: `Add one more ${APPLE.name}` }).click();
      await expectCartCount(page, 2);
      // The card's − and + are a thumb's target (36 × 40 px), not the 28 px they were.
      for (const label of [`Add one more ${APPLE.name}`, `Remove one ${APPLE.name}`]) {
        const box = (await card.getByRole("button", { name: label }).boundingBox())!;
        expect([box.width, box.height], label).toEqual([36, 40]);
      }
      const name = `View cart 2 items · ${rupees(2 * APPLE.offerPaise)}`;
      if (!phone) {
        await expect(cartBar(page)).toBeHidden();
        return;
      }
      await expect(cartBar(page)).toBeVisible();
      await expect(cartBar(page)).toHaveAccessibleName(name);
      const bar = (await cartBar(page).boundingBox())!;
      expect(await pageEndAtBottom(page), "the page keeps room below its end for the bar").toBeLessThanOrEqual(bar.y + 1);

      // Priced by the server in the first HTML: right after a reload, before anything is clicked.
      await reload(page);
      await expect(cartBar(page)).toHaveAccessibleName(name);
      await open(page, `/products/grains/${RICE.id}`);
      await page.getByRole("button", { name: "Add to Cart" }).tap();
      await expect(cartBar(page)).toHaveAccessibleName(`View cart 3 items · ${rupees(2 * APPLE.offerPaise + RICE.offerPaise)}`);

      await cartBar(page).tap();
      await expect(page).toHaveURL("/cart");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Shopping Cart/);
      await expect(cartBar(page)).toHaveCount(0);
    });

    // The bar is a phone's.
    if (phone)
      test("nothing the keyboard reaches, and no question that opens, hides under the cart bar", async ({ page, shopper, address: _ }) => {
        await addToCartFromProductPage(page, APPLE, { signedIn: true });
        await open(page, "/products");
        const barTop = (await cartBar(page).boundingBox())!.y;
        const underTheBar: string[] = [];
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press("Tab");
          const focused = await page.evaluate(() => {
            const element = document.activeElement as HTMLElement | null;
            if (!element || element.closest(".cart-bar")) return null;
            const { bottom, height } = element.getBoundingClientRect();
            return { name: element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName, bottom, height };
          });
          if (focused && focused.height > 0 && focused.bottom > barTop + 1) underTheBar.push(focused.name);
        }
        expect(underTheBar, "focused controls under the cart bar").toEqual([]);

        // Delete's question, opening at the foot of the screen, is brought up into view.
        await addAddressByApi(page, newAddress(shopper, { street: "5 Second Street", zipCode: "560034" }));
        await open(page, "/addresses");
        const last = page.getByRole("main").getByRole("article").last();
        // The toggle just above the bar, as a shopper scrolling down meets it.
        await page.evaluate((top) => {
          const summary = [...document.querySelectorAll("main article summary")].at(-1)!;
          window.scrollBy(0, summary.getBoundingClientRect().bottom - top + 4);
        }, barTop);
        await last.getByText("Delete", { exact: true }).tap();
        const yes = last.getByRole("button", { name: "Yes, delete" });
        await expect(yes).toBeVisible();
        await expect
          .poll(async () => {
            const box = (await yes.boundingBox())!;
            return box.y + box.height;
          })
          .toBeLessThanOrEqual(barTop);
      });

    test("a signed-in shopper's cart bar is priced from the saved cart", async ({ page, shopper: _ }) => {
      await open(page, `/products/fruits/${APPLE.id}`);
      const saved = cartSaved(page);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      expect((await saved).ok()).toBe(true);
      await reload(page);
      await expectCartCount(page, 1);
      if (phone) await expect(cartBar(page)).toHaveAccessibleName(`View cart 1 item · ${rupees(APPLE.offerPaise)}`);
      else await expect(cartBar(page)).toBeHidden();
    });

    test("Add to Cart on the product page: kept at the bottom of a phone's screen, in the page on a desktop", async ({ page }) => {
      await open(page, `/products/fruits/${APPLE.id}`);
      const add = page.getByRole("button", { name: "Add to Cart" });
      const buy = page.getByRole("button", { name: "Buy now" });
      const placement = () => add.evaluate((button) => getComputedStyle(button.closest(".bottom-actions")!).position);
      if (!phone) {
        expect(await placement()).toBe("static");
        return;
      }
      expect(await placement()).toBe("fixed");
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect(add).toBeInViewport();
      await expect(buy).toBeInViewport();
      const viewport = page.viewportSize()!;
      const box = (await add.boundingBox())!;
      expect(box.y + box.height, "at the bottom of the screen").toBeGreaterThan(viewport.height - 80);

      await add.tap();
      await expectCartCount(page, 1);
      // The cart bar sits above the actions; together they never hide the end of the page.
      const bar = (await cartBar(page).boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual((await add.boundingBox())!.y);
      expect(await pageEndAtBottom(page)).toBeLessThanOrEqual(bar.y + 1);
    });

    test("Place Order: at the bottom of a phone's screen as soon as the cart opens, in the summary on a desktop", async ({ page }) => {
      await cartOfAppleAndRice(page);
      const place = page.getByRole("button", { name: "Place Order" });
      const placement = () => place.evaluate((button) => getComputedStyle(button.closest(".bottom-actions")!).position);
      if (!phone) {
        expect(await placement()).toBe("static");
        await expect(page.getByRole("complementary", { name: "Order Summary" }).getByRole("button", { name: "Place Order" })).toBeVisible();
        return;
      }
      expect(await placement()).toBe("fixed");
      // Two lines, nothing scrolled: the button is on the first screen, at its bottom.
      await expect(place).toBeInViewport();
      const box = (await place.boundingBox())!;
      expect(box.y + box.height, "at the bottom of the screen").toBeGreaterThan(page.viewportSize()!.height - 80);
      // It hides nothing the keyboard reaches on the way, nor the end of the page.
      const top = (await place.boundingBox())!.y;
      const underIt: string[] = [];
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          // Past the last control the focus leaves the page (the body): the walk goes round again.
          if (!element || element === document.body || element.closest(".bottom-actions")) return null;
          const { bottom, height } = element.getBoundingClientRect();
          return { name: element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName, bottom, height };
        });
        if (focused && focused.height > 0 && focused.bottom > top + 1) underIt.push(focused.name);
      }
      expect(underIt, "focused controls under Place Order").toEqual([]);
      expect(await pageEndAtBottom(page)).toBeLessThanOrEqual(top + 1);
    });

    if (!phone) {
      test("savings: % off on the cards and the product page, 'You save' on the product page and in the cart's bill", async ({ page }) => {
        await open(page, "/products/fruits");
        // ₹110 instead of ₹120: 8.33 % off, shown as 8 % (never more than the shopper saves).
        await expect(productCard(page, APPLE.name).getByText("8% off", { exact: true })).toBeVisible();
        await productCard(page, APPLE.name).getByRole("link").click();
        await expect(page).toHaveURL(`/products/fruits/${APPLE.id}`);
        const main = page.getByRole("main");
        await expect(main.getByText("8% off", { exact: true }).first()).toBeVisible();
        await expect(main.getByText(`You save ${rupees(APPLE.mrpPaise - APPLE.offerPaise)}`, { exact: true })).toBeVisible();

        // The page says what is already in the cart (after a reload too: rendered by the server).
        await expect(page.getByTestId("in-cart")).toHaveText("");
        await page.getByRole("button", { name: "Add to Cart" }).click();
        await expect(page.getByTestId("in-cart")).toHaveText("1 in your cart · View cart");
        await clickAndSave(page, page.getByRole("button", { name: "Add to Cart" }));
        await expectCartCount(page, 2);
        await reload(page);
        await expect(page.getByTestId("in-cart")).toHaveText("2 in your cart · View cart");
        // The bill says what the whole cart saves: two apples, ₹10 each.
        await open(page, "/cart");
        await expect(page.getByTestId("summary-savings")).toHaveText(rupees(2 * (APPLE.mrpPaise - APPLE.offerPaise)));
        await expect(page.getByText("You save", { exact: true })).toBeVisible(); // not "on MRP": tax is added on top
      });
    }

    if (!phone) {
      test("no product shows a rating nobody gave, on the cards or on its page", async ({ page }) => {
        await open(page, "/products/fruits");
        await expect(productCard(page, APPLE.name)).toBeVisible();
        await expect(page.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
        await expect(page.getByRole("main")).not.toContainText("★");
        await open(page, `/products/fruits/${APPLE.id}`);
        await expect(page.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
        await expect(page.getByRole("main")).not.toContainText("★");
      });
    }
  });

  test.describe(`the cart without JavaScript on a ${device}`, () => {
    test.use({ javaScriptEnabled: false });

    if (phone) {
      test("steppers and Remove post their forms, come back to the cart and say what changed", async ({ page }) => {
        await page.goto(`/products/fruits/${APPLE.id}`);
        await clickAndLoad(page, page.getByRole("button", { name: "Add to Cart" }));
        await expect(page).toHaveURL(`/products/fruits/${APPLE.id}`);
        await expect(page.getByRole("status")).toContainText("Added To Cart");
        await expectCartCount(page, 1);

        await page.goto("/cart");
        const apple = cartLine(page, APPLE.name);
        await clickAndLoad(page, apple.getByRole("button", { name: `Add one more ${APPLE.name}` }));
        await expect(page).toHaveURL("/cart");
        await quantityOf(apple, 2);
        await expect(page.getByRole("status")).toContainText("Added To Cart");
        await clickAndLoad(page, apple.getByRole("button", { name: `Add one more ${APPLE.name}` }));
        await quantityOf(apple, 3);
        await clickAndLoad(page, apple.getByRole("button", { name: `Remove one ${APPLE.name}` }));
        await quantityOf(apple, 2);
        await expectCartCount(page, 2);

        await clickAndLoad(page, apple.getByRole("button", { name: `Remove ${APPLE.name} from cart` }));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart is empty");
        await expect(page.getByRole("status")).toContainText("Removed From Cart");
        // Read once: the next page does not say it again.
        await page.reload();
        await expect(page.getByRole("status")).not.toContainText("Removed From Cart");
      });
    }

    if (phone) {
      test("the cart bar is a plain link to the cart", async ({ page }) => {
        await page.goto(`/products/grains/${RICE.id}`);
        await clickAndLoad(page, page.getByRole("button", { name: "Add to Cart" }));
        await expect(cartBar(page)).toHaveAccessibleName(`View cart 1 item · ${rupees(RICE.offerPaise)}`);
        await clickAndLoad(page, cartBar(page));
        await expect(page).toHaveURL("/cart");
      });
    }
  });
}
