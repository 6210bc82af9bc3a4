import { redirect } from "react-router";
import { safeLocalPath } from "@shared/redirect";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { addAddress, newAddressPrefill } from "@worker/services/addresses";
import { pincodeFromCookie } from "@worker/web/pincode-cookie";
import { AddressForm } from "~/components/account/AddressForm";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/add-address";
import { WITHOUT_CART_BAR } from "~/components/cart/CartBar";
import { withFlash } from "@worker/web/flash";

export const handle = WITHOUT_CART_BAR;

export const meta: Route.MetaFunction = () => pageMeta("Add a delivery address", "Save a delivery address in India for your orders.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context, "/cart");
  return { prefill: newAddressPrefill(user, pincodeFromCookie(request.headers.get("cookie"))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUserPage(request, context, "/cart");
  return answerForm(request, async () => {
    const address = await addAddress(fromContext(context).db, user.id, Object.fromEntries(await readForm(request)));
    const next = new URL(request.url).searchParams.get("redirectTo");
    return withFlash(redirect(next ? safeLocalPath(next) : `/cart?address=${address.id}`), { kind: "success", message: "Address saved" });
  });
}

export default function AddAddress({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mt-16 pb-16">
      <h1 className="text-2xl text-gray-600 md:text-3xl">
        Add Shipping <span className="font-semibold text-primary">Address</span>
      </h1>
      <AddressForm address={loaderData.prefill} answer={actionData} submitLabel="Save address" />
    </div>
  );
}
