/**
 * The store's fees (ADR 070): a delivery fee with a free-delivery threshold, a small-cart fee, a minimum
 * order, each optional. The worked examples of the ADR, as written; the seller's settings (API and form,
 * bad input refused with nothing changed); and no drip pricing: the total the cart page shows above Place
 * Order is what the order, its invoice and Stripe charge, at each threshold.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { belowMinimumOrder, feeNudge, feesSentence } from "@shared/fees";
import { totalsFor, type Fees } from "@shared/money";
import * as settingsPage from "~/routes/seller/settings";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { sellerLogin } from "../support/seller";
import { DEFAULT_SETTINGS_INPUT, pageContext, pageForm, saveSettings } from "../support/settings";
import { addAddress, signUp } from "../support/shoppers";
import { fakeStripe } from "../support/stripe";

/** The ADR's store: ₹25 delivery, free from ₹199; a ₹15 small-cart fee below ₹99; a ₹50 minimum order. */
const FEES: Fees = { deliveryFee: 2500, freeDeliveryFrom: 19_900, smallCartFee: 1500, smallCartBelow: 9900, minimumOrder: 5000 };
const FEES_INPUT = { deliveryFee: 25, freeDeliveryFrom: 199, smallCartFee: 15, smallCartBelow: 99, minimumOrder: 50 };
const itemsOf = (paise: number) => [{ unitPricePaise: paise, quantity: 1 }];

beforeEach(async () => {
  await fakeStripe.reset();
});

describe("the fee rules, ADR 070's worked examples", () => {
  it.each([
    // item total, delivery, small-cart fee, tax (2% of items and fees, rounded down), total
    [9899, 2500, 1500, 277, 14_176], // 2% of ₹138.99 = ₹2.7798
    [9900, 2500, 0, 248, 12_648], // the small-cart fee stops at its threshold
    [19_899, 2500, 0, 447, 22_846], // 2% of ₹223.99 = ₹4.4798
    [19_900, 0, 0, 398, 20_298], // free delivery from its threshold
  ])("an item total of %i paise: delivery %i, small-cart fee %i, tax %i, total %i", (subtotal, deliveryFee, smallCartFee, tax, total) => {
    expect(totalsFor(itemsOf(subtotal), 200, FEES)).toEqual({ subtotal, deliveryFee, smallCartFee, tax, taxBasisPoints: 200, total });
  });

  it("charges nothing on an empty cart, and nothing but the items and tax without fees", () => {
    expect(totalsFor([], 200, FEES)).toMatchObject({ deliveryFee: 0, smallCartFee: 0, total: 0 });
    expect(totalsFor(itemsOf(11_000), 200)).toEqual({ subtotal: 11_000, deliveryFee: 0, smallCartFee: 0, tax: 220, taxBasisPoints: 200, total: 11_220 });
    // A delivery fee with no threshold is always charged.
    expect(totalsFor(itemsOf(500_000), 0, { deliveryFee: 3000 })).toMatchObject({ deliveryFee: 3000, total: 503_000 });
  });

  it("says what the cart still needs, the minimum order first, and the store's terms in a sentence", () => {
    expect(belowMinimumOrder(4000, FEES)).toBe("The minimum order is ₹50: add ₹10 more to place your order.");
    expect(belowMinimumOrder(5000, FEES)).toBeNull();
    expect(feeNudge(4000, FEES)).toBe("Add ₹10 more to reach the ₹50 minimum order");
    expect(feeNudge(9899, FEES)).toBe("Add ₹0.01 more to drop the small-cart fee");
    expect(feeNudge(15_000, FEES)).toBe("Add ₹49 more for free delivery");
    expect(feeNudge(19_900, FEES)).toBeNull();
    expect(feeNudge(100, {})).toBeNull();
    expect(feesSentence(FEES)).toBe("Delivery ₹25, free on orders of ₹199 or more. A ₹15 small-cart fee below ₹99. Minimum order ₹50.");
    expect(feesSentence({})).toBeNull();
  });
});

