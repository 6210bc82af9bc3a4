/**
 * Indian addresses (worker/validation/address.ts) and the address book (worker/services/addresses.ts):
 * a 6-digit PIN that matches the state, the state from the list, a 10-digit mobile, India only;
 * edit, delete and the default address, each only by its owner.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_ADDRESSES, newAddressPrefill } from "@worker/services/addresses";
import { insertProduct } from "../support/builders";
import { call, json, postJson } from "../support/http";
import { addAddress, signUp, VALID_ADDRESS, type Shopper } from "../support/shoppers";

type ApiAddress = typeof VALID_ADDRESS & { _id: string; zipcode: string; isDefault: boolean };

async function listed(shopper: Shopper): Promise<ApiAddress[]> {
  return (await json<{ addresses: ApiAddress[] }>(await postJson("/api/address/get", {}, { Cookie: shopper.cookie }))).addresses;
}

async function addressRows() {
  return (await env.DB.prepare("SELECT * FROM addresses ORDER BY created_at").all()).results;
}

describe("Indian addresses", () => {
  it("keeps a valid address in one canonical form: the state's spelling, the PIN without spaces, the mobile as +91 XXXXX XXXXX, India", async () => {
    const shopper = await signUp();
    for (const [phone, stored] of [
      ["9876543210", "+91 98765 43210"],
      ["09876543210", "+91 98765 43210"],
      ["+91-98765-43210", "+91 98765 43210"],
      ["91 6000012345", "+91 60000 12345"],
    ]) {
      const response = await postJson(
        "/api/address/add",
        { address: { ...VALID_ADDRESS, phone, state: "karnataka", zipCode: "560 034", country: "india" } },
        { Cookie: shopper.cookie },
      );
      expect(response.status, phone).toBe(201);
      expect((await json<{ address: ApiAddress }>(response)).address).toMatchObject({
        phone: stored,
        state: "Karnataka",
        zipCode: "560034",
        zipcode: "560034",
        country: "India",
      });
    }
    // The spec's client may send the PIN and the mobile as numbers.
    const numbers = await postJson("/api/address/add", { address: { ...VALID_ADDRESS, phone: 9876543210, zipCode: 560034 } }, { Cookie: shopper.cookie });
    expect([numbers.status, (await json<{ address: ApiAddress }>(numbers)).address]).toEqual([
      201,
      expect.objectContaining({ phone: "+91 98765 43210", zipCode: "560034" }),
    ]);
    // The country may be left out (it can only be India); old state names are understood.
    const orissa = await postJson(
      "/api/address/add",
      { address: { ...VALID_ADDRESS, country: undefined, state: "Orissa", zipCode: "751001", city: "Bhubaneswar" } },
      { Cookie: shopper.cookie },
    );
    expect((await json<{ address: ApiAddress }>(orissa)).address).toMatchObject({ state: "Odisha", country: "India" });
  });

  it.each([
    [{ zipCode: "5600" }, "Enter a 6-digit PIN code, such as 560001"],
    [{ zipCode: "056001" }, "Enter a 6-digit PIN code, such as 560001"],
    [{ zipCode: "999001" }, "999001 is not an Indian PIN code we can deliver to"],
    [{ zipCode: "400001" }, "PIN 400001 is in Maharashtra, not Karnataka. Check the PIN code or the state."],
    [{ state: "Bavaria" }, "Choose a state or union territory of India"],
    [{ state: "" }, "Choose a state or union territory of India"],
    [{ country: "Nepal" }, "We deliver only within India"],
    [{ phone: "12345" }, "Enter a 10-digit Indian mobile number, such as 98765 43210"],
    [{ phone: "5876543210" }, "Enter a 10-digit Indian mobile number, such as 98765 43210"],
    [{ phone: "+44 7911 123456" }, "Enter a 10-digit Indian mobile number, such as 98765 43210"],
    [{ phone: 98765.4321 }, "Enter a 10-digit mobile number"],
    [{ zipCode: [560034] }, "Enter a 6-digit PIN code"],
    [{ zipCode: null }, "Enter a 6-digit PIN code"],
    [{ city: " " }, "Enter the city"],
  ])("refuses %j with 400: %s, and saves nothing", async (change, message) => {
    const shopper = await signUp();
    const response = await postJson("/api/address/add", { address: { ...VALID_ADDRESS, ...change } }, { Cookie: shopper.cookie });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ success: false, msg: message });
    expect(await addressRows()).toEqual([]);
  });

  it("the same rules for the spec client's `zipcode` spelling", async () => {
    const shopper = await signUp();
    const { zipCode: _, ...rest } = VALID_ADDRESS;
    const refused = await postJson("/api/address/add", { address: { ...rest, zipcode: "110001" } }, { Cookie: shopper.cookie });
    expect((await json(refused)).msg).toBe("PIN 110001 is in Delhi, not Karnataka. Check the PIN code or the state.");
    const added = await postJson(
      "/api/address/add",
      { address: { ...rest, state: "Delhi", city: "New Delhi", zipcode: "110001" } },
      { Cookie: shopper.cookie },
    );
    expect(added.status).toBe(201);
  });
});

describe("a new address's first values", () => {
  it("the account's name split into first and last, its e-mail, the checked pincode and its state when only one state has it", () => {
    expect(newAddressPrefill({ name: "Asha Devi Rao", email: "asha@example.com" }, "560034")).toEqual({
      firstName: "Asha",
      lastName: "Devi Rao",
      email: "asha@example.com",
      zipCode: "560034",
      state: "Karnataka",
    });
    expect(newAddressPrefill({ name: " Madonna ", email: "m@example.com" }, null)).toEqual({ firstName: "Madonna", lastName: "", email: "m@example.com" });
    // 160xxx is Chandigarh's and Punjab's: the PIN, and the state left to the shopper.
    expect(newAddressPrefill({ name: "A B", email: "a@example.com" }, "160017")).toEqual({
      firstName: "A",
      lastName: "B",
      email: "a@example.com",
      zipCode: "160017",
    });
  });
});

describe("the address book", () => {
  it("the first address is the default; another becomes it when chosen, and only one is ever the default", async () => {
    const shopper = await signUp();
    const home = await addAddress(shopper);
    const office = await addAddress(shopper, { ...VALID_ADDRESS, street: "1 Office Park", zipCode: "560100" });
    expect((await listed(shopper)).map((a) => [a._id, a.isDefault])).toEqual([
      [home, true],
      [office, false],
    ]);

    const chosen = await postJson("/api/address/default", { id: office }, { Cookie: shopper.cookie });
    expect(await json(chosen)).toMatchObject({ success: true, msg: "Default address changed" });
    expect((await listed(shopper)).map((a) => [a._id, a.isDefault])).toEqual([
      [office, true],
      [home, false],
    ]);
    expect((await addressRows()).filter((row) => row.is_default === 1)).toHaveLength(1);

    // A new address can be made the default as it is added.
    const third = await addAddress(shopper, { ...VALID_ADDRESS, street: "3 New Road", isDefault: true });
    expect((await listed(shopper)).map((a) => a._id)).toEqual([third, office, home]);
    expect((await addressRows()).filter((row) => row.is_default === 1)).toHaveLength(1);
  });

  it("edits an address under the same rules", async () => {
    const shopper = await signUp();
    const id = await addAddress(shopper);
    const edited = await postJson(
      "/api/address/update",
      { id, address: { ...VALID_ADDRESS, street: "99 Brigade Road", zipCode: "560025", phone: "9000012345" } },
      { Cookie: shopper.cookie },
    );
    expect(edited.status).toBe(200);
    expect((await listed(shopper))[0]).toMatchObject({ _id: id, street: "99 Brigade Road", zipCode: "560025", phone: "+91 90000 12345", isDefault: true });

    const refused = await postJson("/api/address/update", { id, address: { ...VALID_ADDRESS, zipCode: "12" } }, { Cookie: shopper.cookie });
    expect(refused.status).toBe(400);
    expect((await listed(shopper))[0]).toMatchObject({ street: "99 Brigade Road", zipCode: "560025" });
  });

  it("deleting the default makes the newest other address the default", async () => {
    const shopper = await signUp();
    const home = await addAddress(shopper);
    const office = await addAddress(shopper, { ...VALID_ADDRESS, street: "1 Office Park" });
    const deleted = await postJson("/api/address/delete", { id: home }, { Cookie: shopper.cookie });
    expect(await json(deleted)).toMatchObject({ success: true, msg: "Address deleted" });
    expect((await listed(shopper)).map((a) => [a._id, a.isDefault])).toEqual([[office, true]]);
  });

  it("an order makes its address the default (the top bar's pincode); a refused order changes nothing", async () => {
    const apple = await insertProduct({ name: "Apple 1 kg", category: "Fruits", pricePaise: 12000, offerPricePaise: 11000 });
    const shopper = await signUp();
    const home = await addAddress(shopper);
    const office = await addAddress(shopper, { ...VALID_ADDRESS, street: "1 Office Park", zipCode: "560100" });
    const mumbai = await addAddress(shopper, { ...VALID_ADDRESS, street: "1 Marine Drive", city: "Mumbai", state: "Maharashtra", zipCode: "400001" });
    const order = (address: string) => postJson("/api/order/cod", { items: [{ product: apple.id, quantity: 1 }], address }, { Cookie: shopper.cookie });

    expect((await order(office)).status).toBe(201);
    expect((await listed(shopper)).map((a) => [a._id, a.isDefault])).toEqual([
      [office, true],
      [mumbai, false],
      [home, false],
    ]);
    expect((await addressRows()).filter((row) => row.is_default === 1)).toHaveLength(1);

    // Outside the delivery area (refused, 409) or another shopper's address (404): the default stays.
    expect((await order(mumbai)).status).toBe(409);
    const other = await signUp();
    const theirs = await addAddress(other);
    expect((await order(theirs)).status).toBe(404);
    expect((await listed(shopper))[0]!._id).toBe(office);
    expect((await listed(other)).map((a) => [a._id, a.isDefault])).toEqual([[theirs, true]]);
  });

  it("another shopper's address is unknown (404) to edit, delete or choose, and stays as it was", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const id = await addAddress(owner);
    await addAddress(intruder); // the intruder's own default stays theirs too
    const before = await addressRows();
    for (const [path, body] of [
      ["/api/address/update", { id, address: { ...VALID_ADDRESS, street: "Hijacked" } }],
      ["/api/address/delete", { id }],
      ["/api/address/default", { id }],
    ] as const) {
      const response = await postJson(path, body, { Cookie: intruder.cookie });
      expect(response.status, path).toBe(404);
      expect((await json(response)).msg).toBe("Address not found");
    }
    expect(await addressRows()).toEqual(before);
  });

  it("a guest gets 401; a malformed body 400; a request from another site 403", async () => {
    const shopper = await signUp();
    const id = await addAddress(shopper);
    for (const path of ["/api/address/update", "/api/address/delete", "/api/address/default"]) {
      expect((await postJson(path, { id }, {})).status, path).toBe(401);
      expect((await postJson(path, { id: 42 }, { Cookie: shopper.cookie })).status, path).toBe(400);
      const crossSite = await call(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: shopper.cookie },
        body: JSON.stringify({ id }),
      });
      expect(crossSite.status, path).toBe(403);
    }
    // A body that is not an object at all is told so in plain words, not in zod's.
    for (const [path, body] of [
      ["/api/address/add", { address: null }],
      ["/api/address/add", { address: [1] }],
      ["/api/cart/update", null],
      ["/api/cart/update", [1]],
      ["/api/order/cod", null],
    ] as const) {
      const refused = await postJson(path, body, { Cookie: shopper.cookie });
      expect([refused.status, (await json<{ msg: string }>(refused)).msg], `${path} ${JSON.stringify(body)}`).toEqual([
        400,
        "Send the request's fields as a JSON object",
      ]);
    }
    expect(await listed(shopper)).toHaveLength(1);
  });
});

describe("the address book's cap", () => {
  /** Saves `n` addresses for the shopper straight into D1 (the newest one the default). */
  async function saveMany(shopper: Shopper, n: number) {
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: n }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO addresses (id, user_id, first_name, last_name, email, street, city, state, zip_code, country, phone, is_default, created_at) VALUES (?, ?, 'Asha', 'Rao', 'asha@example.com', ?, 'Bengaluru', 'Karnataka', '560001', 'India', '+91 98765 43210', ?, ?)",
        ).bind(crypto.randomUUID(), shopper.id, `${i + 1} Market Road`, i === n - 1 ? 1 : 0, now - n + i),
      ),
    );
  }
  const countOf = async (shopper: Shopper) => env.DB.prepare("SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?").bind(shopper.id).first<number>("n");

  it(`with ${MAX_ADDRESSES - 5} saved, 20 adds at once save 5: the cap is in the statement that writes, never passed by a race`, async () => {
    const shopper = await signUp();
    await saveMany(shopper, MAX_ADDRESSES - 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson("/api/address/add", { address: { ...VALID_ADDRESS, street: `Race ${i}`, isDefault: i % 2 === 0 } }, { Cookie: shopper.cookie }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const refused of answers.filter((a) => a.status === 409)) expect((await json(refused)).msg).toBe(`You can save at most ${MAX_ADDRESSES} addresses`);
    expect(await countOf(shopper)).toBe(MAX_ADDRESSES);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM addresses WHERE user_id = ? AND is_default = 1").bind(shopper.id).first<number>("n")).toBe(1);
  });

  it("a full book refuses one more (409), even one asked to be the default, and changes nothing: the default stays", async () => {
    const shopper = await signUp();
    await saveMany(shopper, MAX_ADDRESSES);
    const before = await addressRows();
    const refused = await postJson("/api/address/add", { address: { ...VALID_ADDRESS, isDefault: true } }, { Cookie: shopper.cookie });
    expect(refused.status).toBe(409);
    expect(await addressRows()).toEqual(before);
    // Another shopper's book is their own.
    const other = await signUp();
    expect((await postJson("/api/address/add", { address: VALID_ADDRESS }, { Cookie: other.cookie })).status).toBe(201);
  });

  it("the first address is the default however it was asked for, and only one of two added at once into an empty book is", async () => {
    const shopper = await signUp();
    const answers = await Promise.all(
      [0, 1].map((i) => postJson("/api/address/add", { address: { ...VALID_ADDRESS, street: `First ${i}` } }, { Cookie: shopper.cookie })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const listedNow = await listed(shopper);
    expect(listedNow.filter((a) => a.isDefault)).toHaveLength(1);
  });
});
