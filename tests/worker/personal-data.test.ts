/**
 * A shopper's data rights (ADR 074): a copy of their data (API, the /account/data file), and deleting the
 * account (API with the password, the /account form, the seller for a shopper who asks by e-mail): what
 * goes, what stays for the tax records, every session ended; wrong password, wrong user and wrong role refused.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as accountRoute from "~/routes/account/account";
import * as accountDataRoute from "~/routes/account/account-data";
import { placeOrder } from "@worker/services/orders";
import { ACCOUNT_DELETED, eraseInactiveAccounts } from "@worker/services/personal-data";
import { NEWSLETTER_NOTICE } from "@shared/accounts";
import { runScheduledJobs } from "@worker/jobs/scheduled";
import { db, insertProduct } from "../support/builders";
import { call, freshIp, json, ORIGIN, postJson } from "../support/http";
import { dataOf, runRoute, statusOf } from "../support/routes";
import { sellerLogin } from "../support/seller";
import { DEFAULT_SETTINGS_INPUT, saveSettings } from "../support/settings";
import { addAddress, cookiesFrom, signUp, VALID_ADDRESS, type Shopper } from "../support/shoppers";

/** A shopper with an address, a cash-on-delivery order and the newsletter. */
async function activeShopper(): Promise<Shopper & { orderId: string }> {
  const shopper = await signUp({ name: "Meera Iyer" });
  const address = await addAddress(shopper, { ...VALID_ADDRESS, firstName: "Meera", lastName: "Iyer", email: shopper.email, phone: "+91 99887 76655" });
  const apple = await insertProduct({ name: "Apple 1 kg" });
  const { order } = await placeOrder({ db: db(), env }, { id: shopper.id }, { items: [{ product: apple.id, quantity: 2 }], address }, "COD");
  expect((await postJson("/api/newsletter/subscribe", { email: shopper.email }, freshIp())).status).toBe(201);
  return { ...shopper, orderId: order.id };
}

const isSignedIn = async (cookie: string) => (await call("/api/user/is-auth", { headers: { Cookie: cookie } })).status === 200;
const row = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<Record<string, unknown>>();

describe("a copy of the shopper's data", () => {
  it("holds the profile, the addresses, the orders and the consents, and only the shopper's own", async () => {
    const meera = await activeShopper();
    const other = await activeShopper();
    const response = await call("/api/user/data", { headers: { Cookie: meera.cookie } });
    expect(response.status).toBe(200);
    const { data } = await json<{ data: Record<string, { [key: string]: unknown }[]> & { profile: object } }>(response);
    expect(data.profile).toMatchObject({ name: "Meera Iyer", email: meera.email, cart: {} });
    expect(data.addresses).toEqual([expect.objectContaining({ firstName: "Meera", phone: "+91 99887 76655", isDefault: true })]);
    expect(data.orders).toEqual([expect.objectContaining({ _id: meera.orderId, amount: expect.any(Number) })]);
    expect(data.consents).toEqual([{ purpose: "newsletter", email: meera.email, wording: NEWSLETTER_NOTICE, givenAt: expect.any(String), withdrawnAt: null }]);
    expect(JSON.stringify(data)).not.toContain(other.orderId);

    expect((await call("/api/user/data")).status).toBe(401);
  });

  it("downloads from My Account as a JSON file; a guest is sent to log in", async () => {
    const meera = await activeShopper();
    const file = await runRoute(accountDataRoute.loader, { path: "/account/data", cookie: meera.cookie });
    const response = file.value as Response;
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="my-data.json"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(JSON.parse(await response.text())).toMatchObject({ profile: { email: meera.email } });
    const guest = await runRoute(accountDataRoute.loader, { path: "/account/data" });
    expect(statusOf(guest)).toBe(302);
  });
});

