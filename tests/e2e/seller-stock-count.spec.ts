/**
 * The seller edits a counted product while shoppers buy it (ADR 042): a count left as the form
 * showed it is left to the orders, and a new count typed over one that orders moved is refused
 * with the counts named; saving again then writes it on purpose.
 */
import type { APIRequestContext } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openSellerPage } from "./support/accounts";
import { expectCartCount, open, productCard } from "./support/app";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { appOrigin, placeOrderByApi } from "./support/orders";

const PICTURE = join(import.meta.dirname, "..", "..", "node_modules", "@lobehub", "fluent-emoji-3d", "assets", "1f955.webp");

async function addCounted(seller: APIRequestContext, name: string, stock: number): Promise<string> {
  const form = new FormData();
  form.set("productData", JSON.stringify({ name, description: ["Fresh"], category: "Vegetables", price: 80, offerPrice: 70, stock }));
  form.append("images", new Blob([readFileSync(PICTURE)], { type: "image/webp" }), "carrot.webp");
  const response = await seller.post("/api/product/add", { headers: { Origin: appOrigin() }, multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: { _id: string } }).product._id;
}

async function stored(seller: APIRequestContext, name: string) {
  const list = await seller.get(`/api/product/seller-list?search=${encodeURIComponent(name)}&limit=10`);
  const { products } = (await list.json()) as { products: { name: string; stock: number | null; offerPrice: number }[] };
  return products.find((p) => p.name === name)!;
}

test(
  "orders that come in while the seller edits: an untouched count keeps what they left, a typed count over a moved one is refused",
  { tag: CATALOGUE_TAG },
  async ({ sellerPage, sellerRequest, catalogueChanges, page, shopper }) => {
    const name = `Counted Carrots ${Date.now().toString(36)}`;
    catalogueChanges.added(name);
    const id = await addCounted(sellerRequest, name, 10);

    await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
    const count = sellerPage.getByLabel("Stock count (optional)");
    await expect(count).toHaveValue("10");

    // A shopper buys 3 while the form is open; the seller types a new count over the 10 shown.
    await placeOrderByApi(page, shopper, { items: [{ product: id, quantity: 3 }] });
    await count.fill("25");
    await sellerPage.getByRole("button", { name: "SAVE" }).click();
    // Refused beside the button (not a toast that fades): nothing saved, the counts named, the typed count kept.
    await expect(sellerPage.getByRole("alert")).toHaveText(
      "The stock changed from 10 to 7 while you were editing (an order, or a change made elsewhere). Nothing was saved: save again to set it to 25, or correct the count.",
    );
    expect(await stored(sellerRequest, name)).toMatchObject({ stock: 7 });
    await expect(count).toHaveValue("25");
    // Saved again, on purpose, over the 7 now known: it lands (no reload needed), and the refusal goes.
    await sellerPage.getByRole("button", { name: "SAVE" }).click();
    await expect(sellerPage.getByRole("status").getByText(`Saved ${name}`)).toBeVisible();
    await expect(sellerPage.getByRole("alert")).toHaveCount(0);
    expect(await stored(sellerRequest, name)).toMatchObject({ stock: 25 });

    // The seller changes only the price while 2 more are bought: the untouched count keeps what the order left.
    await expect(count).toHaveValue("25");
    await placeOrderByApi(page, shopper, { items: [{ product: id, quantity: 2 }] });
    await sellerPage.getByLabel("Offer Price").fill("65");
    await sellerPage.getByRole("button", { name: "SAVE" }).click();
    await expect(sellerPage.getByRole("status").getByText(`Saved ${name}`)).toHaveCount(1);
    await expect.poll(async () => stored(sellerRequest, name)).toMatchObject({ stock: 23, offerPrice: 65 });
    await expect(count).toHaveValue("23");
  },
);

