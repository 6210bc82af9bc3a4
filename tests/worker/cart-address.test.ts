import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, freshIp, json, postJson } from "../support/http";
import { insertProduct } from "../support/builders";
import { addAddress, signUp, VALID_ADDRESS } from "../support/shoppers";

async function savedCart(userId: string) {
  const row = await env.DB.prepare("SELECT cart_items FROM users WHERE id = ?").bind(userId).first<{ cart_items: string }>();
  return JSON.parse(row!.cart_items);
}

describe("POST /api/cart/update", () => {
  it("saves the signed-in shopper's cart", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const response = await postJson("/api/cart/update", { cartItems: { [apple.id]: 3 } }, { Cookie: shopper.cookie });
    expect(await json(response)).toEqual({ success: true, msg: "Cart Updated", message: "Cart Updated" });
    expect(await savedCart(shopper.id)).toEqual({ [apple.id]: 3 });
    const me = await json<{ user: { cartItems: unknown } }>(await call("/api/user/is-auth", { headers: { Cookie: shopper.cookie } }));
    expect(me.user.cartItems).toEqual({ [apple.id]: 3 });
  });

  it('refuses bad quantities (-5, 0, 1.5, 1e9, "5", null) with 400 and changes nothing', async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    await postJson("/api/cart/update", { cartItems: { [apple.id]: 1 } }, { Cookie: shopper.cookie });
    for (const quantity of [-5, 0, 1.5, 1e9, "5", null]) {
      const response = await postJson("/api/cart/update", { cartItems: { [apple.id]: quantity } }, { Cookie: shopper.cookie });
      expect(response.status).toBe(400);
      expect((await json(response)).success).toBe(false);
    }
    expect(await savedCart(shopper.id)).toEqual({ [apple.id]: 1 });
  });

  it("holds one line per product: a product repeated in the JSON, the guest cookie or a login merge never goes over 99", async () => {
    const apple = await insertProduct();
    const shopper = await signUp();
    const repeated = `{"cartItems":{"${apple.id}":99,"${apple.id}":99,"${apple.id}":99}}`;
    expect((await postJson("/api/cart/update", repeated, { Cookie: shopper.cookie })).status).toBe(200);
    expect(await savedCart(shopper.id)).toEqual({ [apple.id]: 99 });
    const guestCookie = `cart=${encodeURIComponent(`${apple.id}:99,${apple.id}:99,${apple.id}:99`)}`;
    const login = await postJson("/api/user/login", { email: shopper.email, password: shopper.password }, { Cookie: guestCookie, ...freshIp() });
    expect(login.status).toBe(200);
    expect(await savedCart(shopper.id)).toEqual({ [apple.id]: 99 });
  });

  it("refuses unknown products and thousands of lines", async () => {
    const shopper = await signUp();
    const unknown = await postJson("/api/cart/update", { cartItems: { "no-such-product": 1 } }, { Cookie: shopper.cookie });
    expect(unknown.status).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, 1]));
    const tooMany = await postJson("/api/cart/update", { cartItems: many }, { Cookie: shopper.cookie });
    expect([400, 413]).toContain(tooMany.status);
    expect(await savedCart(shopper.id)).toEqual({});
  });

  it("refuses __proto__ and constructor keys without polluting anything", async () => {
    const shopper = await signUp();
    for (const body of ['{"cartItems":{"__proto__":{"polluted":1}}}', '{"cartItems":{"constructor":1}}', '{"cartItems":{"__proto__":1}}']) {
      const response = await postJson("/api/cart/update", body, { Cookie: shopper.cookie });
      expect(response.status).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await savedCart(shopper.id)).toEqual({});
  });

  it("needs a session", async () => {
    const response = await postJson("/api/cart/update", { cartItems: {} });
    expect(response.status).toBe(401);
    expect((await json(response)).success).toBe(false);
  });

  it("ignores a userId in the body: only the caller's cart changes", async () => {
    const apple = await insertProduct();
    const victim = await signUp();
    const attacker = await signUp();
    await postJson("/api/cart/update", { userId: victim.id, cartItems: { [apple.id]: 9 } }, { Cookie: attacker.cookie });
    expect(await savedCart(victim.id)).toEqual({});
    expect(await savedCart(attacker.id)).toEqual({ [apple.id]: 9 });
  });
});

