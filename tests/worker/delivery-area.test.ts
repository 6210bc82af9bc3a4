/**
 * The delivery area's rules (worker/services/delivery-area.ts, ADR 029): which state a PIN is in,
 * what the store promises for a pincode, and the top bar's "Deliver to" as the root loader gives
 * it: the guest's checked pincode (its form, with and without JavaScript) or the shopper's default
 * address.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { promiseText, storePromiseSentence } from "@shared/delivery";
import { deliveryPromise, assertDeliverable } from "@worker/services/delivery-area";
import { statesOfPincode } from "@worker/services/pincode-regions";
import { toStorefrontSettings } from "@worker/services/store-settings";
import { withEdgeCache } from "@worker/edge-cache";
import * as deliveryPage from "~/routes/shop/delivery";
import * as root from "~/root";
import { ORIGIN } from "../support/http";
import { sellerLogin } from "../support/seller";
import { pageContext, pageForm, saveSettings, TEST_STORE_SETTINGS } from "../support/settings";
import { addAddress, signUp, VALID_ADDRESS } from "../support/shoppers";

const STORE = TEST_STORE_SETTINGS; // Karnataka; 560001 express in 30 min; 2-7 business days; open around the clock

type RootData = Awaited<ReturnType<typeof root.loader>>;

async function rootData(cookie?: string): Promise<RootData> {
  const request = new Request(`${ORIGIN}/`, cookie ? { headers: { Cookie: cookie } } : {});
  return root.loader({ request, context: await pageContext(request), params: {} } as never);
}

describe("which state a PIN code is in", () => {
  it.each([
    ["110001", ["Delhi"]],
    ["400001", ["Maharashtra"]],
    ["403001", ["Goa"]],
    ["560001", ["Karnataka"]],
    ["600004", ["Tamil Nadu"]],
    ["682001", ["Kerala", "Lakshadweep"]],
    ["682555", ["Lakshadweep"]],
    ["737101", ["Sikkim"]],
    ["744101", ["Andaman and Nicobar Islands"]],
    ["160017", ["Chandigarh", "Punjab"]],
    ["834001", ["Jharkhand"]],
    ["800001", ["Bihar"]],
  ])("%s is in %j", (pin, states) => {
    expect(statesOfPincode(pin)).toEqual(states);
  });

  it("knows no state for what is not an Indian PIN: a leading 0, the Army Postal Service's 9…, wrong lengths, letters", () => {
    for (const pin of ["012345", "999001", "56000", "5600011", "56A001", ""]) expect(statesOfPincode(pin), pin).toEqual([]);
  });
});

describe("the promise for a pincode", () => {
  it("is express with the pincode's own minutes, standard elsewhere in the state, and not served outside it", () => {
    const area = {
      ...STORE,
      expressPincodes: [
        { pincode: "560001", etaMinutes: 30 },
        { pincode: "560034", etaMinutes: 20 },
      ],
    };
    expect(deliveryPromise(area, "560001")).toEqual({ kind: "express", etaMinutes: 30, opensAt: null });
    expect(deliveryPromise(area, "560034")).toEqual({ kind: "express", etaMinutes: 20, opensAt: null });
    expect(deliveryPromise(area, "560100")).toEqual({ kind: "standard", minDays: 2, maxDays: 7 });
    expect(deliveryPromise(area, "580001")).toEqual({ kind: "standard", minDays: 2, maxDays: 7 }); // Hubballi, still Karnataka
    expect(deliveryPromise(area, "400001")).toEqual({ kind: "unserved" });
    expect(deliveryPromise(area, "999001")).toEqual({ kind: "unserved" });
  });

  it("with an address, its state must be the store's too", () => {
    expect(deliveryPromise(STORE, "560100", "Karnataka")).toEqual({ kind: "standard", minDays: 2, maxDays: 7 });
    expect(deliveryPromise(STORE, "560100", "karnataka ")).toEqual({ kind: "standard", minDays: 2, maxDays: 7 });
    expect(deliveryPromise(STORE, "560100", "Kerala")).toEqual({ kind: "unserved" });
  });

  it("follows the store's state: a Kerala store serves Kochi but not Lakshadweep's islands, nor Bengaluru", () => {
    const kerala = { ...STORE, state: "Kerala" as const, expressPincodes: [{ pincode: "682001", etaMinutes: 25 }] };
    expect(deliveryPromise(kerala, "682001")).toEqual({ kind: "express", etaMinutes: 25, opensAt: null });
    expect(deliveryPromise(kerala, "695001")).toEqual({ kind: "standard", minDays: 2, maxDays: 7 });
    expect(deliveryPromise(kerala, "682555")).toEqual({ kind: "unserved" });
    expect(deliveryPromise(kerala, "560001")).toEqual({ kind: "unserved" });
  });

  it("is worded the same everywhere", () => {
    expect(promiseText({ kind: "express", etaMinutes: 30, opensAt: null }, "560001")).toBe("Delivery in 30 min");
    expect(promiseText({ kind: "standard", minDays: 2, maxDays: 7 }, "560100")).toBe("Delivery in 2-7 business days");
    expect(promiseText({ kind: "standard", minDays: 3, maxDays: 3 }, "560100")).toBe("Delivery in 3 business days");
    expect(promiseText({ kind: "unserved" }, "400001")).toBe("We don't deliver to 400001 yet");
    expect(storePromiseSentence(toStorefrontSettings(STORE))).toBe("In 30 minutes in our express areas, 2-7 business days anywhere else in Karnataka.");
    expect(storePromiseSentence(toStorefrontSettings({ ...STORE, expressPincodes: [] }))).toBe("Delivered in 2-7 business days anywhere in Karnataka.");
    // Express areas with different times: the range, never the fastest alone as if it held everywhere.
    const mixed = { ...STORE, expressPincodes: [...STORE.expressPincodes, { pincode: "560100", etaMinutes: 20 }, { pincode: "560102", etaMinutes: 45 }] };
    expect(storePromiseSentence(toStorefrontSettings(mixed))).toBe("In 20-45 minutes in our express areas, 2-7 business days anywhere else in Karnataka.");
  });

  it("the checkout's check refuses an address outside the area with a clear 409", () => {
    expect(assertDeliverable(STORE, { zipCode: "560001", state: "Karnataka" })).toEqual({ kind: "express", etaMinutes: 30, opensAt: null });
    const refused = (() => {
      try {
        return assertDeliverable(STORE, { zipCode: "400001", state: "Maharashtra" });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toMatchObject({ status: 409, message: "We don't deliver to 400001 yet: we deliver only within Karnataka. Please choose another address." });
  });
});

describe("the top bar's Deliver to", () => {
  it("a guest without a pincode sees none yet; the storefront settings come along", async () => {
    const data = await rootData();
    expect(data.delivery).toEqual({ pincode: null, fromAddress: false, promise: null });
    expect(data.store).toMatchObject({ state: "Karnataka", fastestExpressMinutes: 30, standardMinDays: 2, standardMaxDays: 7, taxBasisPoints: 200 });
    expect(data.store.contact.email).toBe("support@greenbasket.example");
    // Every page carries these: the hours come worded, not as their data.
    for (const field of ["expressPincodes", "openingHours", "holidays"]) expect(data.store).not.toHaveProperty(field);
    // The layout's sentences come worded, so the browser needs no code for them.
    expect(data.store.words).toEqual({
      promise: "In 30 minutes in our express areas, 2-7 business days anywhere else in Karnataka.",
      priceTax: "+ 2% tax added at checkout",
      taxPolicy: "A tax of 2% of the cart amount is added at checkout.",
      fees: null, // none in a fresh store
      hours: "every day, 24 hours",
    });
  });

  it("a guest's checked pincode: express, standard, not served; a forged cookie is ignored", async () => {
    expect((await rootData("pincode=560001")).delivery).toEqual({
      pincode: "560001",
      fromAddress: false,
      promise: { kind: "express", text: "Delivery in 30 min" },
    });
    expect((await rootData("pincode=560100")).delivery.promise).toEqual({ kind: "standard", text: "Delivery in 2-7 business days" });
    expect((await rootData("pincode=400001")).delivery.promise).toEqual({ kind: "unserved", text: "We don't deliver to 400001 yet" });
    for (const forged of ["pincode=<script>", "pincode=0123456", "pincode=56000"]) expect((await rootData(forged)).delivery.pincode, forged).toBeNull();
  });

  it("a signed-in shopper's default address wins over the device's cookie; without an address the cookie counts", async () => {
    const shopper = await signUp();
    expect((await rootData(`${shopper.cookie}; pincode=560100`)).delivery).toMatchObject({ pincode: "560100", fromAddress: false });
    await addAddress(shopper, { ...VALID_ADDRESS, zipCode: "560034" });
    expect((await rootData(`${shopper.cookie}; pincode=400001`)).delivery).toEqual({
      pincode: "560034",
      fromAddress: true,
      promise: { kind: "express", text: "Delivery in 30 min" },
    });
  });

  it("a live session whose account is gone reads as a guest, with the device's pincode", async () => {
    const shopper = await signUp();
    await addAddress(shopper);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(shopper.id).run();
    const data = await rootData(`${shopper.cookie}; pincode=560100`);
    expect(data.user).toBeNull();
    expect(data.delivery).toMatchObject({ pincode: "560100", fromAddress: false });
  });

  it("follows the seller's settings once saved", async () => {
    await saveSettings(await sellerLogin(), { expressPincodes: [{ pincode: "560100", etaMinutes: 45 }], standardMinDays: 1, standardMaxDays: 3 });
    expect((await rootData("pincode=560100")).delivery.promise).toEqual({ kind: "express", text: "Delivery in 45 min" });
    expect((await rootData("pincode=560001")).delivery.promise).toEqual({ kind: "standard", text: "Delivery in 1-3 business days" });
    expect((await rootData()).store).toMatchObject({ fastestExpressMinutes: 45, standardMinDays: 1, standardMaxDays: 3 });
    await saveSettings(await sellerLogin(), { taxPercent: 0 });
    expect((await rootData()).store.words).toMatchObject({ priceTax: "Inclusive of all taxes", taxPolicy: "Prices include all taxes." });
  });
});

/** The /delivery page's action, as the Response React Router makes of its answer. */
async function submitPincode(request: Request): Promise<Response> {
  const answer = (await deliveryPage.action({ request, context: await pageContext(request), params: {} } as never)) as unknown;
  if (answer instanceof Response) return answer;
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return Response.json(data, init ?? {});
}