describe("the seller's fee settings", () => {
  it("a fresh store charges none; the API saves them in rupees and reads them back; empty means none", async () => {
    const seller = await sellerLogin();
    const read = async () => (await json<{ settings: Record<string, unknown> }>(await call("/api/seller/settings", { headers: { Cookie: seller } }))).settings;
    expect(await read()).toMatchObject({ deliveryFee: null, freeDeliveryFrom: null, minimumOrder: null, smallCartFee: null, smallCartBelow: null });

    const saved = await json<{ settings: Record<string, unknown> }>(
      await saveSettings(seller, { ...FEES_INPUT, smallCartFee: "₹15", freeDeliveryFrom: "199.00" }),
    );
    expect(saved.settings).toMatchObject(FEES_INPUT);
    expect(await read()).toMatchObject(FEES_INPUT);
    expect(JSON.parse((await env.DB.prepare("SELECT fees FROM store_settings").first<{ fees: string }>())!.fees)).toEqual(FEES);

    await saveSettings(seller, { deliveryFee: "", freeDeliveryFrom: null, minimumOrder: 50 });
    expect(await read()).toMatchObject({ deliveryFee: null, freeDeliveryFrom: null, minimumOrder: 50, smallCartFee: null });
  });

  it.each([
    [{ deliveryFee: "", freeDeliveryFrom: 199 }, "Set a delivery fee, or leave free delivery empty"],
    [{ smallCartFee: 15 }, "Set both the small-cart fee and the cart amount it applies below, or neither"],
    [{ smallCartBelow: 99 }, "Set both the small-cart fee and the cart amount it applies below, or neither"],
    [{ deliveryFee: 0 }, "The delivery fee must be more than ₹0"],
    [{ deliveryFee: -5 }, "The delivery fee must be more than ₹0"],
    [{ minimumOrder: 12.345 }, "The minimum order can have at most 2 decimals"],
    [{ minimumOrder: "fifty" }, "The minimum order must be a number"],
    [{ deliveryFee: 10_001 }, "The delivery fee must be at most ₹10,000"],
    [{ deliveryFee: true }, "The delivery fee must be a number"],
  ])("refuses %o with a 400 that says %s, and changes nothing", async (changes, message) => {
    const seller = await sellerLogin();
    await saveSettings(seller, { deliveryFee: 30 });
    const response = await postJson("/api/seller/settings", { ...DEFAULT_SETTINGS_INPUT, deliveryFee: 30, ...changes }, { Cookie: seller });
    expect(response.status).toBe(400);
    expect((await json(response)).msg).toBe(message);
    expect(JSON.parse((await env.DB.prepare("SELECT fees FROM store_settings").first<{ fees: string }>())!.fees)).toEqual({ deliveryFee: 3000 });
  });

  it("the Settings form saves them, its empty boxes none, and refills and names the field it refuses", async () => {
    const seller = await sellerLogin();
    const { contact } = DEFAULT_SETTINGS_INPUT;
    const form = {
      state: "Karnataka",
      expressPincodes: "560001 30",
      standardMinDays: "2",
      standardMaxDays: "7",
      taxPercent: "2",
      contactEmail: contact.email,
      contactPhone: contact.phone,
      contactOffice: contact.office,
      contactLegalName: contact.legalName,
      contactGstin: "",
      ...Object.fromEntries(Object.keys(FEES_INPUT).map((name) => [name, ""])),
    };
    const post = async (fees: Record<string, string>, document = false) => {
      const request = pageForm("/seller/settings", { ...form, ...fees }, { cookie: seller, document });
      return settingsPage.action({ request, context: await pageContext(request), params: {} } as never);
    };
    expect(await post({ deliveryFee: "25", freeDeliveryFrom: "199" })).toEqual({ ok: true, msg: "Settings saved" });
    expect(JSON.parse((await env.DB.prepare("SELECT fees FROM store_settings").first<{ fees: string }>())!.fees)).toEqual({
      deliveryFee: 2500,
      freeDeliveryFrom: 19_900,
    });

    expect(await post({ freeDeliveryFrom: "199" }, true)).toMatchObject({
      data: { ok: false, field: "freeDeliveryFrom", msg: "Set a delivery fee, or leave free delivery empty", typed: { freeDeliveryFrom: "199" } },
      init: { status: 400 },
    });
  });
});

describe("the fees, said before the cart", () => {
  it("the product page, the delivery policy and the terms state them; without fees, delivery is free", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits" });
    const texts = async () =>
      Promise.all([`/products/fruits/${apple.id}`, "/shipping-delivery", "/terms-and-conditions"].map(async (path) => (await call(path)).text()));
    for (const html of await texts()) expect(html).not.toContain("Delivery ₹");
    expect((await texts())[1]).toContain("Delivery is free on every order.");

    await saveSettings(await sellerLogin(), FEES_INPUT);
    const sentence = "Delivery ₹25, free on orders of ₹199 or more. A ₹15 small-cart fee below ₹99. Minimum order ₹50.";
    for (const html of await texts()) expect(html).toContain(sentence);
    expect((await texts())[0]).toContain(`data-testid="fee-note" class="text-gray-600">${sentence}</p>`);
  });
});