describe("deleting the account", () => {
  it("with the password: sign-in, addresses, cart and consents go, every session ends; the order stays without the person", async () => {
    const meera = await activeShopper();
    const elsewhere = cookiesFrom(await postJson("/api/user/login", { email: meera.email, password: meera.password }, freshIp()));
    expect(await isSignedIn(elsewhere)).toBe(true);

    const wrong = await postJson("/api/user/delete", { password: "not my password" }, { Cookie: meera.cookie });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).msg).toBe("That password is not right");
    expect(await isSignedIn(meera.cookie)).toBe(true);

    const deleted = await postJson("/api/user/delete", { password: meera.password }, { Cookie: meera.cookie });
    expect(deleted.status).toBe(200);
    expect((await json(deleted)).msg).toBe(ACCOUNT_DELETED);
    expect(deleted.headers.getSetCookie().some((cookie) => cookie.startsWith("sid=;"))).toBe(true);
    expect(await isSignedIn(meera.cookie)).toBe(false);
    expect(await isSignedIn(elsewhere)).toBe(false); // the other device too

    expect(await row("SELECT count(*) AS n FROM addresses WHERE user_id = ?", meera.id)).toEqual({ n: 0 });
    expect(await row("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?", meera.email)).toEqual({ n: 0 });
    const order = await row("SELECT address, search_name, search_phone, search_email, amount_paise FROM orders WHERE id = ?", meera.orderId);
    expect(JSON.parse(order!.address as string)).toMatchObject({ firstName: "Erased account", lastName: "", email: "", phone: "", city: "Bengaluru" });
    expect(order).toMatchObject({ search_name: "", search_phone: "", search_email: "" });
    expect(JSON.stringify(await row("SELECT * FROM users WHERE id = ?", meera.id))).not.toMatch(/Meera|shopper/);

    const seller = await sellerLogin();
    const found = await json<{ orders: unknown[] }>(await call("/api/order/seller?q=Meera%20Iyer", { headers: { Cookie: seller } }));
    expect(found.orders).toEqual([]);
    expect((await postJson("/api/user/login", { email: meera.email, password: meera.password }, freshIp())).status).toBe(401);
    // The e-mail is free for a new account.
    expect((await postJson("/api/user/register", { name: "Meera", email: meera.email, password: meera.password }, freshIp())).status).toBe(201);
  });

  it("from My Account: a wrong password is said under the field; the right one signs out and goes home, saying so", async () => {
    const meera = await activeShopper();
    const refused = await runRoute(accountRoute.action, { path: "/account", cookie: meera.cookie, form: { password: "nope" } });
    expect(dataOf(refused)).toMatchObject({ ok: false, field: "password", msg: "That password is not right" });
    const done = await runRoute(accountRoute.action, { path: "/account", cookie: meera.cookie, form: { password: meera.password }, document: true });
    const response = done.thrown ?? done.value;
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe("/");
    expect(await isSignedIn(meera.cookie)).toBe(false);
    expect(statusOf(await runRoute(accountRoute.loader, { path: "/account", cookie: meera.cookie }))).toBe(302);
  });
});

