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

/** The root loader's settings and "Deliver to" (default address, else the checked pincode), from the shopper's lookup. */
export async function storefrontDelivery(request: Request, context: Readonly<RouterContextProvider>) {
  const [settings, address] = await Promise.all([shopperOf(context).settings(), shopperOf(context).deliveryAddress()]);
  const pincode = address?.zipCode ?? pincodeFromCookie(request.headers.get("cookie"));
  return {
    store: toStorefrontSettings(settings),
    delivery: {
      pincode,
      /** Then it changes in the address book, not in the top bar. */
      fromAddress: address !== null,
      promise: pincode ? viewPromise(deliveryPromise(settings, pincode, address?.state), pincode) : null,
    },
  };
}

export async function submitPincodeForm(request: Request, context: Readonly<RouterContextProvider>) {
  const worker = fromContext(context);
  const form = await readForm(request);
  const { pincode } = parseInput(pincodeInput, { pincode: form.get("pincode") });
  const back = form.get("redirectTo");
  return {
    msg: promiseText(deliveryPromise(await readStoreSettings(worker.db), pincode), pincode),
    headers: { "Set-Cookie": pincodeCookie(request, worker.env, pincode) },
    back: safeLocalPath(typeof back === "string" ? back : "/"),
  };
}
