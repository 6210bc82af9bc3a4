/**
 * The store's hours (ADR 076): express is promised in minutes only while the store is open; at other
 * times the promise says when, a pause refuses every order, and the edge cache keeps no promise past
 * a quarter hour. Clocks are explicit here; pages are tested with a holiday, whenever the suite runs.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { promiseText } from "@shared/delivery";
import { IST_OFFSET_MS, istDate, istDay } from "@shared/ist";
import { hoursText, nextOpening, OPEN_ALL_DAY } from "@shared/store-hours";
import { deliveryPromise } from "@worker/services/delivery-area";
import { DEFAULT_STORE_SETTINGS } from "@worker/services/store-settings";
import { withEdgeCache } from "@worker/edge-cache";
import * as root from "~/root";
import { call, json, ORIGIN, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { pageContext, saveSettings } from "../support/settings";
import { addAddress, signUp } from "../support/shoppers";
import { insertProduct } from "../support/builders";

const ist = (day: number, hours: number, minutes = 0) => Date.UTC(2026, 10, day, hours, minutes) - IST_OFFSET_MS; // November 2026, IST
const STORE = DEFAULT_STORE_SETTINGS; // every day 7 am to 11 pm; 560001 express in 30 min
const promiseAt = (now: number, store = STORE, pincode = "560001") => promiseText(deliveryPromise(store, pincode, undefined, now), pincode, now);

describe("the promise follows the clock", () => {
  it("in minutes while open; at 2 am, today after opening; after closing, tomorrow", () => {
    expect(promiseAt(ist(23, 12))).toBe("Delivery in 30 min"); // Monday noon
    expect(promiseAt(ist(23, 2))).toBe("Delivery today by 7:30 am");
    expect(promiseAt(ist(23, 23, 30))).toBe("Delivery tomorrow by 7:30 am");
    expect(nextOpening(STORE, ist(23, 22, 59))).toBe(ist(23, 22, 59));
    expect(nextOpening(STORE, ist(23, 23))).toBe(ist(24, 7));
  });

  it("skips a closed weekday and a holiday, names the day beyond tomorrow; standard delivery keeps its days", () => {
    const sundaysClosed = { ...STORE, openingHours: [...STORE.openingHours.slice(0, 6), null] };
    expect(promiseAt(ist(28, 23, 30), sundaysClosed)).toBe("Delivery Mon 30 Nov by 7:30 am"); // Saturday night
    expect(promiseAt(ist(23, 2), { ...STORE, holidays: ["2026-11-23"] })).toBe("Delivery tomorrow by 7:30 am");
    expect(promiseAt(ist(23, 2), STORE, "560100")).toBe("Delivery in 2-7 business days");
  });

  it("a pause, or a week with no hours, takes no orders; an unserved pincode still says so", () => {
    expect(deliveryPromise({ ...STORE, paused: true }, "560001", undefined, ist(23, 12))).toEqual({ kind: "paused" });
    expect(promiseAt(ist(23, 12), { ...STORE, paused: true }, "560100")).toBe("Not taking orders right now");
    expect(promiseAt(ist(23, 12), { ...STORE, openingHours: STORE.openingHours.map(() => null) })).toBe("Not taking orders right now");
    expect(promiseAt(ist(23, 12), { ...STORE, paused: true }, "400001")).toBe("We don't deliver to 400001 yet");
  });

  it("closing at midnight is open until midnight; open all day is open at any hour", () => {
    const lateNights = { ...STORE, openingHours: STORE.openingHours.map(() => [420, 1440] as [number, number]) };
    expect(promiseAt(ist(23, 23, 59), lateNights)).toBe("Delivery in 30 min");
    expect(promiseAt(ist(23, 3), { ...STORE, openingHours: OPEN_ALL_DAY })).toBe("Delivery in 30 min");
  });

  it("the hours in words, days with the same hours together", () => {
    expect(hoursText(STORE.openingHours)).toBe("every day, 7 am to 11 pm");
    expect(hoursText(OPEN_ALL_DAY)).toBe("every day, 24 hours");
    expect(hoursText([...Array(5).fill([540, 1260]), [510, 1440], null])).toBe("Mon–Fri 9 am to 9 pm; Sat 8:30 am to 12 am; Sun closed");
  });
});

async function headerPromise(cookie: string) {
  const request = new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } });
  return (await root.loader({ request, context: await pageContext(request), params: {} } as never)).delivery.promise;
}

describe("the store's pages and orders follow its hours", () => {
  it("on a holiday the top bar says when express comes, and the contact page's hours are the settings'", async () => {
    const today = istDate(istDay(Date.now()));
    await saveSettings(await sellerLogin(), { holidays: [today] }); // open around the clock but today
    expect(await headerPromise("pincode=560001")).toEqual({ kind: "express", text: "Delivery tomorrow by 12:30 am" });
    expect(await headerPromise("pincode=560100")).toEqual({ kind: "standard", text: "Delivery in 2-7 business days" });
    const contact = await (await call("/contact-us")).text();
    expect(contact).toContain("every day, 24 hours");
  });

  it("paused, every order is refused with 409 and the reason, changing nothing, until the pause ends", async () => {
    const product = await insertProduct({ stock: 5 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    await saveSettings(await sellerLogin(), { paused: true });
    expect(await headerPromise("pincode=560001")).toEqual({ kind: "paused", text: "Not taking orders right now" });
    const order = { items: [{ product: product.id, quantity: 1 }], address };
    const refused = await postJson("/api/order/cod", order, { Cookie: shopper.cookie });
    expect(refused.status).toBe(409);
    expect((await json<{ msg: string }>(refused)).msg).toBe("We're not taking orders right now: your cart is kept for when we're back.");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(product.id).first("stock")).toBe(5);

    await saveSettings(await sellerLogin(), { paused: false });
    expect((await postJson("/api/order/cod", order, { Cookie: shopper.cookie })).status).toBe(201);
  });
});

describe("the edge cache keeps no promise past a quarter hour", () => {
  afterEach(() => vi.useRealTimers());

  it("a page cached at 10:59 pm is rendered again at 11 pm", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const request = () => new Request(`${ORIGIN}/products`, { headers: { Cookie: "pincode=560001" } });
    let renders = 0;
    const produce = async () => new Response(`render ${++renders}`, { headers: { "Content-Type": "text/html" } });
    const serve = async () => {
      const ctx = createExecutionContext();
      const response = await withEdgeCache(request(), env, ctx, async () => "build", produce);
      await waitOnExecutionContext(ctx);
      return response.text();
    };
    vi.setSystemTime(ist(23, 22, 59));
    expect(await serve()).toBe("render 1");
    expect(await serve()).toBe("render 1");
    vi.setSystemTime(ist(23, 23));
    expect(await serve()).toBe("render 2");
  });
});
