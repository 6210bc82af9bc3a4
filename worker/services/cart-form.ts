import { z } from "zod";
import {
  CART_COOKIE,
  CART_COOKIE_MAX_AGE,
  MAX_LINE_QUANTITY,
  PRODUCT_ID_PATTERN,
  serializeCart,
  withAdded,
  withQuantity,
  withRemoved,
} from "../../app/lib/cart";
import { safeLocalPath } from "../../app/lib/site";
import type { WorkerContext } from "../context";
import { parseInput } from "../errors";
import { readShopperState } from "./shopper-state";

const cartFormInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["add", "remove"]), productId: z.string().regex(PRODUCT_ID_PATTERN, "Unknown product") }),
  z.object({
    intent: z.literal("set"),
    productId: z.string().regex(PRODUCT_ID_PATTERN, "Unknown product"),
    quantity: z.coerce.number().int().min(0).max(MAX_LINE_QUANTITY),
  }),
]);

/** The no-JavaScript path of the cart buttons: apply one change, keep the guest cart in its cookie. */
export async function applyCartForm(request: Request, worker: WorkerContext) {
  const form = Object.fromEntries(await request.formData());
  const change = parseInput(cartFormInput, form);
  const { cart } = await readShopperState(request, worker);
  const next =
    change.intent === "add"
      ? withAdded(cart, change.productId)
      : change.intent === "remove"
        ? withRemoved(cart, change.productId)
        : withQuantity(cart, change.productId, change.quantity);

  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const headers = new Headers({
    "Set-Cookie": `${CART_COOKIE}=${serializeCart(next)}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
  });
  return { headers, redirectTo: safeLocalPath(typeof form.redirectTo === "string" ? form.redirectTo : "/cart") };
}