describe("the seller, for a shopper who asks by e-mail", () => {
  it("gets their data and erases their account; a shopper gets 403, a guest 401, an unknown e-mail 404", async () => {
    const meera = await activeShopper();
    const seller = await sellerLogin();
    const copy = await postJson("/api/seller/personal-data", { email: meera.email.toUpperCase() }, { Cookie: seller });
    expect(copy.status).toBe(200);
    expect((await json<{ data: { profile: object } }>(copy)).data.profile).toMatchObject({ email: meera.email });
    expect((await postJson("/api/seller/personal-data", { email: meera.email }, { Cookie: meera.cookie })).status).toBe(403);
    expect((await postJson("/api/seller/personal-data/erase", { email: meera.email })).status).toBe(401);
    expect((await postJson("/api/seller/personal-data", { email: "nobody@example.com" }, { Cookie: seller })).status).toBe(404);
    expect((await postJson("/api/seller/personal-data", { email: "not an e-mail" }, { Cookie: seller })).status).toBe(400);

    expect((await postJson("/api/seller/personal-data/erase", { email: meera.email }, { Cookie: seller })).status).toBe(200);
    expect(await isSignedIn(meera.cookie)).toBe(false);
    expect((await postJson("/api/seller/personal-data/erase", { email: meera.email }, { Cookie: seller })).status).toBe(404);
  });

  it("from the Data requests page: find the account, download its file, erase it without JavaScript; a shopper and a guest are refused", async () => {
    const meera = await activeShopper();
    const seller = await sellerLogin();
    const page = async (query: string, cookie = seller) => {
      const response = await call(`/seller/data-requests${query}`, { headers: { Cookie: cookie } });
      return (await response.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    };
    const found = await page(`?email=${encodeURIComponent(meera.email.toUpperCase())}`);
    expect(found).toContain(`Meera Iyer ${meera.email} · since`);
    expect(found).toContain("· 1 order Download their data");
    expect(await page("?email=nobody%40example.com")).toContain("No account has the e-mail nobody@example.com.");
    expect(await page("?email=not+an+e-mail")).toContain("Enter a valid e-mail address");

    const exportOf = (email: string, cookie = seller) =>
      call(`/seller/data-requests/export?${new URLSearchParams({ email })}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const file = await exportOf(meera.email);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="personal-data.json"');
    expect(((await file.json()) as { profile: object }).profile).toMatchObject({ name: "Meera Iyer", email: meera.email });
    expect((await exportOf("nobody@example.com")).status).toBe(404);

    const erase = (cookie: string) =>
      call(`/seller/data-requests?${new URLSearchParams({ email: meera.email })}`, {
        method: "POST",
        body: new URLSearchParams({ email: meera.email }),
        headers: { Cookie: cookie, Origin: ORIGIN, "Sec-Fetch-Dest": "document" },
        redirect: "manual",
      });
    // A shopper and a guest reach neither the file nor the form: the seller's login is asked for.
    for (const cookie of [meera.cookie, ""]) {
      expect((await exportOf(meera.email, cookie)).status).toBe(401);
      expect((await erase(cookie)).status).toBe(401);
    }
    expect(await row("SELECT name FROM users WHERE id = ?", meera.id)).toEqual({ name: "Meera Iyer" });

    const erased = await erase(seller);
    expect(erased.status).toBe(303);
    expect(await row("SELECT name FROM users WHERE id = ?", meera.id)).toEqual({ name: "Erased account" });
    expect(await isSignedIn(meera.cookie)).toBe(false);
    const next = await page(new URL(erased.headers.get("Location")!, ORIGIN).search, `${seller}; ${cookiesFrom(erased)}`);
    expect(next).toContain(ACCOUNT_DELETED);
    expect(next).toContain(`No account has the e-mail ${meera.email}.`);
  });
});

describe("consent, as asked and withdrawn", () => {
  it("keeps the notice shown with the time; My Account withdraws it, and subscribing again gives it anew", async () => {
    const meera = await activeShopper();
    const page = async () =>
      dataOf<{ newsletter: { wording: string; withdrawnAt: number | null } }>(await runRoute(accountRoute.loader, { path: "/account", cookie: meera.cookie }));
    expect((await page()).newsletter).toMatchObject({ wording: NEWSLETTER_NOTICE, withdrawnAt: null });
    const withdrawn = await runRoute(accountRoute.action, { path: "/account", cookie: meera.cookie, form: { intent: "withdraw-newsletter" } });
    expect(dataOf(withdrawn)).toMatchObject({ ok: true, msg: "Consent withdrawn: no more newsletters" });
    expect((await page()).newsletter.withdrawnAt).toEqual(expect.any(Number));
    expect(await isSignedIn(meera.cookie)).toBe(true); // withdrawing deletes nothing else

    const again = await postJson("/api/newsletter/subscribe", { email: meera.email }, freshIp());
    expect(again.status).toBe(201);
    expect((await page()).newsletter.withdrawnAt).toBeNull();
    expect((await postJson("/api/newsletter/subscribe", { email: meera.email }, freshIp())).status).toBe(200); // already subscribed
  });
});

describe("the retention sweep (a Cron Trigger)", () => {
  const YEAR = 365.25 * 24 * 60 * 60 * 1000;

  it("erases accounts with no sign-in and no order for the store's period, counted from the last of either", async () => {
    const idle = await activeShopper();
    const ordering = await activeShopper();
    const now = Date.now();
    // Idle for three years and a day; the other signed in long ago but ordered a year ago.
    await env.DB.prepare("UPDATE users SET last_active_at = ? WHERE id = ?")
      .bind(now - 3 * YEAR - 86_400_000, idle.id)
      .run();
    await env.DB.prepare("UPDATE users SET last_active_at = ? WHERE id = ?")
      .bind(now - YEAR, ordering.id)
      .run();
    expect(await eraseInactiveAccounts({ db: db(), env }, now - 2 * 86_400_000)).toBe(0); // two days earlier: not yet
    await runScheduledJobs({ scheduledTime: now, cron: "* * * * *", noRetry() {} } as ScheduledController, env);
    expect(await row("SELECT name, last_active_at FROM users WHERE id = ?", idle.id)).toEqual({ name: "Erased account", last_active_at: null });
    expect(await isSignedIn(idle.cookie)).toBe(false);
    expect(await row("SELECT name FROM users WHERE id = ?", ordering.id)).toEqual({ name: "Meera Iyer" });
    expect(await eraseInactiveAccounts({ db: db(), env }, now)).toBe(0); // an erased account is not swept again

    // The period is the seller's setting; a sign-in or an order moves the clock.
    await saveSettings(await sellerLogin(), { retentionYears: 1 });
    const login = await postJson("/api/user/login", { email: ordering.email, password: ordering.password }, freshIp());
    expect(login.status).toBe(200);
    expect(await eraseInactiveAccounts({ db: db(), env }, now + 1000)).toBe(0);
    expect(await eraseInactiveAccounts({ db: db(), env }, Date.now() + YEAR + 1000)).toBe(1);
  });

  it("the setting: 1 to 10 whole years, absent three", async () => {
    const seller = await sellerLogin();
    for (const [retentionYears, msg] of [
      [0, "The retention period must be at least 1"],
      [11, "The retention period must be at most 10"],
      [2.5, "The retention period must be a whole number"],
    ] as const) {
      const refused = await postJson("/api/seller/settings", { ...DEFAULT_SETTINGS_INPUT, retentionYears }, { Cookie: seller });
      expect(refused.status).toBe(400);
      expect((await json(refused)).msg).toBe(msg);
    }
    const { retentionYears: _absent, ...withoutIt } = DEFAULT_SETTINGS_INPUT;
    const saved = await postJson("/api/seller/settings", withoutIt, { Cookie: seller });
    expect((await json<{ settings: { retentionYears: number } }>(saved)).settings.retentionYears).toBe(3);
  });
});
