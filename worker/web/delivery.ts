/**
 * The web side of the delivery promise: the storefront's settings and
 * the top bar's "Deliver to" for the root loader, and the pincode form (with and without JavaScript).
 */
import type { RouterContextProvider } from "react-router";
import { safeLocalPath } from "@shared/redirect";
import { promiseText, viewPromise } from "@shared/delivery";
import { parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { deliveryPromise } from "@worker/services/delivery-area";
import { readStoreSettings, toStorefrontSettings } from "@worker/services/store-settings";
import { pincodeInput } from "@worker/validation/address";
import { fromContext } from "./context";
import { pincodeCookie, pincodeFromCookie } from "./pincode-cookie";
import { shopperOf } from "./shopper-state";

/**
 * The root loader's part: the settings every shopper page may show and the top bar's "Deliver to":
 * the signed-in shopper's default address, else the checked pincode, else none yet. Both come
 * with the shopper's lookup (worker/web/shopper-state.ts): no round trip of their own.
 */
export async function storefrontDelivery(request: Request, context: Readonly<RouterContextProvider>) {
  const [settings, address] = await Promise.all([shopperOf(context).settings(), shopperOf(context).deliveryAddress()]);
  const pincode = address?.zipCode ?? pincodeFromCookie(request.headers.get("cookie"));
  return {
    store: toStorefrontSettings(settings),
    delivery: {
      pincode,
      /** The pincode is the default address's: it changes in the address book, not in the top bar. */
      fromAddress: address !== null,
      promise: pincode ? viewPromise(deliveryPromise(settings, pincode, address?.state), pincode) : null,
    },
  };
}

/** The "Deliver to" form: remember the pincode in the cookie; the answer says the promise there. */
export async function submitPincodeForm(request: Request, context: Readonly<RouterContextProvider>) {
  const worker = fromContext(context);
  const form = await readForm(request);
  const { pincode } = parseInput(pincodeInput, { pincode: form.get("pincode") });
  const back = form.get("redirectTo");
  const settings = await readStoreSettings(worker.db);
  return {
    msg: promiseText(deliveryPromise(settings, pincode), pincode),
    headers: { "Set-Cookie": pincodeCookie(request, worker.env, pincode) },
    /** Where a browser without JavaScript goes back to (Post/Redirect/Get). */
    back: safeLocalPath(typeof back === "string" ? back : "/"),
  };
}
