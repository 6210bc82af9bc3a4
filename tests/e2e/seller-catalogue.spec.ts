/**
 * The seller's catalogue tools: keyboard-operable picture slots (add, reorder, replace, remove),
 * the product list as cards on a phone, bulk stock changes, and the CSV round trip. Every journey
 * here adds products, so all are tagged @catalogue (one at a time, in the `catalogue` project) and
 * delete what they added; the phone journeys run there too, on a phone-sized viewport of their own.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { csvLine, parseCsv } from "../../worker/csv";
import { open, openRefreshed, productCard, rupees, waitForHydration } from "./support/app";
import { openSellerPage, SELLER_STATE } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { CATALOGUE_TAG, expect, test, type CatalogueChanges } from "./support/fixtures";
import { leaveQuestion, leavingMidSave, PHONE, SCREENS, sellerLink } from "./support/unsaved-changes";

const EMOJI = join(import.meta.dirname, "..", "..", "node_modules", "@lobehub", "fluent-emoji-3d", "assets");
const AVOCADO = join(EMOJI, "1f951.webp");
const CUCUMBER = join(EMOJI, "1f952.webp");
const CARROT = join(EMOJI, "1f955.webp");

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole("status").getByText(text);
}

/** Press Tab until `target` has the focus (the keyboard alone: no click, no focus() call). */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * axe on a page as served without JavaScript: axe needs a script to run, so the page's HTML (its
 * scripts left out) is served again at the same address to `checker`, a page that can run axe.
 */
