import { data, redirect, Link } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { requireShopperId, requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { ownedAddressQuery, toAddressSnapshot, updateAddress } from "@worker/services/addresses";
import { AddressForm } from "~/components/account/AddressForm";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/edit-address";
import { WITHOUT_CART_BAR } from "~/components/cart/CartBar";
import { withFlash } from "@worker/web/flash";

export const handle = WITHOUT_CART_BAR;

export const meta: Route.MetaFunction = () => pageMeta("Edit address", "Change a saved delivery address.");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const userId = await requireShopperId(request, context);
  // Another shopper's address is as unknown as a made-up id.
  const [address] = await ownedAddressQuery(fromContext(context).db, userId, params.id);
  if (!address) throw data(null, { status: 404 });
  return { address: toAddressSnapshot(address), isDefault: address.isDefault };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUserPage(request, context);
  return answerForm(request, async () => {
    await updateAddress(fromContext(context).db, user.id, params.id, Object.fromEntries(await readForm(request)));
    return withFlash(redirect("/addresses", 303), { kind: "success", message: "Address saved" });
  });
}

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mt-16 pb-16">
      <Link to="/addresses" className="text-primary hover:underline">
        ← My addresses
      </Link>
      <h1 className="mt-4 text-2xl font-medium">Edit address</h1>
      <AddressForm address={loaderData.address} answer={actionData} submitLabel="Save changes" showDefault={!loaderData.isDefault} />
    </div>
  );
}
