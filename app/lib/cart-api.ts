import type { CartItems } from "@shared/cart";

let queue: Promise<void> = Promise.resolve();

/**
 * Save a signed-in shopper's cart (POST /api/cart/update). Calls run one after another, so the
 * server always ends with the latest cart even when the shopper clicks quickly.
 */
export function saveCartRemotely(items: CartItems): Promise<void> {
  const attempt = queue.then(async () => {
    const response = await fetch("/api/cart/update", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ cartItems: items }),
    });
    const body = (await response.json().catch(() => ({}))) as { success?: boolean; msg?: string };
    if (!response.ok || !body.success) throw new Error(body.msg || "Could not save your cart");
  });
  queue = attempt.catch(() => undefined);
  return attempt;
}
