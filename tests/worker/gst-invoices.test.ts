/**
 * GST inside prices and Rule 46 invoices (ADR 073): the ADR's worked examples as written; the invoice
 * numbered from the financial year's series when the order is packed, once, under concurrency;
 * the rates as data (settings, product form and API, CSV), bad input refused with nothing changed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apportion, financialYear, gstCredit, gstInvoice, taxInside } from "@shared/gst";
import { billLines } from "@shared/fees";
import { gstStateCode } from "@shared/indian-states";
import { invoiceData, issueInvoice } from "@worker/services/invoices";
import { cancelBySeller, moveOrder } from "@worker/services/order-status";
import { placeOrder } from "@worker/services/orders";
import { db, insertProduct } from "../support/builders";
import { call, json, ORIGIN, postJson } from "../support/http";
import { postForm, productForm, sellerLogin, VALID_PRODUCT } from "../support/seller";
import { DEFAULT_SETTINGS_INPUT, saveSettings } from "../support/settings";
import { addAddress, signUp } from "../support/shoppers";

const RICE = { name: "Basmati Rice 5kg", hsn: "1006", quantity: 1, amount: 52_000, rate: 500 };
const COLA = { name: "Coca-Cola 1.5L", hsn: "2202", quantity: 2, amount: 15_000, rate: 4000 };
const BANANA = { name: "Banana 1 kg", hsn: "0803", quantity: 1, amount: 4500, rate: 0 };
const DELIVERY = [{ name: "Delivery fee", amount: 2500 }];
const IST_MS = (iso: string) => Date.parse(`${iso}+05:30`);

describe("ADR 073's worked examples", () => {
  it("within the state: CGST and SGST in equal halves per line, the fee split by value across the rates", () => {
    const invoice = gstInvoice([RICE, COLA, BANANA], DELIVERY, true);
    expect(invoice.rows.map(({ name, rate, amount, taxable, cgst, sgst, igst }) => [name, rate, amount, taxable, cgst, sgst, igst])).toEqual([
      ["Basmati Rice 5kg", 500, 52_000, 49_524, 1238, 1238, 0],
      ["Coca-Cola 1.5L", 4000, 15_000, 10_714, 2143, 2143, 0],
      ["Banana 1 kg", 0, 4500, 4500, 0, 0, 0],
      ["Delivery fee", 0, 157, 157, 0, 0, 0],
      ["Delivery fee", 500, 1818, 1732, 43, 43, 0],
      ["Delivery fee", 4000, 525, 375, 75, 75, 0],
    ]);
    expect(invoice).toMatchObject({ taxable: 67_002, cgst: 3499, sgst: 3499, igst: 0 });
    expect(invoice.taxable + invoice.cgst + invoice.sgst).toBe(74_000);
  });

  it("across states: IGST at the full rate", () => {
    const invoice = gstInvoice([RICE, COLA, BANANA], DELIVERY, false);
    expect(invoice.rows.map((row) => row.igst)).toEqual([2476, 4286, 0, 0, 87, 150]);
    expect(invoice).toMatchObject({ taxable: 67_001, cgst: 0, sgst: 0, igst: 6999 });
    expect(invoice.taxable + invoice.igst).toBe(74_000);
  });

  it("a discount over the cart splits by value, the paisa left to the largest remainder", () => {
    expect(apportion(5000, [52_000, 15_000])).toEqual([3881, 1119]);
    expect(apportion(2500, [52_000, 15_000, 4500])).toEqual([1818, 525, 157]);
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]); // a tie: the first line
    expect(apportion(0, [5, 7])).toEqual([0, 0]);
    // Every paisa left over is placed, however many (three here: to 0.8, 0.6, then the first 0.5).
    expect(apportion(5000, [52_000, 15_000, 4500, 157, 1818, 525])).toEqual([3514, 1013, 304, 11, 123, 35]);
  });

  it("rounds half up once per line, and the parts always add up to the amount", () => {
    expect(taxInside(10_500, 500, false)).toEqual({ taxable: 10_000, cgst: 0, sgst: 0, igst: 500 });
    expect(taxInside(10_500, 500, true)).toEqual({ taxable: 10_000, cgst: 250, sgst: 250, igst: 0 });
    for (const amount of [1, 99, 101, 4999, 123_457]) {
      for (const rate of [0, 500, 1800, 4000]) {
        const { taxable, cgst, sgst, igst } = taxInside(amount, rate, amount % 2 === 0);
        expect(taxable + cgst + sgst + igst).toBe(amount);
        expect(cgst).toBe(sgst);
      }
    }
  });

  it("a credit note's tax: its amount split over the invoice's rows by value, each part taxed at its row's rate, summed per rate (ADR 075)", () => {
    const invoice = gstInvoice([RICE, COLA, BANANA], DELIVERY, true);
    // ₹50 over ₹740: shares 3513.5 / 1013.5 / 304.05 / 10.6 / 122.8 / 35.5 paise; the 3 left go to 122.8, 10.6 and the first of the two .5s.
    expect(gstCredit(invoice.rows, 5000, true)).toEqual([
      { rate: 0, amount: 315, taxable: 315, cgst: 0, sgst: 0, igst: 0 },
      { rate: 500, amount: 3637, taxable: 3463, cgst: 87, sgst: 87, igst: 0 },
      { rate: 4000, amount: 1048, taxable: 748, cgst: 150, sgst: 150, igst: 0 },
    ]);
    // The whole invoice credited takes back exactly the invoice's tax.
    const whole = gstCredit(invoice.rows, 74_000, true);
    expect(whole.reduce((sum, row) => sum + row.cgst, 0)).toBe(invoice.cgst);
    expect(whole.reduce((sum, row) => sum + row.taxable, 0)).toBe(invoice.taxable);
  });

  it("the financial year turns at midnight in India on 1 April", () => {
    expect(financialYear(IST_MS("2027-03-31T23:59:59"))).toBe("26-27");
    expect(financialYear(IST_MS("2027-04-01T00:00:00"))).toBe("27-28");
    expect(financialYear(IST_MS("2099-06-01T12:00:00"))).toBe("99-00");
    expect(gstStateCode("Karnataka")).toBe("29");
    expect(gstStateCode("Dadra and Nagar Haveli and Daman and Diu")).toBe("26");
    expect(gstStateCode("Atlantis")).toBeUndefined();
  });

  it("with prices including GST the bill adds no tax line", () => {
    const bill = { subtotal: 5000, deliveryFee: 0, smallCartFee: 0, tax: 0 };
    expect(billLines({ ...bill, taxBasisPoints: 0 }).map((line) => line.name)).toEqual(["Item total", "Delivery fee"]);
    expect(billLines({ ...bill, taxBasisPoints: 200 }).map((line) => line.name)).toEqual(["Item total", "Delivery fee", "Tax (2%)"]);
  });
});

/** The ADR's store: prices include GST, a GSTIN of `gstinState`, a ₹25 delivery fee; the ADR's order placed in Bengaluru. */
async function adrOrder(gstin = "29ABCDE1234F1ZW") {
  const seller = await sellerLogin();
  await saveSettings(seller, { taxPercent: 0, deliveryFee: 25, contact: { ...DEFAULT_SETTINGS_INPUT.contact, gstin } });
  const [rice, cola, banana] = await Promise.all(
    [RICE, COLA, BANANA].map(({ name, hsn, amount, quantity, rate }) =>
      insertProduct({ name, hsn, gstRate: rate, offerPricePaise: amount / quantity, pricePaise: amount / quantity }),
    ),
  );
  const shopper = await signUp();
  const address = await addAddress(shopper);
  const items = [
    { product: rice!.id, quantity: 1 },
    { product: cola!.id, quantity: 2 },
    { product: banana!.id, quantity: 1 },
  ];
  const { order } = await placeOrder({ db: db(), env }, { id: shopper.id }, { items, address }, "COD");
  return { seller, shopper, order };
}

