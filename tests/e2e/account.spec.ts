import { APPLE, TOMATO, allCartChangesSaved, cartLink, expectCartCount, holdCartPosts, open, productCard, summaryValue } from "./support/app";
import {
  accountMenu,
  addressLine,
  addToCartFromProductPage,
  fillAddressForm,
  logInThroughDialog,
  loginDialog,
  loginLink,
  logoutByApi,
  newAddress,
  newShopper,
  orderCards,
} from "./support/accounts";
import { chipPromise } from "./support/delivery";
import { expect, test } from "./support/fixtures";

test.describe("shopper accounts", () => {
  test("a refused sign-up says why under the field at fault, which gets the focus: a taken e-mail, then a password too easy to guess", async ({
    page,
    shopper,
  }, testInfo) => {
    await logoutByApi(page);
    await open(page, "/");
    await loginLink(page).click();
    const dialog = loginDialog(page);
    await dialog.getByRole("link", { name: "Sign up", exact: true }).click();
    await dialog.getByLabel("Name").fill("Second Account");
    await dialog.getByLabel("Email").fill(shopper.email);
    await dialog.getByLabel("Password").fill(newShopper(testInfo).password);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    const email = dialog.getByLabel("Email");
    await expect(email).toHaveAccessibleDescription("An account with this e-mail already exists. Try logging in.");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");

    await email.fill(newShopper(testInfo).email);
    await dialog.getByLabel("Password").fill("password123");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    const password = dialog.getByLabel("Password");
    // The reason first, then the rule it keeps.
    await expect(password).toHaveAccessibleDescription(
      "That password is too easy to guess At least 8 characters, and not a common password such as password123.",
    );
    await expect(password).toBeFocused();
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(dialog.getByRole("alert")).toHaveText("That password is too easy to guess");
  });

  test("sign up in the login dialog, add an address and place a cash-on-delivery order", async ({ page }, testInfo) => {
    const shopper = newShopper(testInfo, "Meera Iyer");
    await open(page, "/");

    await loginLink(page).click();
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "User Login" })).toBeVisible();
    await dialog.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(dialog.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
    await dialog.getByLabel("Name").fill(shopper.name);
    await dialog.getByLabel("Email").fill(shopper.email);
    // The password's rule stays in sight while typing; the fields hold no more than the store accepts.
    await expect(dialog.getByLabel("Password")).toHaveAccessibleDescription("At least 8 characters, and not a common password such as password123.");
    await expect(dialog.getByLabel("Name")).toHaveAttribute("maxlength", "80");
    await dialog.getByLabel("Password").fill(shopper.password);
    await expect(dialog.getByText("At least 8 characters, and not a common password such as password123.")).toBeVisible();
    await dialog.getByRole("button", { name: "Create Account" }).click();

    await expect(accountMenu(page, shopper.name)).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(dialog).toBeHidden();
    await expect(loginLink(page)).toHaveCount(0);
    await expectCartCount(page, 0);

    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    await cartLink(page).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByText("No address found.")).toBeVisible();

    await page.getByRole("link", { name: "Add address" }).click();
    await expect(page).toHaveURL("/add-address");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Shipping Address");
    const address = newAddress(shopper, { street: "7 Residency Road", city: "Bengaluru", state: "Karnataka", zipCode: "560025" });
    await fillAddressForm(page, address);
    await page.getByRole("button", { name: "Save address" }).click();

    await expect(page).toHaveURL(/\/cart\?address=[0-9a-f-]{36}$/); // the new address comes back chosen
    const choice = page.getByRole("radio", { name: addressLine(address) });
    await expect(choice).toBeChecked();
    await expect(page.getByLabel("Payment Method")).toHaveValue("COD");
    await expect(summaryValue(page, "Total Amount")).toHaveText("₹112.20");

    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/my-orders\?placed=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/My orders/i);
    const orders = orderCards(page);
    await expect(orders).toHaveCount(1);
    const order = orders.first();
    await expect(order.getByTestId("order-status")).toHaveText("Order Placed");
    await expect(order.getByTestId("payment-status")).toHaveText("Pending");
    await expect(order).toContainText("Cash On Delivery");
    await expect(order).toContainText("Total: ₹112.20");
    await expect(order.getByRole("listitem").filter({ hasText: APPLE.name })).toContainText("Quantity: 1");
    await expectCartCount(page, 0);

    // The cart stays empty after a reload: the server emptied it with the order.
    await page.reload();
    await expectCartCount(page, 0);
  });

  test("the login dialog opens from the top bar, closes on Escape and on the backdrop, and refuses a wrong password", async ({ page, shopper }) => {
    // A returning shopper: the account exists, this browser is signed out.
    await logoutByApi(page);

    await open(page, "/products");
    const dialog = loginDialog(page);
    await expect(dialog).toBeHidden();

    await loginLink(page).click();
    await expect(dialog).toBeVisible();
    // The click opened the dialog in place: no trip to /login.
    await expect(page).toHaveURL("/products");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(loginLink(page)).toBeFocused();

    await loginLink(page).click();
    await expect(dialog).toBeVisible();
    // A click on the dimmed backdrop, well outside the dialog's box.
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    const outside = { x: Math.max(5, box.x / 2), y: Math.max(5, box.y / 2) };
    expect(
      outside.x < box.x || outside.y < box.y,
      `the point ${JSON.stringify(outside)} lies outside ${JSON.stringify(box)} in ${JSON.stringify(viewport)}`,
    ).toBe(true);
    await page.mouse.click(outside.x, outside.y);
    await expect(dialog).toBeHidden();
    await expect(loginLink(page)).toBeFocused();

    // A click inside the dialog (on its heading) does not close it.
    await loginLink(page).click();
    await dialog.getByRole("heading", { name: "User Login" }).click();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Email").fill(shopper.email);
    await dialog.getByLabel("Password").fill("not-the-right-one");
    await dialog.getByRole("button", { name: "Login", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByRole("status").getByText("Invalid email or password")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(loginLink(page)).toBeVisible();
    await expect(accountMenu(page, shopper.name)).toHaveCount(0);
  });

  test("a guest's cart joins the account's cart at login", async ({ page, shopper }) => {
    // A returning shopper: the account exists, this browser is signed out.
    await logoutByApi(page);

    await open(page, "/products");
    await productCard(page, APPLE.name)
      .getByRole("button", { name: `Add ${APPLE.name} to cart` })
      .click();
    await expectCartCount(page, 1);
    await allCartChangesSaved(page);
    // The tomato's post is held: the shopper logs in while it is on its way.
    const tomato = await holdCartPosts(page);
    const loginSent: boolean[] = []; // for each login post: was the tomato's post released by then?
    page.on("request", (request) => new URL(request.url()).pathname === "/login.data" && loginSent.push(tomato.released));
    await productCard(page, TOMATO.name)
      .getByRole("button", { name: `Add ${TOMATO.name} to cart` })
      .click();
    await expectCartCount(page, 2);

    await loginLink(page).click();
    await logInThroughDialog(page, shopper);
    // The login waits for the cart to be saved, so that the account gets the tomato too.
    await page.waitForTimeout(300); // room for a login that did not wait to leave
    tomato.release();
    await expect(accountMenu(page, shopper.name)).toBeVisible();
    expect(loginSent).toEqual([true]);
    await page.unrouteAll();
    await expectCartCount(page, 2);

    await cartLink(page).click();
    await expect(page).toHaveURL("/cart");
    for (const name of [APPLE.name, TOMATO.name]) {
      await expect(page.getByRole("listitem").filter({ hasText: name }).getByTestId("quantity")).toHaveText(/in cart:\s*1$/);
    }
    // It is the account's cart now, not just this device's: a reload reads it from the server.
    await page.reload();
    await expectCartCount(page, 2);
    await expect(page.getByRole("listitem").filter({ hasText: TOMATO.name })).toHaveCount(1);
  });

  test("logout from the account menu empties the cart on this device and shows Login again; the pincode stays", async ({ page, shopper, address: _ }) => {
    await addToCartFromProductPage(page, APPLE, { signedIn: true });
    await expect(chipPromise(page)).toHaveText("Delivery in 30 min"); // the default address's 560001

    await accountMenu(page, shopper.name).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();

    await expect(page.getByRole("status").getByText("Logged Out")).toBeVisible();
    await expect(loginLink(page)).toBeVisible();
    await expect(accountMenu(page, shopper.name)).toHaveCount(0);
    await expectCartCount(page, 0);
    await expect(chipPromise(page)).toHaveText("Delivery in 30 min");
    await page.reload();
    await expect(loginLink(page)).toBeVisible();
    await expectCartCount(page, 0);
    await open(page, "/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart is empty");
  });

  test("a guest who presses Place Order is asked to log in, and no order is placed", async ({ page, shopper }) => {
    // A returning shopper: the account exists, this browser is signed out.
    await logoutByApi(page);

    await addToCartFromProductPage(page, APPLE, { signedIn: false });
    await open(page, "/cart");
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

    let orderPosts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).search.includes("checkout")) orderPosts++;
    });
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("status").getByText("Please log in to place your order")).toBeVisible();
    await expect(loginDialog(page)).toBeVisible();
    await expect(page).toHaveURL("/cart");
    expect(orderPosts, "the order form was not sent").toBe(0);

    // Logging in from that dialog comes back to the cart, with the product, and still no order.
    await logInThroughDialog(page, shopper);
    await expect(accountMenu(page, shopper.name)).toBeVisible();
    await expect(page).toHaveURL("/cart");
    await expectCartCount(page, 1);
    await open(page, "/my-orders");
    await expect(page.getByText("You have not ordered anything yet.")).toBeVisible();
    await expect(orderCards(page)).toHaveCount(0);
  });

  test("placing an order without a saved address says 'Please select an address'", async ({ page, shopper: _ }) => {
    await addToCartFromProductPage(page, APPLE, { signedIn: true });

    await open(page, "/cart");
    await expect(page.getByText("No address found.")).toBeVisible();
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("status").getByText("Please select an address")).toBeVisible();
    await expect(page).toHaveURL("/cart");
    await expectCartCount(page, 1);

    await open(page, "/my-orders");
    await expect(page.getByText("You have not ordered anything yet.")).toBeVisible();
  });
});