async function expectNoSeriousViolationsAsServed(noScript: Page, checker: Page, what: string) {
  const html = (await noScript.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const address = noScript.url().replace(/#.*$/, "");
  await checker.route(address, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  await checker.goto(address);
  await expectNoSeriousViolations(checker, what);
  await checker.unroute(address);
}

type Added = { id: string; images: string[] };

/** A product added through the seller's API (the journeys then work on it in the pages). */
async function addByApi(seller: APIRequestContext, origin: string, name: string, pictures: string[] = [CUCUMBER]): Promise<Added> {
  const form = new FormData();
  form.set("productData", JSON.stringify({ name, description: ["Fresh"], category: "Vegetables", price: 80, offerPrice: 70 }));
  for (const [i, path] of pictures.entries()) form.append("images", new Blob([readFileSync(path)], { type: "image/webp" }), `${i}.webp`);
  const response = await seller.post("/api/product/add", { headers: { Origin: origin }, multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  const { product } = (await response.json()) as { product: { _id: string; image: string[] } };
  return { id: product._id, images: product.image };
}

async function productByApi(seller: APIRequestContext, name: string) {
  const list = await seller.get(`/api/product/seller-list?search=${encodeURIComponent(name)}&limit=10`);
  const { products } = (await list.json()) as {
    products: { _id: string; name: string; category: string; image: string[]; offerPrice: number; inStock: boolean; stock: number | null }[];
  };
  return products.find((p) => p.name === name);
}

/** A keyboard-only seller adds a product with a picture: Tab to each control, Space to open the file chooser, typing, Enter. */
async function addProductByKeyboard(page: Page, catalogueChanges: CatalogueChanges, shopper: Page) {
  const name = `Keyboard Okra ${unique()}`;
  catalogueChanges.added(name);
  await openSellerPage(page, "/seller");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Product");

  const slot = page.getByLabel("Upload image 1", { exact: true });
  // Listening first: Playwright turns the browser's file-chooser interception on without waiting
  // for it, and a Space pressed right after could open the chooser before it is on (no event).
  const chooser = page.waitForEvent("filechooser", { timeout: 30_000 });
  await tabTo(page, slot);
  await page.keyboard.press("Space");
  await (await chooser).setFiles(AVOCADO);
  // The slot shows the picture and now offers to replace or remove it.
  await expect(page.getByLabel("Replace image 1")).toBeAttached();
  await expect(page.getByRole("checkbox", { name: "Remove image 1" })).toBeVisible();

  await tabTo(page, page.getByLabel("Product Name"));
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Product Description")).toBeFocused();
  await page.keyboard.type("Tender pods");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Category")).toBeFocused();
  await page.keyboard.press("ArrowDown"); // the first category: Vegetables
  await expect(page.getByLabel("Category")).toHaveValue("Vegetables");
  await page.keyboard.press("Tab");
  await page.keyboard.type("60");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Offer Price (₹)")).toBeFocused();
  await page.keyboard.type("45");
  await page.keyboard.press("Enter");

  await expect(toast(page, `Product Added: ${name}`)).toBeVisible();
  await expect(page.getByLabel("Product Name")).toHaveValue("");
  await expect(page.getByLabel("Upload image 1", { exact: true })).toBeAttached(); // the slots start empty again
  // Where the product just added is: its page in the shop, and its edit page to finish it later.
  const added = page.getByTestId("added-product");
  await expect(added).toContainText(`Added ${name}.`);
  await expect(added.getByRole("link", { name: "See it in the shop" })).toHaveAttribute("href", /^\/products\/vegetables\/[\w-]+$/);
  await added.getByRole("link", { name: "Edit it" }).click();
  await expect(page).toHaveURL(/\/seller\/products\/[\w-]+\/edit$/);
  await expect(page.getByLabel("Product Name")).toHaveValue(name);
  // Back on Add Product, the links are still there (the page's address names the product).
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Product");
  await expect(page.getByTestId("added-product")).toContainText(`Added ${name}.`);

  await open(shopper, `/products?search=${encodeURIComponent(name)}`);
  await expect(productCard(shopper, name)).toContainText(rupees(45_00));
}

/**
 * Three problems the browser's own checks let through (a name of spaces, a description line over
 * 300 characters, an offer above the price), for the server to refuse all at once.
 */
const THREE_PROBLEMS = { name: "   ", description: `Crisp\n${"x".repeat(301)}`, price: "40", offerPrice: "45" };
const THREE_REASONS = {
  name: "Enter the product name",
  description: "Keep each description line to 300 characters or fewer",
  offerPrice: "Offer price cannot be above the price",
};

/** Each of the three fields is marked invalid and described by its own reason, the first has the focus, the summary counts them; the price is not marked. */
async function expectThreeProblems(page: Page) {
  const fields = { name: page.getByLabel("Product Name"), description: page.getByLabel("Product Description"), offerPrice: page.getByLabel("Offer Price (₹)") };
  for (const [field, reason] of Object.entries(THREE_REASONS)) {
    const input = fields[field as keyof typeof fields];
    await expect(input, field).toHaveAttribute("aria-invalid", "true");
    await expect(input, field).toHaveAccessibleDescription(reason);
  }
  await expect(fields.name).toBeFocused();
  await expect(page.getByLabel("Product Price (₹)")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("3 problems to fix:")).toBeVisible();
  // What was typed is still there (ADR 047).
  await expect(fields.description).toHaveValue(THREE_PROBLEMS.description);
  await expect(fields.offerPrice).toHaveValue(THREE_PROBLEMS.offerPrice);
}

/** Type the three problems into the product form. */
async function typeThreeProblems(page: Page) {
  await page.getByLabel("Product Name").fill(THREE_PROBLEMS.name);
  await page.getByLabel("Product Description").fill(THREE_PROBLEMS.description);
  await page.getByLabel("Product Price (₹)").fill(THREE_PROBLEMS.price);
  await page.getByLabel("Offer Price (₹)").fill(THREE_PROBLEMS.offerPrice);
}

// Journeys where the layout matters, on a desktop and on a phone (the phone's own in its describe below).
for (const [screen, options] of SCREENS) {
  test.describe(`the seller's catalogue, ${screen}`, () => {
    test.use(options);

    test("a keyboard-only seller adds a product with a picture", { tag: CATALOGUE_TAG }, async ({ sellerPage, page, catalogueChanges }) => {
      await addProductByKeyboard(sellerPage, catalogueChanges, page);
    });

    test(
      "Delete asks first: Keep or Escape closes the question and gives the focus back; Yes, delete removes the row and says so",
      { tag: CATALOGUE_TAG },
      async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
        const name = `Delete Me Radish ${unique()}`;
        catalogueChanges.added(name);
        const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
        await openSellerPage(sellerPage, `/seller/product-list?q=${encodeURIComponent(name)}`);

        const remove = sellerPage.getByRole("button", { name: `Delete ${name}` });
        await remove.click();
        const question = sellerPage.getByRole("group", { name: `Delete ${name}?` });
        await expect(question).toBeVisible();
        await expect(question.getByRole("link", { name: "Keep" })).toBeFocused();
        // The table's box (it scrolls sideways on a desktop) neither clips the question nor scrolls its one row out of sight to show it.
        const fits = await question.evaluate((element) => {
          const box = element.closest("table")!.parentElement!;
          const inner = box.getBoundingClientRect();
          const asked = element.getBoundingClientRect();
          const clips = getComputedStyle(box).overflowX !== "visible";
          return { scrolled: box.scrollTop, clipped: clips && (asked.top < inner.top || asked.bottom > inner.bottom) };
        });
        expect(fits).toEqual({ scrolled: 0, clipped: false });
        await sellerPage.keyboard.press("Enter");
        await expect(question).toBeHidden();
        await expect(remove).toBeFocused();
        expect(await productByApi(sellerRequest, name)).toBeDefined();

        // Escape, on either answer, closes it too: an Enter after it only asks again, and deletes nothing.
        for (const answer of [question.getByRole("link", { name: "Keep" }), question.getByRole("button", { name: "Yes, delete" })]) {
          await sellerPage.keyboard.press("Enter");
          await answer.focus();
          await sellerPage.keyboard.press("Escape");
          await expect(question).toBeHidden();
          await expect(remove).toBeFocused();
        }
        await sellerPage.keyboard.press("Enter");
        await expect(question).toBeVisible();
        expect(await productByApi(sellerRequest, name)).toBeDefined();

        await question.getByRole("button", { name: "Yes, delete" }).click();
        await expect(toast(sellerPage, "Product Deleted")).toBeVisible();
        await expect(sellerPage.getByText(`No products match “${name}”.`)).toBeVisible();
        expect(await productByApi(sellerRequest, name)).toBeUndefined();
        // Its Edit page, from a tab left open: not found, and the way back is to the seller's products, not the shop.
        const stale = await sellerPage.goto(`/seller/products/${id}/edit`);
        expect(stale!.status()).toBe(404);
        await expect(sellerPage.getByText("That item does not exist, or was deleted.")).toBeVisible();
        await sellerPage.getByRole("link", { name: "Back to Products" }).click();
        await expect(sellerPage).toHaveURL("/seller/product-list");
      },
    );

    test(
      "on Edit Product, pictures are reordered, replaced and removed, never down to none; bad files are refused at once",
      { tag: CATALOGUE_TAG },
      async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
        const name = `Picture Beans ${unique()}`;
        catalogueChanges.added(name);
        const { id, images } = await addByApi(sellerRequest, new URL(baseURL!).origin, name, [AVOCADO, CUCUMBER]);
        expect(images).toHaveLength(2);

        await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
        // Keyboard: the second picture moves first, and the button keeps the focus.
        const earlier = sellerPage.getByRole("button", { name: "Move image 2 earlier" });
        await tabTo(sellerPage, earlier);
        await sellerPage.keyboard.press("Enter");
        await expect(sellerPage.getByText("Image 2 is now image 1")).toBeAttached();
        await expect(sellerPage.getByRole("button", { name: "Move image 1 earlier" })).toBeFocused();
        // Every slot control is a target a finger can hit: at least 24 × 24 px (WCAG 2.5.8).
        for (const target of [
          earlier,
          sellerPage.getByRole("button", { name: "Move image 1 later" }),
          sellerPage.locator("label").filter({ has: sellerPage.getByRole("checkbox", { name: "Remove image 1" }) }),
        ]) {
          const box = (await target.boundingBox())!;
          expect(Math.min(box.width, box.height), (await target.textContent()) ?? "").toBeGreaterThanOrEqual(24);
        }

        // The last picture moves no later: there is no picture after it, only empty slots (a gap).
        const lastLater = sellerPage.getByRole("button", { name: "Move image 2 later" });
        await expect(lastLater).toHaveAttribute("aria-disabled", "true");
        await lastLater.click({ force: true });
        await expect(sellerPage.getByLabel("Replace image 2")).toBeAttached();
        await expect(sellerPage.getByLabel("Upload image 3", { exact: true })).toBeAttached();

        // A wrong type and an oversized file are refused in the slot, before anything is sent.
        await sellerPage
          .getByLabel("Upload image 3", { exact: true })
          .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
        await expect(sellerPage.getByRole("alert").filter({ hasText: "notes.txt: Images must be JPEG, PNG, WebP or AVIF files" })).toBeVisible();
        await sellerPage
          .getByLabel("Upload image 3", { exact: true })
          .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024) });
        await expect(sellerPage.getByRole("alert").filter({ hasText: "huge.png: Each image must be at most 2 MB" })).toBeVisible();

        // The (now) second picture, the avocado, is replaced by a carrot.
        await sellerPage.getByLabel("Replace image 2").setInputFiles(CARROT);
        await sellerPage.getByRole("button", { name: "SAVE" }).click();
        await expect(toast(sellerPage, `Saved ${name}`)).toBeVisible();
        const saved = (await productByApi(sellerRequest, name))!;
        expect(saved.image).toHaveLength(2);
        expect(saved.image[0]).toBe(images[1]); // the cucumber, moved first
        expect(saved.image[1]).not.toBe(images[0]); // a new upload in place of the avocado
        expect((await sellerRequest.get(saved.image[1]!)).status()).toBe(200);

        // Removing the second leaves one picture; removing the last one too is refused.
        await sellerPage.getByRole("checkbox", { name: "Remove image 2" }).check();
        await sellerPage.getByRole("button", { name: "SAVE" }).click();
        // Saved: the slots start again from the saved pictures (the first save's toast may still show).
        await expect(sellerPage.getByLabel("Upload image 2", { exact: true })).toBeAttached();
        await expect(sellerPage.getByRole("checkbox", { name: "Remove image 2" })).toHaveCount(0);
        expect((await productByApi(sellerRequest, name))!.image).toEqual([images[1]]);
        await sellerPage.getByRole("checkbox", { name: "Remove image 1" }).check();
        await sellerPage.getByRole("button", { name: "SAVE" }).click();
        await expect(sellerPage.getByRole("alert").filter({ hasText: "Add at least one product image" })).toBeVisible();
        expect((await productByApi(sellerRequest, name))!.image).toEqual([images[1]]);
      },
    );

    test(
      "bulk stock from the list: select all on the page, switch off; two rows to a count; without JavaScript too",
      { tag: CATALOGUE_TAG },
      async ({ sellerPage, sellerRequest, page: shopper, catalogueChanges, baseURL, browser }) => {
        const origin = new URL(baseURL!).origin;
        const prefix = `Bulk Gourd ${unique()}`;
        const names = [1, 2, 3].map((n) => `${prefix} ${n}`);
        for (const name of names) {
          catalogueChanges.added(name);
          await addByApi(sellerRequest, origin, name);
        }

        await openSellerPage(sellerPage, `/seller/product-list?q=${encodeURIComponent(prefix)}`);
        await expect(sellerPage.getByRole("switch", { name: /in stock$/ })).toHaveCount(3);
        // Nothing ticked: one line instead of the controls (a phone's first screen shows the list).
        await expect(sellerPage.getByText("Tick products to change their stock together.")).toBeVisible();
        await expect(sellerPage.getByLabel("Set to")).toHaveCount(0);
        // By keyboard: Space ticks the page's products, and the controls appear.
        await sellerPage.getByRole("checkbox", { name: "Select all on this page" }).focus();
        await sellerPage.keyboard.press("Space");
        await expect(sellerPage.getByText("Change stock of the selected products (3 selected)")).toBeVisible();
        await expect(sellerPage.getByLabel("Count (for Stock count)")).toHaveCount(0);
        for (const name of names) await expect(sellerPage.getByRole("checkbox", { name: `Select ${name}` })).toBeChecked();
        await sellerPage.getByLabel("Set to").selectOption("out-of-stock");
        await sellerPage.getByRole("button", { name: "Apply to selected" }).click();
        await expect(toast(sellerPage, "3 products switched off")).toBeVisible();
        // The form went with the selection; the focus is on the line that says so, not back at the page's start.
        await expect(sellerPage.getByText("Tick products to change their stock together.")).toBeFocused();
        for (const name of names) await expect(sellerPage.getByRole("switch", { name: `${name} in stock` })).toHaveAttribute("aria-checked", "false");
        await expect(sellerPage.getByRole("checkbox", { name: "Select all on this page" })).not.toBeChecked();
        // A selection belongs to its list: ticked, then another search, nothing is said to be selected that Apply would not change.
        await sellerPage.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
        await expect(sellerPage.getByText("Change stock of the selected products (1 selected)")).toBeVisible();
        await sellerPage.getByRole("searchbox", { name: "Search products" }).fill(names[1]!);
        await sellerPage.getByRole("searchbox", { name: "Search products" }).press("Enter");
        await expect(sellerPage.getByRole("switch", { name: /in stock$/ })).toHaveCount(1);
        await expect(sellerPage.getByText("Tick products to change their stock together.")).toBeVisible();
        await sellerPage.goBack();
        await expect(sellerPage.getByRole("switch", { name: /in stock$/ })).toHaveCount(3);
        await expect(sellerPage.getByRole("checkbox", { name: `Select ${names[0]}` })).not.toBeChecked();

        await openRefreshed(shopper, `/products?search=${encodeURIComponent(prefix)}`, async () => {
          await expect(shopper.getByText(`Everything that matches “${prefix}” is out of stock right now.`)).toBeVisible({ timeout: 1000 });
        });

        // Two rows to a count of 5 (a count never switches on what the seller switched off).
        await sellerPage.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
        await sellerPage.getByRole("checkbox", { name: `Select ${names[1]}` }).check();
        await sellerPage.getByLabel("Set to").selectOption("count");
        // No count: refused under the field, which takes the focus; nothing changes.
        await sellerPage.getByRole("button", { name: "Apply to selected" }).click();
        const count = sellerPage.getByLabel("Count (for Stock count)");
        await expect(count).toHaveAccessibleDescription("Enter the stock count");
        await expect(count).toHaveAttribute("aria-invalid", "true");
        await expect(count).toBeFocused();
        await expect(sellerPage.locator("tr").filter({ hasText: names[0]! })).not.toContainText("left");
        await count.fill("5");
        await sellerPage.getByRole("button", { name: "Apply to selected" }).click();
        await expect(toast(sellerPage, "2 products given the new count")).toBeVisible();
        // Rows by their element: on a phone they are cards (CSS).
        // Counted, still switched off: the row says what shoppers see, and why, before the count.
        await expect(sellerPage.locator("tr").filter({ hasText: names[0]! }).getByTestId("sale-state")).toHaveText(
          "Switched off: shoppers see it out of stock · 5 left",
        );
        await expect(sellerPage.locator("tr").filter({ hasText: names[2]! })).not.toContainText("left");

        // Without JavaScript: tick one row, switch it on; the form lands back on the list.
        const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
        const plain = await context.newPage();
        await plain.goto(`/seller/product-list?q=${encodeURIComponent(prefix)}`);
        await plain.getByRole("checkbox", { name: `Select ${names[2]}` }).check();
        await plain.getByLabel("Set to").selectOption("in-stock");
        await plain.getByRole("button", { name: "Apply to selected" }).click();
        await expect(plain).toHaveURL((url) => url.pathname === "/seller/product-list" && url.searchParams.get("q") === prefix);
        await expect(plain.getByRole("switch", { name: `${names[2]} in stock` })).toHaveAttribute("aria-checked", "true");
        await expect(plain.getByRole("switch", { name: `${names[0]} in stock` })).toHaveAttribute("aria-checked", "false");
        // A refusal comes back to the list too, and says why.
        await plain.getByRole("button", { name: "Apply to selected" }).click();
        await expect(plain.getByRole("status")).toContainText("Select at least one product");
        await expect(plain).toHaveURL((url) => url.pathname === "/seller/product-list");
        await context.close();
      },
    );
  });
}

