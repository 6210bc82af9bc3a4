import { APPLE, RICE, expectCartCount, holdCartPosts, open, reload } from "./support/app";
import { addToCartFromProductPage, orderCards, placeCodOrderFromCart } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test.describe("a shopper's own orders", () => {
  test("a fresh order can be cancelled from My Orders", async ({ page, address: _ }) => {
    await addToCartFromProductPage(page, RICE, { signedIn: true });
    await placeCodOrderFromCart(page);

    const order = orderCards(page).first();
    await expect(order.getByTestId("order-status")).toHaveText("Order Placed");
    await expect(order).toContainText("Total: ₹530.40"); // ₹520 + 2% tax
    await order.getByRole("link", { name: "Cancel order" }).click();
    const dialog = page.getByRole("dialog", { name: /^Cancel order / });
    await dialog.getByRole("radio", { name: "Want to change items or quantity" }).check();
    await dialog.getByRole("button", { name: "Yes, cancel order" }).click();

    await expect(page.getByRole("status").getByText("Order cancelled")).toBeVisible();
    await expect(order.getByTestId("order-status")).toHaveText("Cancelled");
    await expect(order.getByTestId("cancel-reason")).toHaveText("Cancelled by you: Want to change items or quantity");
    await expect(order.getByRole("link", { name: "Cancel order" })).toHaveCount(0);
    const timeline = order.getByRole("list", { name: "Order progress" });
    await expect(timeline.getByRole("listitem")).toHaveText([/^Order Placed/, /^Cancelled/]);

    // It stays cancelled.
    await reload(page);
    await expect(orderCards(page).first().getByTestId("order-status")).toHaveText("Cancelled");
    await expect(orderCards(page)).toHaveCount(1);
  });

  test("Place Order pressed while a quantity change is on its way: the order has it, and the cart is empty after", async ({ page, address: _ }) => {
    await addToCartFromProductPage(page, RICE, { signedIn: true });
    await open(page, "/cart");
    // The + is held on its way to the server while the shopper places the order.
    const plus = await holdCartPosts(page);
    await page.getByRole("button", { name: `Add one more ${RICE.name}` }).click();
    await expectCartCount(page, 2);
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForTimeout(300); // room for an order that did not wait to leave
    plus.release();
    await page.waitForURL(/\/my-orders\?placed=/);
    await page.unrouteAll();
    await expect(orderCards(page).first()).toContainText("Total: ₹1,060.80"); // 2 × ₹520 + 2% tax
    // The change landed before the order emptied the cart, not after it: nothing comes back.
    await reload(page);
    await expectCartCount(page, 0);
  });

  test("an order of two products lists both lines and the right total on My Orders", async ({ page, address: _ }) => {
    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    await addToCartFromProductPage(page, RICE, { signedIn: true, expectedCount: 2 });
    const hydrationErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    const placedFrom = Date.now();
    await placeCodOrderFromCart(page);
    const placedBy = Date.now();

    const order = orderCards(page).first();
    await expect(order).toContainText("Total: ₹642.60"); // (₹110 + ₹520) + 2% tax
    await expect(order.getByRole("listitem").filter({ hasText: APPLE.name })).toContainText("₹110");
    await expect(order.getByRole("listitem").filter({ hasText: RICE.name })).toContainText("₹520");

    // When it was placed, in Indian time, the same in the server's HTML and after hydration.
    const inIndia = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
    // Either minute of the placing, e.g. "22 Nov 2026, 9:37 pm" (letters, digits, ", " and ":" only).
    const placedAt = new RegExp(`· (${[placedFrom, placedBy].map((ms) => inIndia.format(ms).replace(/[\u00a0\u202f]/g, " ")).join("|")})`);
    await expect(order).toContainText(placedAt);
    await reload(page);
    await expect(orderCards(page).first()).toContainText(placedAt);
    expect(hydrationErrors).toEqual([]);
  });
});