const store = () => ({ db: db(), env });
const series = () => `INV/${financialYear(Date.now())}`;

describe("the tax invoice", () => {
  it("is an order summary until the order is packed, then a numbered tax invoice with Rule 46's lines", async () => {
    const { seller, shopper, order } = await adrOrder();
    expect(order.amountPaise).toBe(74_000); // nothing added above the prices and the fee
    const paper = () => invoiceData(db(), { shopperId: shopper.id }, order.id);
    expect(await paper()).toMatchObject({ invoiceNumber: null, invoicedAt: null, placeOfSupply: "Karnataka (29)" });

    const before = Date.now();
    await moveOrder(store(), order.id, "Packed");
    const issued = await paper();
    expect(issued.invoiceNumber).toBe(`${series()}/000001`);
    expect(issued.invoiceNumber!.length).toBeLessThanOrEqual(16);
    expect(issued.invoicedAt).toBeGreaterThanOrEqual(before);
    expect(issued.gst).toMatchObject({ sameState: true, taxable: 67_002, cgst: 3499, sgst: 3499, igst: 0 });
    expect(issued.gst!.rows[0]).toMatchObject({ name: "Basmati Rice 5kg", hsn: "1006", quantity: 1, taxable: 49_524, cgst: 1238 });
    // Out for delivery and Delivered keep its number.
    await moveOrder(store(), order.id, "Out for delivery");
    await moveOrder(store(), order.id, "Delivered");
    expect((await paper()).invoiceNumber).toBe(issued.invoiceNumber);

    const page = (await (await call(`/seller/orders/${order.id}/invoice`, { headers: { Cookie: seller } })).text())
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    for (const text of ["Tax Invoice", `${series()}/000001`, "Place of supply Karnataka (29)", "1006", "CGST SGST", "2.5%: ₹12.38", "20%: ₹21.43"]) {
      expect(page).toContain(text);
    }
    expect(page).toContain("Taxable value ₹670.02 CGST ₹34.99 SGST ₹34.99 Total ₹740");
    expect(page).toContain("Tax payable under reverse charge: No");
  });

  it("charges IGST when the GSTIN's state is not the delivery's", async () => {
    const { shopper, order } = await adrOrder("27ABCDE1234F1Z0");
    await moveOrder(store(), order.id, "Packed");
    const { gst } = await invoiceData(db(), { shopperId: shopper.id }, order.id);
    expect(gst).toMatchObject({ sameState: false, taxable: 67_001, cgst: 0, sgst: 0, igst: 6999 });
  });

  it("numbers follow packing, one each under concurrent moves; an order cancelled before takes none, one cancelled after keeps its own", async () => {
    const { shopper } = await adrOrder();
    const product = await insertProduct({ gstRate: 500 });
    const address = await addAddress(shopper);
    const place = async () => (await placeOrder(store(), { id: shopper.id }, { items: [{ product: product.id, quantity: 1 }], address }, "COD")).order.id;
    const [first, second, third, cancelled] = [await place(), await place(), await place(), await place()];
    await cancelBySeller(store(), { orderId: cancelled, reason: "Items out of stock" });
    await Promise.all([first, second, third].map((id) => moveOrder(store(), id, "Packed")));
    const numbers = await env.DB.prepare("SELECT invoice_no FROM orders WHERE invoice_no IS NOT NULL ORDER BY invoice_no").all<{ invoice_no: string }>();
    expect(numbers.results.map((row) => row.invoice_no)).toEqual([1, 2, 3].map((n) => `${series()}/00000${n}`));
    // A second try at the same move is refused and takes no number; cancelling a packed order keeps its number.
    await expect(moveOrder(store(), first, "Packed")).rejects.toMatchObject({ status: 409 });
    await cancelBySeller(store(), { orderId: first, reason: "Items out of stock" });
    expect(await env.DB.prepare("SELECT invoice_no FROM orders WHERE id = ?").bind(first).first("invoice_no")).toBe(`${series()}/000001`);
    expect(await env.DB.prepare("SELECT last FROM invoice_series").first("last")).toBe(3);
  });

  it("a new financial year starts its own series at 000001", async () => {
    const { order } = await adrOrder();
    const { order: next } = await adrOrder();
    await env.DB.prepare("UPDATE orders SET status = 'Packed'").run();
    await db().batch([...issueInvoice(db(), order.id, IST_MS("2027-03-31T23:59:00"))]);
    await db().batch([...issueInvoice(db(), next.id, IST_MS("2027-04-01T00:01:00"))]);
    await db().batch([...issueInvoice(db(), next.id, IST_MS("2027-04-01T00:02:00"))]); // already numbered: nothing
    const rows = await env.DB.prepare("SELECT id, last FROM invoice_series ORDER BY id").all();
    expect(rows.results).toEqual([
      { id: "INV/26-27", last: 1 },
      { id: "INV/27-28", last: 1 },
    ]);
    const numbered = await env.DB.prepare("SELECT invoice_no FROM orders WHERE id = ?").bind(next.id).first("invoice_no");
    expect(numbered).toBe("INV/27-28/000001");
  });

  it("a store without a GSTIN issues a plain invoice; the 2% mode keeps its single tax line", async () => {
    const { shopper, order } = await adrOrder("");
    expect((await invoiceData(db(), { shopperId: shopper.id }, order.id)).gst).toBeNull();
    await saveSettings(await sellerLogin(), { taxPercent: 2, contact: { ...DEFAULT_SETTINGS_INPUT.contact, gstin: "29ABCDE1234F1ZW" } });
    const apple = await insertProduct();
    const { order: added } = await placeOrder(
      store(),
      { id: shopper.id },
      { items: [{ product: apple.id, quantity: 1 }], address: await addAddress(shopper) },
      "COD",
    );
    expect((await invoiceData(db(), { shopperId: shopper.id }, added.id)).gst).toBeNull();
  });
});

