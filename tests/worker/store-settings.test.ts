/**
 * The store's settings (worker/services/store-settings.ts, ADR 028): the defaults a fresh store
 * shows, the seller's API and page action, validation (each bad input a clear 400 that changes
 * nothing), the seller alone, and the shopper pages following a save.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_STORE_SETTINGS, readStoreSettings } from "@worker/services/store-settings";
import { getDb } from "@worker/db/client";
import { MAX_FORM_BYTES } from "@worker/request-body";
import * as settingsPage from "~/routes/seller/settings";
import { call, json, ORIGIN, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { DEFAULT_SETTINGS_INPUT, pageContext, pageForm, saveSettings } from "../support/settings";
import { signUp } from "../support/shoppers";

type ApiSettings = typeof DEFAULT_SETTINGS_INPUT;

async function storedRow() {
  return env.DB.prepare("SELECT * FROM store_settings").first();
}

// A new store has no settings row (setup.ts writes the tests' open-all-day one).
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM store_settings").run();
});

/** A week open 7 am to 11 pm but for Thursday's `thursday`. */
const week = (thursday: unknown) => [...Array(3).fill({ opens: "07:00", closes: "23:00" }), thursday, ...Array(3).fill({ opens: "07:00", closes: "23:00" })];

describe("the store's settings", () => {
  it("a fresh store has the spec's: Karnataka, express pincodes in 30 min, 2-7 business days, 2% tax, the contact page's details", async () => {
    const seller = await sellerLogin();
    const response = await call("/api/seller/settings", { headers: { Cookie: seller } });
    expect(response.status).toBe(200);
    const { settings } = await json<{ settings: ApiSettings }>(response);
    expect(settings).toMatchObject({ state: "Karnataka", standardMinDays: 2, standardMaxDays: 7, taxPercent: 2 });
    expect(settings.expressPincodes).toContainEqual({ pincode: "560001", etaMinutes: 30 });
    expect(settings.contact).toEqual({
      email: "support@greenbasket.example",
      phone: "+91 80000 00000",
      legalName: "GreenBasket Retail Pvt. Ltd.",
      office: "12 Market Road\nBengaluru, Karnataka 560001\nIndia",
      gstin: null,
    });
    expect(await storedRow()).toBeNull(); // the defaults live in code until the first save
  });

  it("the seller saves them through the API; the answer and a later read agree", async () => {
    const seller = await sellerLogin();
    const changes = {
      state: "Tamil Nadu",
      expressPincodes: [
        { pincode: "600004", etaMinutes: 25 },
        { pincode: "600006", etaMinutes: 40 },
      ],
      standardMinDays: 1,
      standardMaxDays: 4,
      taxPercent: 5.5,
      contact: {
        email: "Help@Shop.Example",
        phone: "+91 44 2345 6789",
        legalName: "Chennai Fresh LLP",
        office: "1 Anna Salai\nChennai 600002",
        gstin: "33aapfu0939f1z 2",
      },
      // Monday to Saturday 9 am to 9 pm, Sunday closed; "00:00" closes at midnight.
      openingHours: [...Array(5).fill({ opens: "09:00", closes: "21:00" }), { opens: "08:30", closes: "00:00" }, null],
      holidays: ["2027-01-26", "2026-12-25"],
      paused: true,
    };
    const saved = await json<{ settings: ApiSettings; msg: string }>(await saveSettings(seller, changes));
    expect(saved.msg).toBe("Settings saved");
    // The e-mail lower-cased, the GSTIN upper-cased without spaces.
    // No fees: each null.
    const noFees = { deliveryFee: null, freeDeliveryFrom: null, minimumOrder: null, smallCartFee: null, smallCartBelow: null };
    // The GST rates (ADR 073) and the retention period (ADR 074) as the defaults sent them.
    expect(saved.settings).toEqual({
      ...changes,
      ...noFees,
      gstRates: [0, 5, 18, 40],
      retentionYears: 3,
      contact: { ...changes.contact, email: "help@shop.example", gstin: "33AAPFU0939F1Z2" },
      holidays: ["2026-12-25", "2027-01-26"],
    });
    expect((await json<{ settings: ApiSettings }>(await call("/api/seller/settings", { headers: { Cookie: seller } }))).settings).toEqual(saved.settings);
    expect(await storedRow()).toMatchObject({ state: "Tamil Nadu", tax_basis_points: 550, standard_min_days: 1, standard_max_days: 4 });
    // Shopper pages see it at once in this isolate (and within a minute in others, ADR 028).
    expect(await readStoreSettings(getDb(env))).toMatchObject({ state: "Tamil Nadu", taxBasisPoints: 550, paused: true });
    expect((await readStoreSettings(getDb(env))).openingHours).toEqual([...Array(5).fill([540, 1260]), [510, 1440], null]);
  });

  let refusalsSeller: string | undefined;
  it.each([
    [{ state: "Atlantis" }, "Choose the state you deliver in from the list of states and union territories"],
    [{ expressPincodes: [{ pincode: "400001", etaMinutes: 30 }] }, "Express pincode 400001 is not in Karnataka"],
    [
      {
        expressPincodes: [
          { pincode: "560001", etaMinutes: 30 },
          { pincode: "560001", etaMinutes: 20 },
        ],
      },
      "Express pincode 560001 is listed twice",
    ],
    [{ expressPincodes: [{ pincode: "56001", etaMinutes: 30 }] }, "Express pincode “56001” is not a 6-digit PIN code, such as 560001"],
    [{ expressPincodes: "560001 30\n5600O1 25" }, "Express pincode “5600O1” is not a 6-digit PIN code, such as 560001"],
    [{ expressPincodes: [{ pincode: { nested: true }, etaMinutes: 30 }] }, "Express pincode is not a 6-digit PIN code, such as 560001"],
    [{ expressPincodes: [{ pincode: "560001", etaMinutes: 0 }] }, "Express pincode 560001: the delivery time must be a whole number of minutes from 5 to 240"],
    [
      { expressPincodes: [{ pincode: "560001", etaMinutes: 12.5 }] },
      "Express pincode 560001: the delivery time must be a whole number of minutes from 5 to 240",
    ],
    [
      { expressPincodes: [{ pincode: "560001", etaMinutes: null }] },
      "Express pincode 560001: the delivery time must be a whole number of minutes from 5 to 240",
    ],
    [{ expressPincodes: "560001 thirty" }, "Express pincode 560001: the delivery time must be a whole number of minutes from 5 to 240"],
    // A minus sign belongs to its number: "-5" minutes is refused, never read as 5.
    [{ expressPincodes: "560001 30\n560034 -5" }, "Express pincode 560034: the delivery time must be a whole number of minutes from 5 to 240"],
    [{ expressPincodes: "560001 241" }, "Express pincode 560001: the delivery time must be a whole number of minutes from 5 to 240"],
    [{ expressPincodes: Array.from({ length: 301 }, (_, i) => ({ pincode: String(560001 + i), etaMinutes: 30 })) }, "At most 300 express pincodes"],
    [{ standardMinDays: 5, standardMaxDays: 2 }, "The longest standard delivery cannot be shorter than the shortest"],
    [{ standardMinDays: 0 }, "The shortest standard delivery must be at least 1"],
    [{ standardMaxDays: 31 }, "The longest standard delivery must be at most 30"],
    [{ taxPercent: -1 }, "The tax rate cannot be negative"],
    [{ taxPercent: 29 }, "The tax rate must be at most 28%"],
    [{ taxPercent: 2.005 }, "Use at most 2 decimals for the tax rate"],
    [{ taxPercent: "two" }, "The tax rate must be a number"],
    [{ contact: { ...DEFAULT_SETTINGS_INPUT.contact, email: "not-an-email" } }, "Enter a valid e-mail address"],
    [{ contact: { ...DEFAULT_SETTINGS_INPUT.contact, phone: "call us" } }, "Enter the contact phone number, such as +91 80000 00000"],
    [{ contact: { ...DEFAULT_SETTINGS_INPUT.contact, office: "" } }, "Enter the registered office address"],
    [{ openingHours: [{ opens: "07:00", closes: "23:00" }] }, "List the opening hours of the seven days, Monday first"],
    [{ openingHours: "every day" }, "List the opening hours of the seven days, Monday first"],
    [{ openingHours: week({ opens: "07:00" }) }, "Thursday: enter the opening and closing times, such as 07:00 and 23:00, or neither if closed"],
    [
      { openingHours: week({ opens: "7 am", closes: "11 pm" }) },
      "Thursday: enter the opening and closing times, such as 07:00 and 23:00, or neither if closed",
    ],
    [{ openingHours: week({ opens: "07:10", closes: "23:00" }) }, "Thursday: set the hours in quarter hours, such as 07:00 or 22:30"],
    [{ openingHours: week({ opens: "22:00", closes: "02:00" }) }, "Thursday: the store must close after it opens (00:00 is midnight)"],
    [{ holidays: ["2026-02-30"] }, "Holiday “2026-02-30” is not a date such as 2026-12-25"],
    [{ holidays: "25/12/2026" }, "Holiday “25/12/2026” is not a date such as 2026-12-25"],
    [{ paused: "yes" }, "Say true or false for paused"],
    [{ surprise: true }, undefined],
  ])("refuses %j with 400 and a clear message, changing nothing", async (change, message) => {
    const seller = (refusalsSeller ??= await sellerLogin()); // one login: the seller's logins are braked at 30 a minute
    await saveSettings(seller, {}); // a stored row to compare against
    const before = await storedRow();
    const response = await postJson("/api/seller/settings", { ...DEFAULT_SETTINGS_INPUT, ...change }, { Cookie: seller });
    expect(response.status).toBe(400);
    const body = await json<{ success: boolean; msg: string }>(response);
    expect(body.success).toBe(false);
    if (message) expect(body.msg).toBe(message);
    expect(await storedRow()).toEqual(before);
  });

  it("reads a blank number as missing, never as 0 (an empty tax rate was saved as 0%): 400, nothing changed", async () => {
    const seller = await sellerLogin();
    await saveSettings(seller, {});
    const before = await storedRow();
    const cases: [Record<string, unknown>, string][] = [
      [{ taxPercent: "" }, "Enter the tax rate (0 for none)"],
      [{ taxPercent: null }, "Enter the tax rate (0 for none)"],
      [{ taxPercent: " " }, "Enter the tax rate (0 for none)"],
      [{ standardMaxDays: "" }, "Enter the longest standard delivery"],
      [{ standardMinDays: null }, "Enter the shortest standard delivery"],
      [
        { expressPincodes: [{ pincode: "560001", etaMinutes: "" }] },
        "Express pincode 560001: the delivery time must be a whole number of minutes from 5 to 240",
      ],
    ];
    for (const [change, message] of cases) {
      const response = await postJson("/api/seller/settings", { ...DEFAULT_SETTINGS_INPUT, ...change }, { Cookie: seller });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toBe(message);
    }
    expect(await storedRow()).toEqual(before);
  });

  it("refuses a blank address, a missing or long legal name, a GSTIN of the wrong shape or with a typo: 400, the field's message, nothing changed", async () => {
    const seller = await sellerLogin(); // one login for all (the seller's logins are rate-limited)
    await saveSettings(seller, {});
    const before = await storedRow();
    const cases: [Record<string, unknown>, string][] = [
      [{ office: " \n \n" }, "Enter the registered office address"],
      [{ legalName: " " }, "Enter the business's legal name"],
      [{ legalName: undefined }, "Enter the business's legal name"],
      [{ legalName: "x".repeat(121) }, "Keep the business's legal name under 120 characters"],
      [{ gstin: "29ABCDE1234F1Z" }, "Enter the 15-character GSTIN, such as 29ABCDE1234F1ZW"],
      [{ gstin: "29ABCDE1234F0ZW" }, "Enter the 15-character GSTIN, such as 29ABCDE1234F1ZW"],
      [{ gstin: "29ABCDE1234F1ZX" }, "That GSTIN's last character does not match: check it for a typo"],
      [{ gstin: 29 }, "Enter the GSTIN as text"],
    ];
    for (const [change, message] of cases) {
      const response = await postJson(
        "/api/seller/settings",
        { ...DEFAULT_SETTINGS_INPUT, contact: { ...DEFAULT_SETTINGS_INPUT.contact, ...change } },
        { Cookie: seller },
      );
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toBe(message);
    }
    expect(await storedRow()).toEqual(before);
  });

  it("refuses a body that is not JSON (415) or not an object (400)", async () => {
    const seller = await sellerLogin();
    const form = await call("/api/seller/settings", {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: seller, "Content-Type": "text/plain" },
      body: "state=Goa",
    });
    expect(form.status).toBe(415);
    expect((await postJson("/api/seller/settings", "[1,2]", { Cookie: seller })).status).toBe(400);
    expect(await storedRow()).toBeNull();
  });

  it("is the seller's alone: a guest and a shopper get 401 to read or write, another site 403", async () => {
    const shopper = await signUp();
    for (const cookie of [undefined, shopper.cookie]) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      expect((await call("/api/seller/settings", { headers })).status).toBe(401);
      expect((await postJson("/api/seller/settings", { ...DEFAULT_SETTINGS_INPUT, taxPercent: 0 }, headers)).status).toBe(401);
    }
    const seller = await sellerLogin();
    const crossSite = await call("/api/seller/settings", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: seller, "Content-Type": "application/json" },
      body: JSON.stringify({ ...DEFAULT_SETTINGS_INPUT, taxPercent: 0 }),
    });
    expect(crossSite.status).toBe(403);
    expect(await storedRow()).toBeNull();
    expect((await readStoreSettings(getDb(env))).taxBasisPoints).toBe(DEFAULT_STORE_SETTINGS.taxBasisPoints);
  });
});

