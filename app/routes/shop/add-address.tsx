import { Form, redirect, useNavigation } from "react-router";
import { runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { addAddress } from "@worker/services/addresses";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/add-address";

export const meta: Route.MetaFunction = () => pageMeta("Add a delivery address", "Save a shipping address for your orders.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUserPage(request, context, "/cart");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  const user = await requireUserPage(request, context, "/cart");
  return runAction(async () => {
    await addAddress(worker.db, user.id, Object.fromEntries(await readForm(request)));
    return redirect("/cart");
  });
}

const FIELDS = [
  [
    { name: "firstName", label: "First Name", autoComplete: "given-name" },
    { name: "lastName", label: "Last Name", autoComplete: "family-name" },
  ],
  [{ name: "email", label: "Email address", type: "email", autoComplete: "email" }],
  [{ name: "street", label: "Street", autoComplete: "street-address" }],
  [
    { name: "city", label: "City", autoComplete: "address-level2" },
    { name: "state", label: "State", autoComplete: "address-level1" },
  ],
  [
    { name: "zipCode", label: "Zip code", inputMode: "numeric", pattern: "[0-9]{4,10}", autoComplete: "postal-code" },
    { name: "country", label: "Country", autoComplete: "country-name" },
  ],
  [{ name: "phone", label: "Phone", type: "tel", autoComplete: "tel" }],
] as const;

export default function AddAddress({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mt-16 pb-16">
      <h1 className="text-2xl text-gray-600 md:text-3xl">
        Add Shipping <span className="font-semibold text-primary">Address</span>
      </h1>
      <Form method="post" className="mt-8 max-w-md space-y-3 text-sm">
        {FIELDS.map((row, i) => (
          <div key={i} className="grid grid-cols-1 gap-3 sm:grid-flow-col">
            {row.map(({ name, label, ...input }) => (
              <div key={name}>
                <label htmlFor={`address-${name}`} className="sr-only">
                  {label}
                </label>
                <input
                  id={`address-${name}`}
                  name={name}
                  required
                  maxLength={200}
                  placeholder={label}
                  className="w-full rounded border border-gray-500/30 px-2 py-2.5 text-gray-600 outline-none focus:border-primary"
                  {...input}
                />
              </div>
            ))}
          </div>
        ))}
        {actionData && !actionData.ok && (
          <p role="alert" className="text-red-600">
            {actionData.msg}
          </p>
        )}
        <button type="submit" disabled={busy} className="mt-4 w-full bg-primary py-3 uppercase text-white hover:bg-primary-dull disabled:opacity-70">
          Save address
        </button>
      </Form>
    </div>
  );
}