const paperText = async (path: string, cookie: string) =>
  (await (await call(path, { headers: { Cookie: cookie } })).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const creditNotesOf = async (orderId: string) =>
  (await env.DB.prepare("SELECT number, amount_paise, reason, refund_id FROM credit_notes WHERE order_id = ? ORDER BY number").bind(orderId).all()).results;
const cnSeries = () => `CN/${financialYear(Date.now())}`;

describe("credit notes (ADR 075)", () => {
  it("cancelling a packed order issues one for the whole invoice, taking back its tax per rate; both papers print it after the invoice", async () => {
    const { seller, shopper, order } = await adrOrder();
    await moveOrder(store(), order.id, "Packed");
    await cancelBySeller(store(), { orderId: order.id, reason: "Items out of stock" });
    expect(await creditNotesOf(order.id)).toEqual([
      { number: `${cnSeries()}/000001`, amount_paise: 74_000, reason: "Order cancelled: Items out of stock", refund_id: null },
    ]);
    const [note] = (await invoiceData(db(), { shopperId: shopper.id }, order.id)).creditNotes;
    expect(note!.number.length).toBeLessThanOrEqual(16);
    expect(note!.tax).toMatchObject({ sameState: true });
    expect(note!.tax!.rows.map(({ rate, taxable, cgst }) => [rate, taxable, cgst])).toEqual([
      [0, 4657, 0],
      [500, 51_256, 1281],
      [4000, 11_089, 2218],
    ]);
    for (const path of [`/my-orders/${order.id}/invoice`, `/seller/orders/${order.id}/invoice`]) {
      const page = await paperText(path, path.startsWith("/seller") ? seller : shopper.cookie);
      expect(page).toContain("Tax Invoice");
      expect(page).toContain(`Credit Note Credit note no. ${cnSeries()}/000001`);
      expect(page).toContain(`Against invoice ${series()}/000001`);
      expect(page).toContain("Reason Order cancelled: Items out of stock");
      // The note's sums are the invoice's: every paisa of tax taken back.
      expect(page.split("Taxable value ₹670.02 CGST ₹34.99 SGST ₹34.99 Total ₹740").length).toBe(3);
      expect(page).toContain("Amount in words: Rupees Seven Hundred Forty Only");
    }
  });

  it("none for an order cancelled before its invoice, nor twice; notes issued at once take distinct numbers in order", async () => {
    const { shopper, order } = await adrOrder();
    await cancelBySeller(store(), { orderId: order.id, reason: "Items out of stock" });
    expect(await creditNotesOf(order.id)).toEqual([]);

    const product = await insertProduct({ gstRate: 500 });
    const address = await addAddress(shopper);
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map(
        async () => (await placeOrder(store(), { id: shopper.id }, { items: [{ product: product.id, quantity: 1 }], address }, "COD")).order.id,
      ),
    );
    for (const id of ids) await moveOrder(store(), id, "Packed");
    await Promise.all(ids.map((orderId) => cancelBySeller(store(), { orderId, reason: "Items out of stock" })));
    await expect(cancelBySeller(store(), { orderId: ids[0]!, reason: "Items out of stock" })).rejects.toMatchObject({ status: 409 });
    const numbers = await env.DB.prepare("SELECT number FROM credit_notes ORDER BY number").all<{ number: string }>();
    expect(numbers.results.map((row) => row.number)).toEqual([1, 2, 3, 4, 5].map((n) => `${cnSeries()}/00000${n}`));
  });

  it("the 2% mode takes back its one tax line; a store that adds no tax credits the amount alone", async () => {
    const { shopper } = await adrOrder("");
    const address = await addAddress(shopper);
    const apple = await insertProduct({ pricePaise: 10_000, offerPricePaise: 10_000 });
    const placeAndCancel = async () => {
      const { order } = await placeOrder(store(), { id: shopper.id }, { items: [{ product: apple.id, quantity: 1 }], address }, "COD");
      await moveOrder(store(), order.id, "Packed");
      await cancelBySeller(store(), { orderId: order.id, reason: "Items out of stock" });
      return (await invoiceData(db(), { shopperId: shopper.id }, order.id)).creditNotes[0]!;
    };
    expect(await placeAndCancel()).toMatchObject({ amountPaise: 12_500, tax: null }); // ₹100 and the ₹25 fee
    await saveSettings(await sellerLogin(), { taxPercent: 2 });
    expect(await placeAndCancel()).toMatchObject({ amountPaise: 10_200, tax: { rows: [{ rate: 200, amount: 10_200, taxable: 10_000, igst: 200 }] } });
    const page = await paperText(
      `/my-orders/${await env.DB.prepare("SELECT order_id FROM credit_notes ORDER BY number DESC").first("order_id")}/invoice`,
      shopper.cookie,
    );
    expect(page).toContain("Taxable value ₹100 Tax ₹2 Total ₹102");
  });
});