describe("addresses", () => {
  it("adds an address and lists only the caller's addresses", async () => {
    const asha = await signUp();
    const ravi = await signUp();
    const id = await addAddress(asha);
    await addAddress(ravi, { ...VALID_ADDRESS, firstName: "Ravi" });
    const response = await postJson("/api/address/get", {}, { Cookie: asha.cookie });
    const body = await json<{ success: boolean; address: Record<string, unknown>[] }>(response);
    expect(body.success).toBe(true);
    expect(body.address).toEqual([{ _id: id, ...VALID_ADDRESS, zipcode: VALID_ADDRESS.zipCode, isDefault: true }]);
  });

  it("validates every field: all required, e-mail type, 6-digit PIN, Indian mobile", async () => {
    const shopper = await signUp();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...VALID_ADDRESS, firstName: "" }, /first name/],
      [{ ...VALID_ADDRESS, email: "nope" }, /e-mail/],
      [{ ...VALID_ADDRESS, zipCode: "56A001" }, /6-digit PIN code/],
      [{ ...VALID_ADDRESS, phone: "call me" }, /mobile number/],
      [{ ...VALID_ADDRESS, city: undefined }, /city/],
    ];
    for (const [address, message] of cases) {
      const response = await postJson("/api/address/add", { address }, { Cookie: shopper.cookie });
      expect(response.status).toBe(400);
      expect((await json<{ msg: string }>(response)).msg).toMatch(message);
    }
    const missing = await postJson("/api/address/add", { nope: true }, { Cookie: shopper.cookie });
    expect(missing.status).toBe(400);
    const list = await json<{ address: unknown[] }>(await postJson("/api/address/get", {}, { Cookie: shopper.cookie }));
    expect(list.address).toEqual([]);
  });

  it("stores HTML as plain text", async () => {
    const shopper = await signUp();
    await addAddress(shopper, { ...VALID_ADDRESS, street: "<script>alert(1)</script>" });
    const list = await json<{ address: { street: string }[] }>(await postJson("/api/address/get", {}, { Cookie: shopper.cookie }));
    expect(list.address[0]!.street).toBe("<script>alert(1)</script>");
  });

  it("needs a session", async () => {
    expect((await postJson("/api/address/add", { address: VALID_ADDRESS })).status).toBe(401);
    expect((await postJson("/api/address/get", {})).status).toBe(401);
  });
});

describe("the cart page's data", () => {
  it("flags out-of-stock and vanished products instead of failing, and shows only the shopper's addresses", async () => {
    const { cartPage } = await import("@worker/services/cart");
    const { db } = await import("../support/builders");
    const apple = await insertProduct({ name: "Apple" });
    const off = await insertProduct({ name: "Off", inStock: false });
    const shopper = await signUp();
    const other = await signUp();
    const mine = await addAddress(shopper);
    await addAddress(other);
    const items = { [apple.id]: 2, [off.id]: 1, "deleted-product": 1 };
    const expected = [
      [apple.id, 2, true, "Apple"],
      [off.id, 1, false, "Off"],
      ["deleted-product", 1, false, null],
    ];
    const summary = (page: Awaited<ReturnType<typeof cartPage>>) => page.lines.map((l) => [l.productId, l.quantity, l.available, l.product?.name ?? null]);
    // A signed-in shopper's page reads the saved cart from the account, in the same batch.
    await env.DB.prepare("UPDATE users SET cart_items = ? WHERE id = ?").bind(JSON.stringify(items), shopper.id).run();
    const page = await cartPage(db(), { userId: shopper.id });
    expect(page.signedIn).toBe(true);
    expect(summary(page)).toEqual(expected);
    expect(page.addresses.map((a) => a.id)).toEqual([mine]);
    // A guest's comes from the cookie, with no addresses; an account that is gone reads as a guest's empty cart.
    const guest = await cartPage(db(), { guestItems: items });
    expect([guest.signedIn, summary(guest), guest.addresses]).toEqual([false, expected, []]);
    expect(await cartPage(db(), { userId: "no-such-user" })).toMatchObject({
      signedIn: false,
      lines: [],
      addresses: [],
      waiting: null,
      settings: { state: "Karnataka" },
    });
    expect(await cartPage(db(), { guestItems: {} })).toMatchObject({
      signedIn: false,
      lines: [],
      addresses: [],
      waiting: null,
      settings: { state: "Karnataka" },
    });
  });
});
