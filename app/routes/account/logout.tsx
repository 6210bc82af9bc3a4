import { redirect } from "react-router";
import { fromContext } from "@worker/web/context";
import { homeAfterLogout } from "@worker/web/flash";
import { endShopperSession } from "@worker/web/shopper-session";
import { pincodeCookie } from "@worker/web/pincode-cookie";
import { shopperOf } from "@worker/web/shopper-state";
import type { Route } from "./+types/logout";

/** Logging out changes state, so it is a POST; a stray GET just goes home. */
export const loader = () => redirect("/");

export async function action({ request, context }: Route.ActionArgs) {
  // The device keeps the pincode the top bar showed (the default address's), as the quick-commerce apps do.
  const pincode = (await shopperOf(context).deliveryAddress())?.zipCode;
  const { cookies, ended } = await endShopperSession(request, fromContext(context));
  return homeAfterLogout({ cookies: pincode ? [...cookies, pincodeCookie(request, fromContext(context).env, pincode)] : cookies, ended });
}
