/**
 * The web side of the delivery promise: the storefront's settings and
 * the top bar's "Deliver to" for the root loader, and the pincode form (with and without JavaScript).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { safeLocalPath } from "@shared/redirect";
import { promiseText, viewPromise } from "@shared/delivery";
import { parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { deliveryPromise } from "@worker/services/delivery-area";
import { settingsForPages, toStorefrontSettings } from "@worker/services/store-settings";
import { pincodeInput } from "@worker/validation/address";
import { fromContext } from "./context";
import { pincodeCookie, pincodeFromCookie } from "./pincode-cookie";
import { shopperOf } from "./shopper-state";

/**
 * The root loader's part: the settings every shopper page may show and the top bar's "Deliver to":
 * the signed-in shopper's default address, else the checked pincode, else none yet. No D1 round
 * trip of its own: the settings are the isolate's copy (ADR 028) and the address comes with the
 * account's lookup.
 */
export async function storefrontDelivery(request: Request, context: Readonly<RouterContextProvider>) {
  const [settings, address] = await Promise.all([settingsForPages(fromContext(context).db), shopperOf(context).deliveryAddress()]);
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

/**
 * The "Deliver to" form: remember the pincode in the cookie. Posted by the browser itself (no
 * JavaScript), back to the page it came from (Post/Redirect/Get); through a fetcher, the promise as
 * data (the root loader then revalidates and the top bar follows).
 */
export async function submitPincodeForm(request: Request, context: Readonly<RouterContextProvider>) {
  const worker = fromContext(context);
  const form = await readForm(request);
  const { pincode } = parseInput(pincodeInput, { pincode: form.get("pincode") });
  const headers = new Headers({ "Set-Cookie": pincodeCookie(request, worker.env, pincode) });
  if (request.headers.get("Sec-Fetch-Dest") === "document") {
    const back = form.get("redirectTo");
    return redirect(safeLocalPath(typeof back === "string" ? back : "/"), { status: 303, headers });
  }
  const settings = await settingsForPages(worker.db);
  return data({ ok: true as const, msg: promiseText(deliveryPromise(settings, pincode), pincode) }, { headers });
}
