/**
 * A signed-in shopper for the Lighthouse pages behind a session (issue 15): an account made
 * through the store's own API, with a cash-on-delivery order (its order page) and a cart of four
 * products (the cart page). Lighthouse sends the session cookie with every request of those pages.
 */
export type AuditedPage = { path: string; cookie?: string };

/** The shopper's cart and order pages, on a running store. */
export async function shopperPages(origin: string): Promise<Record<string, AuditedPage>> {
  let cookie = "";
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    const session = response.headers.getSetCookie().find((c) => c.startsWith("sid="));
    if (session) cookie = session.split(";")[0]!;
    return JSON.parse(text) as Record<string, unknown>;
  };
  await post("/api/user/register", {
    name: "Lighthouse Shopper",
    email: `lighthouse-${Date.now().toString(36)}@bench.example`,
    password: "lighthouse-bench-2026",
  });
  const { address } = (await post("/api/address/add", {
    address: {
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@bench.example",
      street: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      zipcode: "560001",
      country: "India",
      phone: "9876543210",
    },
  })) as { address: { _id: string } };
  const { products } = (await (await fetch(`${origin}/api/product/list?limit=4`)).json()) as { products: { _id: string }[] };
  const { orderId } = (await post("/api/order/cod", { items: [{ product: products[0]!._id, quantity: 2 }], address: address._id })) as { orderId: string };
  await post("/api/cart/update", { cartItems: Object.fromEntries(products.map((p, i) => [p._id, i + 1])) });
  return { cart: { path: "/cart", cookie }, "order page": { path: `/my-orders/${orderId}`, cookie } };
}
