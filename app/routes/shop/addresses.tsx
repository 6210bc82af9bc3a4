import { useRef } from "react";
import { useFetcher, Link } from "react-router";
import { refusesOrders, viewPromise, type PromiseView } from "@shared/delivery";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { loadShopperPage, requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { addressBookPage, deleteAddress, setDefaultAddress, toSavedAddress, type SavedAddress } from "@worker/services/addresses";
import { deliveryPromise } from "@worker/services/delivery-area";
import { useActionToast } from "~/lib/use-action-toast";
import { rescueFocus } from "~/lib/focus-rescue";
import { useHydrated } from "~/lib/use-hydrated";
import { useMenuDismiss } from "~/lib/use-menu-dismiss";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/addresses";

export const meta: Route.MetaFunction = () => pageMeta("My Addresses", "Your saved delivery addresses.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { addresses, settings } = await loadShopperPage(request, context, addressBookPage);
  return {
    addresses: addresses.map((address, i) => ({
      ...toSavedAddress(address, i),
      promise: viewPromise(deliveryPromise(settings, address.zipCode, address.state), address.zipCode),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  const user = await requireUserPage(request, context);
  return answerForm(request, async () => {
    const form = Object.fromEntries(await readForm(request));
    if (form.intent === "delete") {
      await deleteAddress(worker.db, user.id, form);
      return { msg: "Address deleted" };
    }
    await setDefaultAddress(worker.db, user.id, form);
    return { msg: "Default address changed" };
  });
}

/** One fetcher for the book's buttons, read here: a deleted address's card is gone before its answer shows. */
const BOOK_FETCHER = "address-book";

export default function Addresses({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<{ ok: boolean; msg: string }>({ key: BOOK_FETCHER });
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined);
  return (
    <div className="mt-16 pb-16">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-medium">My addresses</h1>
        <Link to="/add-address?redirectTo=/addresses" className="rounded bg-primary px-4 py-2 text-white hover:bg-primary-dull">
          Add a new address
        </Link>
      </div>
      {loaderData.addresses.length === 0 ? (
        <p className="mt-8 text-gray-600">You have no saved addresses yet.</p>
      ) : (
        <ul ref={rescueFocus} className="mt-8 grid gap-4 md:grid-cols-2">
          {loaderData.addresses.map((address) => (
            <li key={address.id}>
              <AddressCard address={address} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddressCard({ address }: { address: SavedAddress & { promise: PromiseView } }) {
  const fetcher = useFetcher({ key: BOOK_FETCHER });
  const menu = useRef<HTMLDetailsElement>(null);
  const close = useMenuDismiss(menu);
  const hydrated = useHydrated();
  const name = `${address.firstName} ${address.lastName}`;
  return (
    <article aria-label={`Address of ${name}, ${address.street}`} className="h-full rounded-md border border-gray-300 p-4 text-sm text-gray-700">
      <div className="flex items-start justify-between gap-2">
        <address className="not-italic">
          <p className="font-medium text-gray-900">{name}</p>
          <p>{address.street}</p>
          <p>
            {address.city}, {address.state} {address.zipCode}
          </p>
          <p>{address.country}</p>
          <p>{address.phone}</p>
        </address>
        {address.isDefault && <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-dull">Default</span>}
      </div>
      <p className={`mt-2 ${refusesOrders(address.promise) ? "text-red-700" : "text-primary-dull"}`}>{address.promise.text}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Link
          to={`/addresses/${address.id}/edit`}
          className="rounded border border-gray-400 px-3 py-1 hover:bg-gray-50"
          aria-label={`Edit the address of ${name}, ${address.street}`}
        >
          Edit
        </Link>
        {!address.isDefault && (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" name="intent" value="default" className="rounded border border-primary px-3 py-1 text-primary-dull hover:bg-primary-soft">
              Make default
            </button>
          </fetcher.Form>
        )}
        {/* Delete asks first, in a disclosure that closes as menus do, so an Enter after Escape deletes nothing. */}
        <details ref={menu}>
          <summary className="cursor-pointer rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50">Delete</summary>
          <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
            <input type="hidden" name="id" value={address.id} />
            <span>Delete this address?</span>
            <button type="submit" name="intent" value="delete" className="rounded bg-red-700 px-3 py-1 text-white hover:bg-red-800">
              Yes, delete
            </button>
            {hydrated && (
              <button type="button" onClick={close} className="rounded px-3 py-1 text-gray-700 hover:underline">
                Keep
              </button>
            )}
          </fetcher.Form>
        </details>
      </div>
    </article>
  );
}