describe("no fee appears after the cart", () => {
  async function shopperWith(pricePaise: number) {
    const product = await insertProduct({ name: `Ghee ${pricePaise}`, pricePaise, offerPricePaise: pricePaise, stock: 10 });
    const shopper = await signUp();
    const address = await addAddress(shopper);
    expect((await postJson("/api/cart/update", { cartItems: { [product.id]: 1 } }, { Cookie: shopper.cookie })).status).toBe(200);
    return { product, shopper, order: { items: [{ product: product.id, quantity: 1 }], address } };
  }
  const cartTotal = async (cookie: string) => {
    const html = await (await call("/cart", { headers: { Cookie: cookie } })).text();
    return /data-testid="summary-total">([^<]+)</.exec(html)?.[1];
  };
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN")}`;

  it.each([
    [9899, 14_176],
    [9900, 12_648],
    [19_900, 20_298],
  ])("an item total of %i paise: the cart shows, and the order, its invoice and the API charge, %i", async (pricePaise, total) => {
    await saveSettings(await sellerLogin(), FEES_INPUT);
    const { shopper, order } = await shopperWith(pricePaise);
    expect(await cartTotal(shopper.cookie)).toBe(rupees(total));

    const placed = await json<{ orderId: string }>(await postJson("/api/order/cod", order, { Cookie: shopper.cookie }));
    const expected = totalsFor(itemsOf(pricePaise), 200, FEES);
    const row = await env.DB.prepare("SELECT amount_paise, delivery_fee_paise, small_cart_fee_paise, tax_paise FROM orders WHERE id = ?")
      .bind(placed.orderId)
      .first();
    expect(row).toEqual({
      amount_paise: total,
      delivery_fee_paise: expected.deliveryFee,
      small_cart_fee_paise: expected.smallCartFee,
      tax_paise: expected.tax,
    });

    const { orders } = await json<{ orders: Record<string, unknown>[] }>(await call("/api/order/user", { headers: { Cookie: shopper.cookie } }));
    expect(orders[0]).toMatchObject({ amount: total / 100, deliveryFee: expected.deliveryFee / 100, smallCartFee: expected.smallCartFee / 100 });

    const invoice = await (await call(`/my-orders/${placed.orderId}/invoice`, { headers: { Cookie: shopper.cookie } })).text();
    expect(invoice).toContain(`Delivery fee</th><td class="text-right">${expected.deliveryFee ? rupees(expected.deliveryFee) : "Free"}`);
    expect(invoice).toContain(`Taxable value</th><td class="text-right">${rupees(total - expected.tax)}`);
    expect(invoice.includes("Small-cart fee")).toBe(expected.smallCartFee > 0);
  });

  it("an online order's Stripe page lists the fees and adds up to the order", async () => {
    await saveSettings(await sellerLogin(), FEES_INPUT);
    const { shopper, order } = await shopperWith(9000);
    const placed = await json<{ orderId: string }>(await postJson("/api/order/stripe", order, { Cookie: shopper.cookie }));
    const [session] = await fakeStripe.sessionsFor(placed.orderId);
    expect(session!.line_items.map((line: { name: string; unit_amount: number }) => [line.name, line.unit_amount])).toEqual([
      ["Ghee 9000", 9000],
      ["Delivery fee", 2500],
      ["Small-cart fee", 1500],
      ["Tax (2%)", 260],
    ]);
    expect(session!.amount_total).toBe(13_260);
    expect((await env.DB.prepare("SELECT amount_paise FROM orders WHERE id = ?").bind(placed.orderId).first())!.amount_paise).toBe(13_260);
  });

  it("below the minimum order: a 409 that says how much more, and nothing changes", async () => {
    await saveSettings(await sellerLogin(), FEES_INPUT);
    const { shopper, order, product } = await shopperWith(4000);
    const html = await (await call("/cart", { headers: { Cookie: shopper.cookie } })).text();
    expect(html).toContain("The minimum order is ₹50: add ₹10 more to place your order.");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Place Order/);

    const refused = await postJson("/api/order/cod", order, { Cookie: shopper.cookie });
    expect(refused.status).toBe(409);
    expect((await json(refused)).msg).toBe("The minimum order is ₹50: add ₹10 more to place your order.");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?").bind(shopper.id).first()).toEqual({ n: 0 });
    expect(await env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(product.id).first()).toEqual({ stock: 10 });
  });
});