describe("rates as data", () => {
  it("the store's list of rates: saved from the form's text, read back in percent; bad lists refused, nothing saved", async () => {
    const seller = await sellerLogin();
    await saveSettings(seller, { gstRates: "18, 5 ,0, 5, 40, 3%" });
    const read = async () => (await json<{ settings: { gstRates: number[] } }>(await call("/api/seller/settings", { headers: { Cookie: seller } }))).settings;
    expect((await read()).gstRates).toEqual([0, 3, 5, 18, 40]);
    for (const [gstRates, msg] of [
      ["5, 41", "A GST rate must be at most 40%"],
      ["5, five", "A GST rate must be a number"],
      ["", "List at least one GST rate"],
      ["2.555", "Use at most 2 decimals for the GST rate"],
    ]) {
      const refused = await postJson("/api/seller/settings", { ...DEFAULT_SETTINGS_INPUT, gstRates }, { Cookie: seller });
      expect(refused.status).toBe(400);
      expect((await json(refused)).msg).toBe(msg);
    }
    expect((await read()).gstRates).toEqual([0, 3, 5, 18, 40]);
  });

  it("a product's rate and HSN code through the API: absent keeps them, bad ones are refused; an order line keeps what it was sold at", async () => {
    const seller = await sellerLogin();
    const added = await postForm("/api/product/add", productForm({ ...VALID_PRODUCT, gstRate: 18, hsn: "21069099" }), { Cookie: seller });
    expect(added.status).toBe(201);
    const { product } = await json<{ product: { _id: string; gstRate: number; hsn: string } }>(added);
    expect(product).toMatchObject({ gstRate: 18, hsn: "21069099" });
    const edit = (data: Record<string, unknown>) => {
      const form = productForm({ ...VALID_PRODUCT, ...data }, []);
      form.set("id", product._id);
      return postForm("/api/product/update", form, { Cookie: seller });
    };
    expect((await json<{ product: object }>(await edit({ name: "Basil" }))).product).toMatchObject({ gstRate: 18, hsn: "21069099" });
    for (const [data, msg] of [
      [{ hsn: "12" }, "The HSN code has 4, 6 or 8 digits, such as 0803"],
      [{ gstRate: 41 }, "The GST rate must be at most 40%"],
      [{ gstRate: -5 }, "The GST rate cannot be negative"],
    ] as const) {
      const refused = await edit(data);
      expect(refused.status).toBe(400);
      expect((await json(refused)).msg).toBe(msg);
    }
    const fresh = await postForm("/api/product/add", productForm(VALID_PRODUCT), { Cookie: seller });
    expect((await json<{ product: object }>(fresh)).product).toMatchObject({ gstRate: 5, hsn: null });

    const shopper = await signUp();
    const { order } = await placeOrder(
      store(),
      { id: shopper.id },
      { items: [{ product: product._id, quantity: 1 }], address: await addAddress(shopper) },
      "COD",
    );
    await edit({ gstRate: 5, hsn: "0910" });
    expect(await env.DB.prepare("SELECT gst_rate, hsn FROM order_items WHERE order_id = ?").bind(order.id).first()).toEqual({
      gst_rate: 1800,
      hsn: "21069099",
    });
  });

  it("the CSV carries gst_rate and hsn both ways; a change is shown before it is written", async () => {
    const seller = await sellerLogin();
    const dal = await insertProduct({ name: "Toor Dal 1kg", gstRate: 500, hsn: "0713" });
    const csv = await (await call("/api/product/export", { headers: { Cookie: seller } })).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toContain("best_before,gst_rate,hsn,max_per_order,in_stock");
    expect(row).toContain(",5,0713,");
    const file = `id,name,category,price,offer_price,gst_rate,hsn\r\n${dal.id},Toor Dal 1kg,${dal.category},${dal.pricePaise / 100},${dal.offerPricePaise / 100},18,07139010\r\n`;
    const plan = await call("/api/product/import/preview", {
      method: "POST",
      body: file,
      headers: { "Content-Type": "text/csv", Origin: ORIGIN, Cookie: seller },
    });
    expect(plan.status).toBe(200);
    const { rows } = await json<{ rows: { changed: { field: string; from?: string; to?: string }[] }[] }>(plan);
    expect(rows[0]!.changed).toEqual(["GST rate", "HSN code"]);
  });
});