describe("a row saved before the business details existed", () => {
  it("reads with the default legal name and no GSTIN, the legal name taken off the front of its office", async () => {
    const oldContact = {
      email: "help@shop.example",
      phone: "+91 80000 00000",
      hours: "9 to 9",
      office: "GreenBasket Retail Pvt. Ltd., 12 Market Road, Bengaluru, Karnataka 560001, India",
    };
    await env.DB.prepare(
      "INSERT INTO store_settings (id, state, express_pincodes, standard_min_days, standard_max_days, tax_basis_points, contact, updated_at) VALUES (1, 'Karnataka', '[]', 2, 7, 200, ?, 0)",
    )
      .bind(JSON.stringify(oldContact))
      .run();
    const { hours: _hours, ...withoutHours } = oldContact; // hours are data now (ADR 076)
    expect((await readStoreSettings(getDb(env))).contact).toEqual({
      ...withoutHours,
      legalName: "GreenBasket Retail Pvt. Ltd.",
      office: "12 Market Road, Bengaluru, Karnataka 560001, India",
      gstin: null,
    });
  });
});

describe("the Settings page's form", () => {
  const FORM = {
    state: "Karnataka",
    expressPincodes: "560001 30\r\n560034: 20 min\n\n560100 - 45 minutes\n560025-15",
    standardMinDays: "2",
    standardMaxDays: "6",
    taxPercent: "2.5",
    contactEmail: "support@greenbasket.example",
    contactPhone: "+91 80000 00000",
    contactOffice: "12 Market Road, Bengaluru",
    contactLegalName: "GreenBasket Retail Pvt. Ltd.",
    contactGstin: "",
  };

  async function post(fields: Record<string, string>, document = false) {
    const request = pageForm("/seller/settings", fields, { document });
    return settingsPage.action({ request, context: await pageContext(request), params: {} } as never);
  }

  it("reads the express pincodes one per line and saves; without JavaScript it redirects back (Post/Redirect/Get)", async () => {
    const answer = await post(FORM);
    expect(answer).toEqual({ ok: true, msg: "Settings saved" });
    const saved = await readStoreSettings(getDb(env));
    expect(saved.expressPincodes).toEqual([
      { pincode: "560001", etaMinutes: 30 },
      { pincode: "560034", etaMinutes: 20 },
      { pincode: "560100", etaMinutes: 45 },
      { pincode: "560025", etaMinutes: 15 },
    ]);
    expect(saved).toMatchObject({ standardMaxDays: 6, taxBasisPoints: 250, contact: { office: "12 Market Road, Bengaluru" } });

    const redirected = (await post(FORM, true)) as Response;
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get("Location")).toBe("/seller/settings");
  });

  it("the page's pause box posts what the action reads when ticked", async () => {
    const html = await (await call("/seller/settings", { headers: { Cookie: await sellerLogin() } })).text();
    const box = html.match(/<input[^>]*name="paused"[^>]*>/)?.[0];
    expect(box).toMatch(/type="checkbox"/);
    expect(box).toMatch(/value="on"/);
  });

  it("refused without JavaScript, the pause box shows as it was posted, ticked or not, whatever is stored", async () => {
    const seller = await sellerLogin();
    const boxAfterRefusal = async (fields: Record<string, string>) => {
      const body = new URLSearchParams({ ...FORM, taxPercent: "many", ...fields });
      const headers = { Cookie: seller, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Dest": "document" };
      const page = await call("/seller/settings", { method: "POST", body, headers });
      expect(page.status).toBe(400);
      return (await page.text()).match(/<input[^>]*name="paused"[^>]*>/)![0];
    };
    await saveSettings(seller, { paused: true });
    expect(await boxAfterRefusal({})).not.toMatch(/checked/);
    await saveSettings(seller, { paused: false });
    expect(await boxAfterRefusal({ paused: "on" })).toMatch(/checked/);
  });

  it("saves the opening hours a day per row (empty: closed), the holidays and the pause; unticked, the pause ends", async () => {
    const week = Object.fromEntries(
      [0, 1, 2, 3, 4, 5].flatMap((day) => [
        [`opens${day}`, "07:00"],
        [`closes${day}`, day === 5 ? "00:00" : "22:30"],
      ]),
    );
    const hours = { ...week, opens6: "", closes6: "", holidays: "2026-12-25 2026-10-20, 2026-12-25", paused: "on" };
    expect(await post({ ...FORM, ...hours })).toEqual({ ok: true, msg: "Settings saved" });
    expect(await readStoreSettings(getDb(env))).toMatchObject({
      openingHours: [...Array(5).fill([420, 1350]), [420, 1440], null],
      holidays: ["2026-10-20", "2026-12-25"],
      paused: true,
    });
    const { paused: _paused, ...unticked } = hours;
    expect(await post({ ...FORM, ...unticked })).toEqual({ ok: true, msg: "Settings saved" });
    expect(await readStoreSettings(getDb(env))).toMatchObject({ paused: false });
    // A day with one time only is named, and nothing changes.
    expect(await post({ ...FORM, ...unticked, closes2: "" })).toMatchObject({
      data: { ok: false, msg: "Wednesday: enter the opening and closing times, such as 07:00 and 23:00, or neither if closed" },
      init: { status: 400 },
    });
    expect((await readStoreSettings(getDb(env))).openingHours[2]).toEqual([420, 1350]);
  });

  it("saves the business details the invoices print: the legal name, the address line by line, the GSTIN (empty is none)", async () => {
    const business = {
      contactLegalName: "  Sharma Kirana Stores  ",
      contactOffice: " 4 Temple Street \r\n\r\nMysuru 570001\r\n",
      contactGstin: " 29abcde1234f1zw ",
    };
    expect(await post({ ...FORM, ...business })).toEqual({ ok: true, msg: "Settings saved" });
    expect((await readStoreSettings(getDb(env))).contact).toMatchObject({
      legalName: "Sharma Kirana Stores",
      office: "4 Temple Street\nMysuru 570001",
      gstin: "29ABCDE1234F1ZW",
    });
    expect(await post({ ...FORM, ...business, contactGstin: "" })).toEqual({ ok: true, msg: "Settings saved" });
    expect((await readStoreSettings(getDb(env))).contact.gstin).toBeNull();
  });

  it("refuses a mistyped GSTIN or a missing legal name with the field's message, and saves nothing", async () => {
    expect(await post({ ...FORM, contactGstin: "29ABCDE1234F1ZX" })).toMatchObject({
      data: { ok: false, msg: "That GSTIN's last character does not match: check it for a typo" },
      init: { status: 400 },
    });
    expect(await post({ ...FORM, contactLegalName: "" })).toMatchObject({ data: { ok: false, msg: "Enter the business's legal name" }, init: { status: 400 } });
    expect(await storedRow()).toBeNull();
  });

  it("refused without JavaScript, the page gets back what was typed to show again; through a fetcher, the message alone", async () => {
    const typed = { ...FORM, expressPincodes: "560001 30\n560034", contactPhone: "+91 80000 00001" };
    const refused = await post(typed, true);
    expect(refused).toMatchObject({ data: { ok: false, msg: expect.stringContaining("line 2"), typed }, init: { status: 400 } });
    expect(((await post(typed)) as { data: object }).data).not.toHaveProperty("typed");
    // A body refused for its size is not read again to show it.
    const oversized = await post({ ...typed, contactOffice: "x".repeat(MAX_FORM_BYTES) }, true);
    expect(oversized).toMatchObject({ init: { status: 413 } });
    expect((oversized as { data: object }).data).not.toHaveProperty("typed");
    expect(await storedRow()).toBeNull();
  });

  it("PIN codes with the same time may share a line, and groups may share one, with commas as a seller types them", async () => {
    expect(await post({ ...FORM, expressPincodes: "560001, 560002 25\n560003 30, 560004: 20 min; 560005 - 15" })).toEqual({ ok: true, msg: "Settings saved" });
    expect((await readStoreSettings(getDb(env))).expressPincodes).toEqual([
      { pincode: "560001", etaMinutes: 25 },
      { pincode: "560002", etaMinutes: 25 },
      { pincode: "560003", etaMinutes: 30 },
      { pincode: "560004", etaMinutes: 20 },
      { pincode: "560005", etaMinutes: 15 },
    ]);
  });

  it.each([
    ["560001 30\n560034", 'Express pincodes, line 2: add the minutes after 560034, such as "560034 30"'],
    ["560001, 560002", 'Express pincodes, line 1: add the minutes after 560002, such as "560002 30"'],
    ["560001 30\n\n30 560034", 'Express pincodes, line 3: “30” has no PIN code before it: write the PIN code and the minutes, such as "560001 30"'],
    ["560001 30 40", 'Express pincodes, line 1: “40” has no PIN code before it: write the PIN code and the minutes, such as "560001 30"'],
    ["560001-560009 30", "Express pincodes, line 1: list each PIN code, not a range (“560001-560009”)"],
  ])("names the line it cannot read (%j) and what it lacks, and saves nothing", async (expressPincodes, msg) => {
    const refused = await post({ ...FORM, expressPincodes });
    expect(refused).toMatchObject({ data: { ok: false, msg }, init: { status: 400 } });
    expect(await storedRow()).toBeNull();
  });
});