test.describe("the seller's catalogue, on a desktop", () => {
  test(
    "a file that only claims to be a picture is refused by the server in its slot, which takes the focus; another file there saves",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Claimed Beans ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
      // Named .png and sent as one, so the browser's own check lets it through; its bytes are text.
      const slot = sellerPage.getByLabel("Upload image 2", { exact: true });
      await slot.setInputFiles({ name: "banana.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      const reason = "Image 2 (banana.png): Images must be JPEG, PNG, WebP or AVIF files";
      const fileInput = sellerPage.locator('input[type=file][name="image1"]');
      await expect(fileInput).toHaveAttribute("aria-invalid", "true");
      await expect(fileInput).toHaveAccessibleDescription(reason);
      await expect(fileInput).toBeFocused();
      // Said at the slot, not again beside the button.
      await expect(sellerPage.getByRole("alert").filter({ hasText: reason })).toHaveCount(1);

      await fileInput.setInputFiles(CARROT);
      await expect(fileInput).not.toHaveAttribute("aria-invalid");
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect(toast(sellerPage, `Saved ${name}`)).toBeVisible();
      await expect.poll(async () => (await productByApi(sellerRequest, name))?.image.length).toBe(2);
    },
  );

  test(
    "leaving Edit Product with a changed name asks: Keep editing keeps what was typed, the back button asks too; Leave without saving saves nothing",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Unsaved Leek ${unique()}`;
      catalogueChanges.added(name);
      await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      // Into Edit from the list, in the page: the back button is then the app's own navigation.
      await openSellerPage(sellerPage, `/seller/product-list?q=${encodeURIComponent(name)}`);
      await sellerPage.getByRole("link", { name: `Edit ${name}` }).click();
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
      const editAddress = sellerPage.url();
      const field = sellerPage.getByLabel("Product Name");
      await field.fill(`${name} renamed`);

      const question = leaveQuestion(sellerPage);
      const keep = question.getByRole("button", { name: "Keep editing" });
      await sellerLink(sellerPage, "Dashboard").click();
      await expect(question).toBeVisible();
      await expect(question).toHaveAccessibleDescription("Your changes to this product are not saved. If you leave, they will be lost.");
      await expect(keep).toBeFocused();
      await keep.click();
      await expect(question).toBeHidden();
      await expect(sellerPage).toHaveURL(editAddress);
      await expect(field).toHaveValue(`${name} renamed`);

      await sellerPage.evaluate(() => history.back());
      await expect(question).toBeVisible();
      await keep.click();
      await expect(question).toBeHidden();
      await expect(sellerPage).toHaveURL(editAddress);
      await expect(field).toHaveValue(`${name} renamed`);

      await sellerLink(sellerPage, "Dashboard").click();
      await question.getByRole("button", { name: "Leave without saving" }).click();
      await expect(sellerPage).toHaveURL("/seller/dashboard");
      await expect(question).toHaveCount(0);
      expect(await productByApi(sellerRequest, name)).toBeDefined();
      expect(await productByApi(sellerRequest, `${name} renamed`)).toBeUndefined();
    },
  );

  test(
    "Add Product refused for three fields shows each reason under its field at once and focuses the first; corrected, it adds",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges }) => {
      const name = `Many Problems Radish ${unique()}`;
      catalogueChanges.added(name);
      await openSellerPage(sellerPage, "/seller");
      await sellerPage.getByLabel("Upload image 1", { exact: true }).setInputFiles(CARROT);
      await sellerPage.getByLabel("Category").selectOption("Vegetables");
      await typeThreeProblems(sellerPage);
      await sellerPage.getByRole("button", { name: "ADD", exact: true }).click();
      await expectThreeProblems(sellerPage);
      await expectNoSeriousViolations(sellerPage, "Add Product refused for three fields");

      // Corrected, it adds, and nothing is marked any more.
      await sellerPage.getByLabel("Product Name").fill(name);
      await sellerPage.getByLabel("Product Description").fill("Crisp");
      await sellerPage.getByLabel("Offer Price (₹)").fill("35");
      await sellerPage.getByRole("button", { name: "ADD", exact: true }).click();
      await expect(toast(sellerPage, `Product Added: ${name}`)).toBeVisible();
      await expect(sellerPage.locator("[aria-invalid]")).toHaveCount(0);
      await expect(sellerPage.getByText("3 problems to fix:")).toHaveCount(0);
      await expect.poll(async () => productByApi(sellerRequest, name)).toMatchObject({ offerPrice: 35 });
    },
  );

  test(
    "Add Product leaves the checking to the server once it runs JavaScript: a negative count and no category come back together, not one per save",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges }) => {
      const name = `Counted Radish ${unique()}`;
      catalogueChanges.added(name);
      await openSellerPage(sellerPage, "/seller");
      await sellerPage.getByLabel("Upload image 1", { exact: true }).setInputFiles(CARROT);
      await sellerPage.getByLabel("Product Name").fill(name);
      await sellerPage.getByLabel("Product Price (₹)").fill("50");
      await sellerPage.getByLabel("Offer Price (₹)").fill("80");
      // The browser's own check would stop here alone ("must be greater than or equal to 0"), one problem per save.
      await sellerPage.getByLabel("Stock count (optional)").fill("-3");
      await sellerPage.getByRole("button", { name: "ADD", exact: true }).click();
      await expect(sellerPage.getByText("2 problems to fix:")).toBeVisible();
      for (const label of ["Category", "Stock count (optional)"]) await expect(sellerPage.getByLabel(label), label).toHaveAttribute("aria-invalid", "true");
      await expect(sellerPage.getByLabel("Category")).toBeFocused();
      expect(await productByApi(sellerRequest, name)).toBeUndefined();

      // The prices are compared once each field is right.
      await sellerPage.getByLabel("Category").selectOption("Vegetables");
      await sellerPage.getByLabel("Stock count (optional)").fill("3");
      await sellerPage.getByRole("button", { name: "ADD", exact: true }).click();
      await expect(sellerPage.getByLabel("Offer Price (₹)")).toHaveAccessibleDescription("Offer price cannot be above the price");
      await expect(sellerPage.getByLabel("Offer Price (₹)")).toBeFocused();
      await sellerPage.getByLabel("Offer Price (₹)").fill("45");
      await sellerPage.getByRole("button", { name: "ADD", exact: true }).click();
      await expect(toast(sellerPage, `Product Added: ${name}`)).toBeVisible();
      await expect.poll(async () => productByApi(sellerRequest, name)).toMatchObject({ offerPrice: 45, stock: 3 });
    },
  );

  test(
    "unsaved changes: a refused save still asks before leaving; a save goes through unasked, and then leaving asks nothing",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Saved Leek ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
      const offer = sellerPage.getByLabel("Offer Price (₹)");
      const question = leaveQuestion(sellerPage);
      await offer.fill("450");
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect(sellerPage.getByRole("alert")).toHaveText("Offer price cannot be above the price");
      await sellerLink(sellerPage, "Product List").click();
      await expect(question).toBeVisible();
      await question.getByRole("button", { name: "Keep editing" }).click();
      await expect(sellerPage).toHaveURL(`/seller/products/${id}/edit`);

      await offer.fill("65");
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect(toast(sellerPage, `Saved ${name}`)).toBeVisible();
      await expect(question).toHaveCount(0);
      await expect.poll(async () => productByApi(sellerRequest, name)).toMatchObject({ offerPrice: 65 });
      await sellerLink(sellerPage, "Product List").click();
      await expect(sellerPage).toHaveURL("/seller/product-list");
      await expect(question).toHaveCount(0);
    },
  );

  test(
    "a link followed while a save is on its way waits for its answer: refused, the seller is asked; saved, they go on unasked",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Hurried Leek ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      const edit = `/seller/products/${id}/edit`;
      await openSellerPage(sellerPage, edit);
      const saveAndLeave = await leavingMidSave(sellerPage, edit);
      const offer = sellerPage.getByLabel("Offer Price (₹)");
      const question = leaveQuestion(sellerPage);
      const save = sellerPage.getByRole("button", { name: "SAVE", exact: true });

      await offer.fill("450");
      await saveAndLeave(save, sellerLink(sellerPage, "Product List"));
      await expect(question).toBeVisible();
      await expect(sellerPage.getByRole("alert")).toHaveText("Offer price cannot be above the price");
      await question.getByRole("button", { name: "Keep editing" }).click();
      await expect(sellerPage).toHaveURL(edit);

      await offer.fill("55");
      await saveAndLeave(save, sellerLink(sellerPage, "Product List"));
      await expect(sellerPage).toHaveURL("/seller/product-list");
      await expect(question).toHaveCount(0);
      await expect.poll(async () => productByApi(sellerRequest, name)).toMatchObject({ offerPrice: 55 });
    },
  );

  test(
    "a category changed on Edit Product stays changed: the form shows it after the save, leaving asks nothing, and a second save keeps it",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Moved Leek ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
      const category = sellerPage.getByLabel("Category");
      await expect(category).toHaveValue("Vegetables");
      await category.selectOption("Instant");
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect(toast(sellerPage, `Saved ${name}`)).toBeVisible();
      await expect.poll(async () => productByApi(sellerRequest, name)).toMatchObject({ category: "Instant" });
      // The saved category is the form's own now, not the one it opened with.
      await expect(category).toHaveValue("Instant");

      await sellerPage.getByLabel("Offer Price (₹)").fill("60");
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect.poll(async () => productByApi(sellerRequest, name)).toMatchObject({ offerPrice: 60, category: "Instant" });
      // Left once the save is done, as a person sees it (its toast merges with the first save's):
      // the button is back from "Saving…". A link followed mid-save asks, the change not yet saved.
      await expect(sellerPage.getByRole("button", { name: "SAVE", exact: true })).toBeVisible();
      await sellerLink(sellerPage, "Product List").click();
      await expect(sellerPage).toHaveURL("/seller/product-list");
      await expect(leaveQuestion(sellerPage)).toHaveCount(0);
    },
  );

  test(
    "unsaved changes by keyboard: the question takes the focus, Escape stays and gives it back to the changed field; Tab, Enter leaves",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Keyed Leek ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
      const field = sellerPage.getByLabel("Product Name");
      await field.focus();
      await sellerPage.keyboard.press("End");
      await sellerPage.keyboard.type(" fresh");
      const dashboard = sellerLink(sellerPage, "Dashboard");
      await dashboard.focus();
      await sellerPage.keyboard.press("Enter");

      const question = leaveQuestion(sellerPage);
      await expect(question).toBeVisible();
      await expect(question.getByRole("button", { name: "Keep editing" })).toBeFocused();
      await sellerPage.keyboard.press("Escape");
      await expect(question).toBeHidden();
      await expect(field).toBeFocused();
      await expect(field).toHaveValue(`${name} fresh`);
      await expect(sellerPage).toHaveURL(`/seller/products/${id}/edit`);

      await dashboard.focus();
      await sellerPage.keyboard.press("Enter");
      await expect(question.getByRole("button", { name: "Keep editing" })).toBeFocused();
      await sellerPage.keyboard.press("Tab");
      await expect(question.getByRole("button", { name: "Leave without saving" })).toBeFocused();
      await sellerPage.keyboard.press("Enter");
      await expect(sellerPage).toHaveURL("/seller/dashboard");
      expect(await productByApi(sellerRequest, name)).toBeDefined();
    },
  );

  test(
    "unsaved changes: an untouched Edit Product, or one changed back, leaves unasked; a count, a picture, the pictures' order or a category on Add Product asks",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Untouched Leek ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name, [AVOCADO, CUCUMBER]);
      const edit = `/seller/products/${id}/edit`;
      const question = leaveQuestion(sellerPage);
      await openSellerPage(sellerPage, edit);
      await sellerLink(sellerPage, "Dashboard").click();
      await expect(sellerPage).toHaveURL("/seller/dashboard");
      await expect(question).toHaveCount(0);

      // Compared by value: a change undone is no change.
      await openSellerPage(sellerPage, edit);
      const field = sellerPage.getByLabel("Product Name");
      await field.fill(`${name} renamed`);
      await field.fill(name);
      const remove = sellerPage.getByRole("checkbox", { name: "Remove image 1" });
      await remove.check();
      await remove.uncheck();
      await sellerLink(sellerPage, "Dashboard").click();
      await expect(sellerPage).toHaveURL("/seller/dashboard");
      await expect(question).toHaveCount(0);

      const changes: [string, () => Promise<void>][] = [
        ["a stock count", () => sellerPage.getByLabel("Stock count (optional)").fill("5")],
        ["a picture chosen", () => sellerPage.getByLabel("Upload image 3", { exact: true }).setInputFiles(CARROT)],
        ["the pictures' order", () => sellerPage.getByRole("button", { name: "Move image 2 earlier" }).click()],
      ];
      for (const [what, change] of changes) {
        await openSellerPage(sellerPage, edit);
        await change();
        await sellerLink(sellerPage, "Dashboard").click();
        await expect(question, what).toBeVisible();
        await question.getByRole("button", { name: "Leave without saving" }).click();
        await expect(sellerPage).toHaveURL("/seller/dashboard");
      }

      await sellerLink(sellerPage, "Add Product").click();
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Add Product");
      await sellerPage.getByLabel("Category").selectOption("Vegetables");
      await sellerLink(sellerPage, "Product List").click();
      await expect(question).toBeVisible();
      await question.getByRole("button", { name: "Leave without saving" }).click();
      await expect(sellerPage).toHaveURL("/seller/product-list");
      const saved = (await productByApi(sellerRequest, name))!;
      expect(saved).toMatchObject({ stock: null });
      expect(saved.image).toHaveLength(2);
    },
  );

  test(
    "unsaved changes: closing or reloading the tab gets the browser's own question only while a field is changed",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Reloaded Leek ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      const asked: string[] = [];
      sellerPage.on("dialog", (dialog) => {
        asked.push(dialog.type());
        void dialog.accept();
      });
      await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
      const field = sellerPage.getByLabel("Product Name");
      await field.click(); // the browser asks only on a page the user has interacted with
      await sellerPage.reload();
      await waitForHydration(sellerPage);
      expect(asked).toEqual([]);

      await field.click();
      await sellerPage.keyboard.type(" renamed");
      await sellerPage.reload();
      await waitForHydration(sellerPage);
      expect(asked).toEqual(["beforeunload"]);
      // Left: the stored name again.
      await expect(field).toHaveValue(name);
    },
  );

  test(
    "a CSV round trip: export, change a price, preview the import, confirm; the shopper sees the new price",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, page: shopper, catalogueChanges, baseURL }) => {
      const name = `Export Radish ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);

      await openSellerPage(sellerPage, "/seller/product-list");
      const downloading = sellerPage.waitForEvent("download");
      await sellerPage.getByRole("button", { name: "Export CSV" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = readFileSync(await download.path());
      // UTF-8's byte order mark leads the file, as the export sends it: Excel reads ₹ and Hindi names right.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(bytes.toString("utf8").slice(1));
      const columns = header!.cells;
      const row = rows.find((r) => r.cells[columns.indexOf("id")] === id)!;
      expect(row.cells[columns.indexOf("offer_price")]).toBe("70");
      // The seller changes the offer price and keeps just that line (other products may move meanwhile: their stock).
      const edited = [...row.cells];
      edited[columns.indexOf("offer_price")] = "64.50";
      const file = `${csvLine(columns)}${csvLine(edited)}`;

      await sellerPage.getByRole("link", { name: "Import CSV" }).click();
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Import products");
      // The import is a page of the product list: its link says where the seller is.
      await expect(sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Product List" })).toHaveAttribute("aria-current", "true");
      await sellerPage.getByLabel("CSV file").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
      await sellerPage.getByRole("button", { name: "Preview import" }).click();
      await expect(sellerPage).toHaveURL(/\/seller\/products\/import\?preview=[0-9a-f-]{36}$/);
      // The focus goes to what the upload led to, further down the page.
      await expect(sellerPage.getByRole("heading", { level: 2, name: "Preview" })).toBeFocused();
      await expect(sellerPage.getByTestId("import-summary")).toHaveText("0 to create, 1 to change, 0 unchanged, 0 refused.");
      const previewRow = sellerPage.getByRole("row").filter({ hasText: name });
      await expect(previewRow).toContainText("Will be changed");
      await expect(previewRow).toContainText("offer price: ₹70 → ₹64.50");
      expect((await productByApi(sellerRequest, name))!.offerPrice).toBe(70); // nothing written yet

      await sellerPage.getByRole("button", { name: "Confirm import" }).click();
      await expect(sellerPage.getByRole("status").filter({ hasText: "Imported: 0 created, 1 updated." })).toBeVisible();
      // Confirm went with the preview: the focus is on what the import did.
      await expect(sellerPage.getByRole("status").filter({ hasText: "Imported: 0 created, 1 updated." })).toBeFocused();
      expect((await productByApi(sellerRequest, name))!.offerPrice).toBe(64.5);
      // The file just imported is no longer chosen (a second upload would be a mistake).
      expect(await sellerPage.getByLabel("CSV file").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

      await openRefreshed(shopper, `/products?search=${encodeURIComponent(name)}`, async () => {
        await expect(productCard(shopper, name)).toContainText(rupees(64_50), { timeout: 1000 });
      });
    },
  );

  test(
    "without JavaScript, each kept picture has a Position select: the third moved first, by keyboard; axe clean",
    { tag: CATALOGUE_TAG },
    async ({ browser, sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Position Gourd ${unique()}`;
      catalogueChanges.added(name);
      const { id, images } = await addByApi(sellerRequest, new URL(baseURL!).origin, name, [AVOCADO, CUCUMBER, CARROT]);
      const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/seller/products/${id}/edit`);
      // No arrows without JavaScript: a select per kept picture instead, each at its own place.
      await expect(page.getByRole("button", { name: "Move image 3 earlier" })).toHaveCount(0);
      for (const n of [1, 2, 3]) await expect(page.getByLabel(`Position of image ${n}`)).toHaveValue(String(n));
      await expect(page.getByLabel("Position of image 4")).toHaveCount(0); // an empty slot has nothing to move
      await expectNoSeriousViolationsAsServed(page, sellerPage, "Edit Product without JavaScript");

      const third = page.getByLabel("Position of image 3");
      await tabTo(page, third);
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect(third).toHaveValue("1");
      await tabTo(page, page.getByRole("button", { name: "SAVE" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: `Saved ${name}` })).toBeVisible();
      expect((await productByApi(sellerRequest, name))!.image).toEqual([images[2], images[0], images[1]]);
      await context.close();
    },
  );

  test(
    "without JavaScript, Export CSV leads to the export's parts on the import page, each a file of its own with the header",
    { tag: CATALOGUE_TAG },
    async ({ browser, sellerPage }) => {
      const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/seller/product-list");
      await page.getByRole("link", { name: "Export CSV" }).click();
      await expect(page).toHaveURL("/seller/products/import?export=files#export-files");
      await expect(page.getByRole("heading", { level: 2, name: "Export CSV files" })).toBeVisible();
      const files = page.getByRole("list", { name: "CSV files" }).getByRole("link");
      // Up to 500 products a file (the store's catalogue is under 500 here; the runtime tests cover several parts).
      await expect(files).toHaveCount(1);
      const label = (await files.first().textContent())!;
      const [, from, to] = label.match(/^Products (\d+)–(\d+)$/)!;
      expect(from).toBe("1");

      const downloading = page.waitForEvent("download");
      await files.first().click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}-part-1\.csv$/);
      const file = readFileSync(await download.path(), "utf8");
      expect(file.charCodeAt(0)).toBe(0xfeff); // a file of its own: the byte order mark for Excel, then the header
      const [header, ...rows] = parseCsv(file);
      expect(header!.cells.slice(0, 3)).toEqual(["id", "name", "category"]);
      expect(rows).toHaveLength(Number(to));
      await expectNoSeriousViolationsAsServed(page, sellerPage, "the export's parts");
      await context.close();
    },
  );
});

test.describe("the seller's catalogue without JavaScript", () => {
  test(
    "Delete loads the list asking to confirm; Keep goes back; Yes, delete removes it, said after the redirect",
    { tag: CATALOGUE_TAG },
    async ({ browser, catalogueChanges, sellerRequest, baseURL }) => {
      const name = `Plain Delete Turnip ${unique()}`;
      catalogueChanges.added(name);
      await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
      const page = await context.newPage();
      const list = `/seller/product-list?q=${encodeURIComponent(name)}`;
      await page.goto(list);

      await page.getByRole("button", { name: `Delete ${name}` }).click();
      const question = page.getByRole("group", { name: `Delete ${name}?` });
      await expect(question).toBeVisible();
      expect(await productByApi(sellerRequest, name)).toBeDefined();
      await question.getByRole("link", { name: "Keep" }).click();
      await expect(question).toBeHidden();
      expect(new URL(page.url()).searchParams.has("delete")).toBe(false);

      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await question.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Product Deleted" })).toBeVisible();
      await expect(page.getByText(`No products match “${name}”.`)).toBeVisible();
      expect(await productByApi(sellerRequest, name)).toBeUndefined();
      await context.close();
    },
  );

  test(
    "a refused Edit Product comes back with the reason and what was typed, not the stored values; nothing saved",
    { tag: CATALOGUE_TAG },
    async ({ browser, catalogueChanges, sellerRequest, baseURL }) => {
      const name = `Plain Refused Gourd ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/seller/products/${id}/edit`);
      await page.getByLabel("Product Name").fill(`${name} renamed`);
      await page.getByLabel("Product Price (₹)").fill("40");
      await page.getByLabel("Offer Price (₹)").fill("45");
      await page.getByRole("button", { name: "SAVE", exact: true }).click();

      await expect(page.getByRole("alert")).toHaveText("Offer price cannot be above the price");
      await expect(page.getByLabel("Offer Price (₹)")).toBeFocused();
      await expect(page.getByLabel("Offer Price (₹)")).toHaveAccessibleDescription("Offer price cannot be above the price");
      await expect(page.getByLabel("Product Name")).toHaveValue(`${name} renamed`);
      await expect(page.getByLabel("Product Price (₹)")).toHaveValue("40");
      await expect(page.getByLabel("Offer Price (₹)")).toHaveValue("45");
      expect(await productByApi(sellerRequest, name)).toMatchObject({ name, offerPrice: 70 });
      await context.close();
    },
  );

  test(
    "a refused Edit Product with three problems comes back with each under its field, the first focused, and what was typed; corrected, it saves",
    { tag: CATALOGUE_TAG },
    async ({ browser, catalogueChanges, sellerRequest, baseURL }) => {
      const name = `Plain Many Problems Gourd ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/seller/products/${id}/edit`);
      await typeThreeProblems(page);
      await page.getByRole("button", { name: "SAVE", exact: true }).click();
      await expectThreeProblems(page);
      expect(await productByApi(sellerRequest, name)).toMatchObject({ name, offerPrice: 70 });

      await page.getByLabel("Product Name").fill(name);
      await page.getByLabel("Product Description").fill("Crisp");
      await page.getByLabel("Offer Price (₹)").fill("35");
      await page.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: `Saved ${name}` })).toBeVisible();
      await expect(page.locator("[aria-invalid]")).toHaveCount(0);
      expect(await productByApi(sellerRequest, name)).toMatchObject({ name, offerPrice: 35 });
      await context.close();
    },
  );

  test(
    "with JavaScript, a refused Edit Product says why under the field at fault and focuses it; corrected, it saves",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Fielded Gourd ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
      const offer = sellerPage.getByLabel("Offer Price (₹)");
      await offer.fill("450");
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect(sellerPage.getByRole("alert")).toHaveText("Offer price cannot be above the price");
      await expect(offer).toBeFocused();
      await expect(offer).toHaveAttribute("aria-invalid", "true");
      await expect(offer).toHaveAccessibleDescription("Offer price cannot be above the price");
      await expect(sellerPage.getByLabel("Product Price (₹)")).not.toHaveAttribute("aria-invalid");
      expect(await productByApi(sellerRequest, name)).toMatchObject({ offerPrice: 70 });

      // Corrected, it saves, and the field is no longer marked.
      await offer.fill("65");
      await sellerPage.getByRole("button", { name: "SAVE", exact: true }).click();
      await expect(sellerPage.getByRole("status").getByText(`Saved ${name}`)).toBeVisible();
      await expect(offer).not.toHaveAttribute("aria-invalid");
      await expect(sellerPage.getByRole("alert")).toHaveCount(0);
      await expect.poll(async () => productByApi(sellerRequest, name)).toMatchObject({ offerPrice: 65 });
    },
  );

  test(
    "Add Product is a plain multipart post: a picture chosen in a slot, the answer shown after a redirect, so a reload adds nothing",
    { tag: CATALOGUE_TAG },
    async ({ browser, catalogueChanges, sellerRequest }) => {
      const name = `Plain Form Yam ${unique()}`;
      catalogueChanges.added(name);
      const context = await browser.newContext({ storageState: SELLER_STATE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/seller");
      // First a file that only claims to be a picture: the page comes back with the reason above
      // the slots (they start again empty), what was typed kept, nothing added.
      await page.getByLabel("Upload image 1", { exact: true }).setInputFiles({ name: "yam.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
      await page.getByLabel("Product Name").fill(name);
      await page.getByLabel("Category").selectOption("Vegetables");
      await page.getByLabel("Product Price (₹)").fill("30");
      await page.getByLabel("Offer Price (₹)").fill("25");
      await page.getByRole("button", { name: "ADD", exact: true }).click();
      await expect(page.getByRole("group", { name: "Product Images" })).toHaveAccessibleDescription(
        "Image 1 (yam.png): Images must be JPEG, PNG, WebP or AVIF files. Choose the pictures again: a form sent back cannot keep them.",
      );
      await expect(page.getByLabel("Product Name")).toHaveValue(name);
      expect(await productByApi(sellerRequest, name)).toBeUndefined();

      await page.getByLabel("Upload image 1", { exact: true }).setInputFiles(AVOCADO);
      await page.getByRole("button", { name: "ADD", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: `Product Added: ${name}` })).toBeVisible();
      expect((await productByApi(sellerRequest, name))!.image).toHaveLength(1);
      // The answer came by a redirect to an empty form: reloading does not post the product again.
      await expect(page.getByLabel("Product Name")).toHaveValue("");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Product");
      // The page it came back to names the product, and leads to it.
      await expect(page.getByTestId("added-product")).toContainText(`Added ${name}.`);
      await page.getByTestId("added-product").getByRole("link", { name: "See it in the shop" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      const list = await sellerRequest.get(`/api/product/seller-list?search=${encodeURIComponent(name)}&limit=10`);
      expect(((await list.json()) as { products: { name: string }[] }).products.filter((p) => p.name === name)).toHaveLength(1);
      await context.close();
    },
  );
});

test.describe("the seller's catalogue, on a phone only", () => {
  test.use(PHONE);

  test(
    "a product with three pictures on a phone: the picture takes the width, the thumbnails a row beneath it, a tap shows another",
    { tag: CATALOGUE_TAG },
    async ({ page, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Phone Gallery Salad Kit ${unique()}`;
      catalogueChanges.added(name);
      const { id } = await addByApi(sellerRequest, new URL(baseURL!).origin, name, [AVOCADO, CUCUMBER, CARROT]);
      await open(page, `/products/vegetables/${id}`);

      const picture = page.getByRole("img", { name, exact: true });
      const thumbnails = [1, 2, 3].map((n) => page.getByRole("link", { name: `Show image ${n} of ${name}` }));
      const frame = (await picture.locator("..").boundingBox())!;
      const content = (await page.getByRole("navigation", { name: "Breadcrumb" }).boundingBox())!;
      expect(frame.width, "the picture's frame spans the content").toBeGreaterThan(content.width - 2);
      const boxes = await Promise.all(thumbnails.map(async (thumbnail) => (await thumbnail.boundingBox())!));
      expect(new Set(boxes.map((box) => Math.round(box.y))).size, "one row").toBe(1);
      for (const box of boxes) {
        expect(box.y, "beneath the picture").toBeGreaterThanOrEqual(frame.y + frame.height - 1);
        expect(box.x + box.width, "within the screen").toBeLessThanOrEqual(PHONE.viewport.width);
      }

      const sources = await Promise.all(thumbnails.map((thumbnail) => thumbnail.locator("img").getAttribute("src")));
      await thumbnails[2]!.tap();
      await expect(picture).toHaveAttribute("src", sources[2]!);
      await expect(thumbnails[2]!).toHaveAttribute("aria-current", "true");
      await expect(page).toHaveURL(new RegExp(`/products/vegetables/${id}\\?image=3$`));
      await expectNoSeriousViolations(page, "a product page with three pictures, on a phone");
    },
  );

  test(
    "the product list is a card per product: the whole name, search and every action within the screen",
    { tag: CATALOGUE_TAG },
    async ({ sellerPage, sellerRequest, catalogueChanges, baseURL }) => {
      const name = `Phone Card Long Named Organic Bottle Gourd ${unique()}`;
      catalogueChanges.added(name);
      await addByApi(sellerRequest, new URL(baseURL!).origin, name);
      await openSellerPage(sellerPage, `/seller/product-list?q=${encodeURIComponent(name)}`);

      const width = sellerPage.viewportSize()!.width;
      expect(width).toBe(PHONE.viewport.width);
      const within = async (locator: Locator) => {
        await expect(locator).toBeVisible();
        const box = (await locator.boundingBox())!;
        expect(box.x, String(locator)).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, String(locator)).toBeLessThanOrEqual(width);
      };
      await within(sellerPage.getByRole("searchbox", { name: "Search products" }));
      await within(sellerPage.getByRole("button", { name: "Search", exact: true }));
      // The row is a card here (CSS), found by its element rather than its table role.
      const card = sellerPage.locator("tr").filter({ hasText: name });
      const shownName = card.getByText(name, { exact: true });
      await within(shownName);
      // Not cut: the name's box holds all of its text.
      expect(await shownName.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const switchButton = card.getByRole("switch", { name: `${name} in stock` });
      await within(switchButton);
      await within(card.getByRole("link", { name: `Edit ${name}` }));
      await within(card.getByRole("button", { name: `Delete ${name}` }));
      await within(card.getByRole("checkbox", { name: `Select ${name}` }));
      // Every control a thumb's target: at least 24 × 24 px (WCAG 2.5.8).
      for (const target of [
        card.getByRole("checkbox", { name: `Select ${name}` }),
        sellerPage.getByRole("checkbox", { name: "Select all on this page" }),
        sellerPage.getByRole("link", { name: "Import CSV" }),
        sellerPage.getByRole("main").getByText("Export CSV"),
      ]) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height), String(target)).toBeGreaterThanOrEqual(24);
      }
      // The list starts in the screen's top half: the bulk stock controls wait for a ticked product (they took 114 px more).
      const cardBox = (await card.boundingBox())!;
      expect(cardBox.y, "the first card's top").toBeLessThanOrEqual(PHONE.viewport.height / 2);

      await switchButton.tap();
      await expect(switchButton).toHaveAttribute("aria-checked", "false");
      await expect(toast(sellerPage, `${name} is out of stock`)).toBeVisible();
      await card.getByRole("link", { name: `Edit ${name}` }).tap();
      await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
    },
  );
});