describe("the Deliver to form (/delivery)", () => {
  it("without JavaScript: remembers the pincode in an HttpOnly cookie and goes back to the page it came from", async () => {
    const request = pageForm("/delivery", { pincode: "560 100", redirectTo: "/products/fruits?x=1" }, { document: true });
    const answer = await submitPincode(request);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/products/fruits?x=1");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^pincode=560100; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
  });

  it("never redirects off the site", async () => {
    const request = pageForm("/delivery", { pincode: "560001", redirectTo: "//evil.example/" }, { document: true });
    expect((await submitPincode(request)).headers.get("Location")).toBe("/");
  });

  it("with JavaScript: the promise as data, and the cookie", async () => {
    const request = pageForm("/delivery", { pincode: "400001" });
    const answer = await submitPincode(request);
    expect(await answer.json()).toEqual({ ok: true, msg: "We don't deliver to 400001 yet", back: "/" });
    expect(answer.headers.get("Set-Cookie")).toMatch(/^pincode=400001;/);
  });

  it("refuses what is not a PIN code with 400 and sets no cookie", async () => {
    for (const pincode of ["", "12345", "abcdef", "012345", "5600011"]) {
      const request = pageForm("/delivery", { pincode }, { document: true });
      const refused = await submitPincode(request);
      expect(refused.status, pincode).toBe(400);
      expect(await refused.json(), pincode).toMatchObject({ ok: false, msg: "Enter a 6-digit PIN code, such as 560001" });
      expect(refused.headers.get("Set-Cookie"), pincode).toBeNull();
    }
  });

  it("the edge cache keeps one copy of a catalogue page per checked pincode (the top bar names it)", async () => {
    const url = `${ORIGIN}/products?walk=${crypto.randomUUID()}`;
    const through = async (cookie: string | null, body: string) => {
      const ctx = createExecutionContext();
      const response = await withEdgeCache(
        new Request(url, cookie ? { headers: { Cookie: cookie } } : {}),
        env,
        ctx,
        async () => "test-build",
        async () => new Response(body),
      );
      await waitOnExecutionContext(ctx);
      return { state: response.headers.get("x-edge-cache"), body: await response.text() };
    };
    expect(await through("pincode=560001", "express page")).toEqual({ state: "MISS", body: "express page" });
    expect(await through("pincode=400001", "unserved page")).toEqual({ state: "MISS", body: "unserved page" });
    expect(await through(null, "no pincode page")).toEqual({ state: "MISS", body: "no pincode page" });
    expect(await through("pincode=560001", "must not render")).toEqual({ state: "HIT", body: "express page" });
    expect(await through("pincode=400001", "must not render")).toEqual({ state: "HIT", body: "unserved page" });
    expect(await through("pincode=junk", "must not render")).toEqual({ state: "HIT", body: "no pincode page" });
  });
});