test(
  "the cart holds no more than is left: Add to Cart stops at the count, and a count lowered since is flagged on the line with its fix, Place Order waiting; a card's + stops too",
  { tag: CATALOGUE_TAG },
  async ({ sellerRequest, catalogueChanges, page, address: _ }) => {
    const name = `Last Radishes ${Date.now().toString(36)}`;
    catalogueChanges.added(name);
    const id = await addCounted(sellerRequest, name, 3);

    await open(page, `/products/vegetables/${id}`);
    const add = page.getByRole("button", { name: "Add to Cart" });
    for (let i = 1; i <= 3; i++) {
      await add.click();
      await expectCartCount(page, i);
    }
    // All 3 are in the cart: a fourth would only be refused at Place Order.
    await expect(page.getByTestId("in-cart")).toHaveText("3 in your cart: all that is left · View cart");
    await expect(add).toBeDisabled();
    // Off, it keeps the keyboard's focus, and pressing it adds nothing.
    await add.focus();
    await page.keyboard.press("Enter");
    await expect(add).toBeFocused();
    await expectCartCount(page, 3);

    // The seller counts again and finds only 1 while the shopper's cart holds 3.
    const recount = await sellerRequest.post("/api/product/bulk-stock", { headers: { Origin: appOrigin() }, data: { ids: [id], set: "count", count: 1 } });
    expect(recount.status(), await recount.text()).toBe(200);

    await open(page, "/cart");
    const line = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
    await expect(line.getByTestId("over-stock")).toContainText("Only 1 left");
    await expect(line.getByRole("button", { name: `Add one more ${name}` })).toBeDisabled();
    await expect(page.getByText("Your cart holds more than can be ordered: change the marked quantities to place your order.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();

    // One tap fixes it, and the order can go.
    await line.getByRole("button", { name: `Change ${name} to 1` }).click();
    await expect(line.getByTestId("quantity")).toHaveText(/in cart:\s*1$/);
    await expect(line.getByTestId("over-stock")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
    await expectCartCount(page, 1);

    // A listing's card knows the count when only a few are left: its + stops there too, and keeps the focus.
    await open(page, `/products?search=${encodeURIComponent(name)}`);
    const more = productCard(page, name).getByRole("button", { name: `Add one more ${name} (all 1 left are in your cart)` });
    await expect(more).toBeDisabled();
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(more).toBeFocused();
    await expectCartCount(page, 1);
  },
);

test(
  "the seller limits a product to 2 per order: the product page says so, Add to Cart and the card's + stop there and say why, and a lowered limit is flagged in the cart",
  { tag: CATALOGUE_TAG },
  async ({ sellerPage, sellerRequest, catalogueChanges, page, address: _ }) => {
    const name = `Limited Lychees ${Date.now().toString(36)}`;
    catalogueChanges.added(name);
    const id = await addCounted(sellerRequest, name, 50);
    const setLimit = async (most: string) => {
      await openSellerPage(sellerPage, `/seller/products/${id}/edit`);
      await sellerPage.getByLabel("Most per order (optional)").fill(most);
      await sellerPage.getByRole("button", { name: "SAVE" }).click();
      await expect(sellerPage.getByRole("status").getByText(`Saved ${name}`)).toBeVisible();
    };
    await setLimit("2");

    await open(page, `/products/vegetables/${id}`);
    await expect(page.getByText("At most 2 per order")).toBeVisible();
    const add = page.getByRole("button", { name: "Add to Cart" });
    for (let i = 1; i <= 2; i++) {
      await add.click();
      await expectCartCount(page, i);
    }
    await expect(page.getByTestId("in-cart")).toHaveText("2 in your cart: the most per order · View cart");
    await expect(add).toBeDisabled();

    // The card's + says why it stops, and pressing it says so again.
    await open(page, `/products?search=${encodeURIComponent(name)}`);
    const more = productCard(page, name).getByRole("button", { name: `Add one more ${name} (at most 2 per order)` });
    await expect(more).toBeDisabled();
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").getByText(`${name}: at most 2 per order`)).toBeVisible();
    await expectCartCount(page, 2);

    // The seller lowers it to 1: the cart marks the line with its fix, and Place Order waits.
    await setLimit("1");
    await open(page, "/cart");
    const line = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
    await expect(line.getByTestId("over-stock")).toContainText("At most 1 per order");
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    await line.getByRole("button", { name: `Change ${name} to 1` }).click();
    await expect(line.getByTestId("over-stock")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
  },
);
