/**
 * The spec's own front end works against this store: a stand-in for its React client, served from
 * a second origin (support/spa-client), calls the section 7 API with credentials, as the original
 * does with axios. CORS_ORIGINS lists that origin (playwright.config.ts).
 */
import type { Page } from "@playwright/test";
import { APPLE, RICE } from "./support/app";
import { SELLER } from "./support/accounts";
import { CATALOGUE_TAG, expect, test } from "./support/fixtures";
import { serveSpaClient } from "./support/spa-client/serve";

type Answer = { status: number; success: boolean; msg: string; message: string; [field: string]: unknown };
type ApiProduct = { _id: string; name: string; image: string[]; inStock: boolean };
type ApiOrder = { _id: string; items: { product: { _id: string; image: string[] }; quantity: number }[]; address: { zipcode: string } };

let client: Awaited<ReturnType<typeof serveSpaClient>>;

test.beforeAll(async ({ baseURL }) => {
  client = await serveSpaClient(Number(new URL(baseURL!).port));
});

test.afterAll(async () => {
  await client.close();
});

/** Call one of the stand-in's functions (window.store.<name>) in the page. */
function store<T = Answer>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([name, args]) => (window as unknown as { store: Record<string, (...a: unknown[]) => Promise<unknown>> }).store[name as string]!(...(args as unknown[])),
    [name, args] as const,
  ) as Promise<T>;
}

async function openClient(page: Page, baseURL: string) {
  await page.goto(`${client.origin}/?backend=${encodeURIComponent(new URL(baseURL).origin)}`);
  await expect(page.locator("body[data-ready=true]")).toHaveCount(1);
}

// @catalogue: the seller's act adds a product (the whole journey goes with it: serial mode keeps its acts together).
test.describe("the spec's client on another origin", { tag: CATALOGUE_TAG }, () => {
  // The seller reads the order the shopper placed: one journey in two acts.
  test.describe.configure({ mode: "serial" });
  let placedOrderId = "";

  test("a shopper browses with images, signs up, saves the cart, adds an address with zipcode, orders COD and sees the order", async ({ page, baseURL }) => {
    await openClient(page, baseURL!);
    const store_ = new URL(baseURL!).origin;

    const list = await store<Answer & { products: ApiProduct[]; nextCursor: string | null }>(page, "listProducts");
    expect(list.status).toBe(200);
    expect(list.nextCursor).toBeNull(); // the whole demo catalogue in one answer
    expect(list.products.length).toBeGreaterThanOrEqual(35);
    expect(list.products.every((p) => p.image.every((url) => url.startsWith(`${store_}/images/`)))).toBe(true);
    // Every picture the client shows loads from the store's origin.
    const images = page.getByRole("listitem").getByRole("img");
    await expect(images.first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);

    const email = `spa-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const registered = await store<Answer & { user: { _id: string } }>(page, "register", { name: "Meera Iyer", email, password: "crisp-okra-2026" });
    expect(registered.status).toBe(201);
    await expect(page.getByRole("status")).toHaveText("Account created");
    expect((await store(page, "isAuth")).status).toBe(200); // the session cookie travels cross-origin

    const saved = await store(page, "saveCart", { [APPLE.id]: 2, [RICE.id]: 1 });
    expect(saved).toMatchObject({ status: 200, message: "Cart Updated" });
    await expect(page.getByRole("status")).toHaveText("Cart Updated");

    const added = await store(page, "addAddress", {
      firstName: "Meera",
      lastName: "Iyer",
      email,
      street: "4 Temple Street",
      city: "Mysuru",
      state: "Karnataka",
      zipcode: "570001",
      country: "India",
      phone: "9876543210",
    });
    expect(added).toMatchObject({ status: 201, message: "Address added successfully" });
    const addresses = await store<Answer & { addresses: { _id: string; zipcode: string }[] }>(page, "listAddresses");
    expect(addresses.status).toBe(200);
    expect(addresses.addresses.map((a) => a.zipcode)).toEqual(["570001"]);

    const placed = await store<Answer & { orderId: string }>(
      page,
      "placeCod",
      "someone-else",
      [
        { product: APPLE.id, quantity: 2 },
        { product: RICE.id, quantity: 1 },
      ],
      addresses.addresses[0]!._id,
    );
    expect(placed).toMatchObject({ status: 201, message: "Order Placed Successfully" });
    placedOrderId = placed.orderId;
    await expect(page.getByRole("status")).toHaveText("Order Placed Successfully");

    const mine = await store<Answer & { orders: ApiOrder[] }>(page, "myOrders");
    const order = mine.orders.find((o) => o._id === placed.orderId)!;
    expect(order.items.map((i) => [i.product._id, i.quantity])).toEqual(
      expect.arrayContaining([
        [APPLE.id, 2],
        [RICE.id, 1],
      ]),
    );
    expect(order.items[0]!.product.image[0]).toMatch(new RegExp(`^${store_}/images/`));
  });

  test("the seller lists every product, adds one with an image, switches it off and on, and reads the orders' zip", async ({
    page,
    baseURL,
    catalogueChanges,
  }) => {
    const name = `Spa Client Kit ${Date.now().toString(36)}`;
    catalogueChanges.added(name);
    await openClient(page, baseURL!);
    const store_ = new URL(baseURL!).origin;

    expect(await store(page, "sellerLogin", SELLER.email, SELLER.password)).toMatchObject({ status: 200, message: "Logged In" });

    const added = await store<Answer & { product: ApiProduct }>(page, "addProduct", {
      name,
      description: ["Made for the test"],
      category: "Instant",
      price: 99,
      offerPrice: 89,
    });
    expect(added).toMatchObject({ status: 201, message: "Product Added" });
    expect(added.product.image[0]).toMatch(new RegExp(`^${store_}/images/`));

    const off = await store(page, "toggleStock", added.product._id, false);
    expect(off).toMatchObject({ status: 200, message: "Product is out of stock" });
    const listed = await store<Answer & { products: ApiProduct[] }>(page, "sellerProducts");
    // The switched-off product is still listed (flagged), so the seller can switch it back on.
    expect(listed.products.find((p) => p._id === added.product._id)).toMatchObject({ inStock: false });
    expect(listed.products.filter((p) => p.inStock).length).toBeGreaterThanOrEqual(35);

    expect(await store(page, "toggleStock", added.product._id, true)).toMatchObject({ status: 200, message: "Product is in stock" });
    const again = await store<Answer & { products: ApiProduct[] }>(page, "sellerProducts");
    expect(again.products.find((p) => p._id === added.product._id)).toMatchObject({ inStock: true });

    const orders = await store<Answer & { orders: ApiOrder[] }>(page, "sellerOrders");
    expect(orders.status).toBe(200);
    expect(orders.orders.find((o) => o._id === placedOrderId)?.address.zipcode).toBe("570001");
  });
});
