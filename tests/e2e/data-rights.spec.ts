/**
 * A shopper's data (ADR 074): from the account menu to My Account, the newsletter's consent as it was
 * asked and withdrawn there, a copy of their data downloaded as a file, then the account deleted with the
 * password (a wrong one said under the field); signed out, and the old password no longer signs in. On a
 * desktop and a phone. Then the seller's Data requests page, for a shopper who asks by e-mail.
 */
import { readFile } from "node:fs/promises";
import { NEWSLETTER_NOTICE } from "../../shared/accounts";
import { open } from "./support/app";
import { accountMenu, openSellerPage, phoneAccountSection } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { appOrigin, placeOrderByApi } from "./support/orders";

for (const device of ["desktop", "phone @mobile"] as const) {
  test(`on a ${device}: a shopper downloads their data, then deletes their account`, async ({ page, shopper }) => {
    const orderId = await placeOrderByApi(page, shopper);
    const subscribed = await page.request.post("/api/newsletter/subscribe", { data: { email: shopper.email }, headers: { Origin: appOrigin() } });
    expect(subscribed.status()).toBe(201);
    await open(page, "/my-orders");
    if (device === "desktop") await accountMenu(page, shopper.name).click();
    else await page.getByLabel("Menu", { exact: true }).click();
    const links = device === "desktop" ? page.getByRole("navigation", { name: "Main" }) : phoneAccountSection(page, shopper.name);
    await links.getByRole("link", { name: "My Account" }).filter({ visible: true }).click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Account");
    await expectNoSeriousViolations(page, "/account");

    const consents = page.getByRole("region", { name: "What you agreed to" });
    await expect(consents).toContainText(`“${NEWSLETTER_NOTICE}”`);
    await consents.getByRole("button", { name: "Withdraw consent" }).click();
    await expect(page.getByRole("status").getByText("Consent withdrawn: no more newsletters")).toBeVisible();
    await expect(consents).toContainText("The newsletter: consent withdrawn on");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("my-data.json");
    const data = JSON.parse(await readFile((await file.path())!, "utf8")) as {
      profile: { email: string };
      orders: { _id: string }[];
      consents: { wording: string; withdrawnAt: string | null }[];
    };
    expect(data.profile.email).toBe(shopper.email);
    expect(data.orders.map((order) => order._id)).toEqual([orderId]);
    expect(data.consents).toEqual([expect.objectContaining({ wording: NEWSLETTER_NOTICE, withdrawnAt: expect.any(String) })]);

    const password = page.getByLabel("Your password, to confirm");
    await password.fill("not my password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert")).toHaveText("That password is not right");
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page, "/account with a refused password");

    await password.fill(shopper.password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status").getByText("Your account is deleted")).toBeVisible();
    await expect(accountMenu(page, shopper.name)).toHaveCount(0);
    const login = await page.request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password }, headers: { Origin: appOrigin() } });
    expect(login.status()).toBe(401);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  });
}

for (const device of ["desktop", "phone @mobile"] as const) {
  test(`on a ${device}: the seller finds a shopper who asked by e-mail, downloads their data and erases it`, async ({ sellerPage, page, shopper }) => {
    await placeOrderByApi(page, shopper);
    await openSellerPage(sellerPage, "/seller");
    await sellerPage.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Data requests" }).click();
    await expect(sellerPage.getByRole("heading", { level: 1 })).toHaveText("Data requests");
    await sellerPage.getByLabel("The account's e-mail").fill("nobody-here@example.com");
    await sellerPage.getByRole("button", { name: "Find account" }).click();
    await expect(sellerPage.getByRole("status").getByText("No account has the e-mail nobody-here@example.com.")).toBeVisible();

    await sellerPage.getByLabel("The account's e-mail").fill(shopper.email);
    await sellerPage.getByRole("button", { name: "Find account" }).click();
    const account = sellerPage.getByRole("region", { name: shopper.name });
    await expect(account).toContainText("1 order");
    await expectNoSeriousViolations(sellerPage, "/seller/data-requests with an account found");
    const download = sellerPage.waitForEvent("download");
    await account.getByRole("link", { name: "Download their data" }).click();
    const data = JSON.parse(await readFile((await (await download).path())!, "utf8")) as { profile: { email: string } };
    expect(data.profile.email).toBe(shopper.email);

    // The confirmation must be ticked: the browser asks for it before anything is sent.
    await account.getByRole("button", { name: "Erase their personal data" }).click();
    await expect(account).toBeVisible();
    await account.getByRole("checkbox").check();
    await account.getByRole("button", { name: "Erase their personal data" }).click();
    await expect(sellerPage.getByRole("status").getByText("The account is deleted")).toBeVisible();
    await expect(sellerPage.getByText(`No account has the e-mail ${shopper.email}.`)).toBeVisible();
    const login = await page.request.post("/api/user/login", { data: { email: shopper.email, password: shopper.password }, headers: { Origin: appOrigin() } });
    expect(login.status()).toBe(401);
  });
}
