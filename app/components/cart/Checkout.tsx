import { useState, type FormEvent } from "react";
import { useFetcher, useLocation, useSearchParams, Link } from "react-router";
import type { ActionFailure } from "@worker/web/form-answer";
import type { loader } from "~/routes/shop/cart";
import { useActionToast } from "~/lib/use-action-toast";
import { requestLogin } from "~/lib/login-dialog";
import { useHydrated } from "~/lib/use-hydrated";
import { formatRupees, type Totals } from "@shared/money";
import { billLines } from "@shared/fees";
import { toast } from "~/lib/toast";
import { submitAfterCartSaved } from "~/lib/cart";
import { OptionalLine } from "~/components/OptionalLine";
import { BusyButton } from "~/components/BusyButton";

// `backFromStripe`: back from Stripe's page without paying, the card is chosen.
type FromLoader = Pick<Awaited<ReturnType<typeof loader>>, "signedIn" | "addresses" | "cardPayments" | "checkoutKey" | "backFromStripe">;
type Props = FromLoader & { totals: Totals; savedPaise: number; nudge: string | null; items: { product: string; quantity: number }[]; blocked: string | null };

export function Checkout({ totals, savedPaise, nudge, signedIn, addresses, cardPayments, checkoutKey, items, blocked, backFromStripe }: Props) {
  const fetcher = useFetcher<ActionFailure>();
  const location = useLocation();
  const [paymentType, setPaymentType] = useState<"COD" | "Online">(cardPayments && backFromStripe ? "Online" : "COD");
  // The address just added on the way here (?address=), else the default.
  const [params] = useSearchParams();
  const [addressId, setAddressId] = useState(() => addresses.find((address) => address.id === params.get("address"))?.id ?? addresses[0]?.id ?? "");
  const busy = fetcher.state !== "idle";
  // The address chosen becomes the default, so the top bar's "Deliver to" names where this order goes (as the big apps' location does).
  const defaultAddress = useFetcher();
  const chooseAddress = (id: string) => {
    setAddressId(id);
    void defaultAddress.submit({ intent: "default", id }, { method: "post", action: "/addresses" });
  };
  // Outside the delivery area: said beside the button, which then does nothing (the server refuses it too).
  const unserved = signedIn ? addresses.find((address) => address.id === addressId && address.promise.kind === "unserved") : undefined;
  const hydrated = useHydrated();

  useActionToast(fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : undefined);
  const placeOrder = (event: FormEvent<HTMLFormElement>) => {
    if (signedIn && addressId && !unserved) return submitAfterCartSaved(event); // the order takes the cart as shown, and empties the saved one
    event.preventDefault();
    if (!signedIn) {
      toast.error("Please log in to place your order");
      requestLogin(location.pathname);
    } else if (!addressId) toast.error("Please select an address");
  };

  return (
    <fetcher.Form method="post" action="/cart?checkout" onSubmit={placeOrder}>
      <input type="hidden" name="items" value={JSON.stringify(items)} />
      <input type="hidden" name="idempotencyKey" value={checkoutKey} />

      <fieldset className="mb-6">
        <legend className="text-sm font-medium uppercase">Delivery Address</legend>
        {!signedIn ? (
          <p className="mt-2 text-gray-600">
            <Link to="/login?redirectTo=/cart" className="text-primary underline">
              Log in
            </Link>{" "}
            to choose a delivery address.
          </p>
        ) : addresses.length === 0 ? (
          <p className="mt-2 text-gray-600">No address found.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {addresses.map((address) => (
              <li key={address.id}>
                <label className="flex cursor-pointer items-start gap-2 text-sm text-gray-600">
                  <input
                    type="radio"
                    name="address"
                    value={address.id}
                    checked={addressId === address.id}
                    onChange={() => chooseAddress(address.id)}
                    className="mt-1 accent-primary"
                  />
                  <span>
                    {address.firstName} {address.lastName}, {address.street}, {address.city}, {address.state} {address.zipCode}, {address.country}
                    <span className={`block text-xs ${address.promise.kind === "unserved" ? "text-red-700" : "text-primary-dull"}`}>
                      {address.promise.text}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {signedIn && (
          <p className="mt-2 flex gap-4 text-sm">
            <Link to="/add-address" className="text-primary hover:underline">
              Add address
            </Link>
            {addresses.length > 0 && (
              <Link to="/addresses" className="text-primary hover:underline">
                Manage addresses
              </Link>
            )}
          </p>
        )}
      </fieldset>

      <label htmlFor="payment-type" className="text-sm font-medium uppercase">
        Payment Method
      </label>
      <select
        id="payment-type"
        name="paymentType"
        value={paymentType}
        onChange={(e) => setPaymentType(e.target.value as "COD" | "Online")}
        className="mt-2 w-full border border-gray-300 bg-white px-3 py-2 outline-none"
      >
        <option value="COD">Cash On Delivery</option>
        <option value="Online" disabled={!cardPayments}>
          Online Payment{cardPayments ? "" : " (not available)"}
        </option>
      </select>
      {!cardPayments && <p className="mt-1 text-xs text-gray-500">Online payment is not available on this store right now; cash on delivery works.</p>}

      <hr className="mt-6 border-gray-300" />
      {/* The same numbers and words the order and Stripe show; then what the cart still lacks, and the saving against the MRP. */}
      <dl className="mt-4 space-y-2 text-gray-600">
        {billLines(totals).map(({ name, text }) => (
          <div key={name} className="flex justify-between">
            <dt>{name}</dt>
            <dd className={text === "Free" ? "text-primary-dull" : undefined}>{text}</dd>
          </div>
        ))}
        <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
          <dt>Total Amount:</dt>
          <dd data-testid="summary-total">{formatRupees(totals.total)}</dd>
        </div>
        {savedPaise > 0 && (
          <div className="flex justify-between rounded bg-primary-soft px-2 py-1 font-medium text-primary-dull">
            <dt>{totals.taxBasisPoints > 0 ? "You save" : "You save on MRP"}</dt>
            <dd data-testid="summary-savings">{formatRupees(savedPaise)}</dd>
          </div>
        )}
      </dl>
      {totals.taxBasisPoints === 0 && <p className="mt-1 text-sm text-gray-600">Inclusive of all taxes</p>}
      <OptionalLine data-testid="fee-nudge" className="mt-3 rounded bg-amber-50 px-2 py-1 text-sm font-medium text-amber-800" text={nudge} />

      {blocked && <p className="mt-4 text-sm text-red-600">{blocked}</p>}
      {unserved && (
        <p id="unserved-address" className="mt-4 text-sm text-red-700">
          {unserved.promise.text}: choose another address to place your order, or add one where we deliver.
        </p>
      )}
      {/* On a phone, at the bottom of the screen however long the cart (app.css keeps room for it). */}
      <div className="bottom-actions fixed inset-x-0 bottom-0 z-20 flex items-center border-t border-gray-200 bg-white px-4 md:static md:mt-6 md:border-0 md:px-0">
        <BusyButton
          busy={busy}
          disabled={blocked !== null}
          aria-disabled={unserved && hydrated ? true : undefined}
          aria-describedby={unserved ? "unserved-address" : undefined}
          className="w-full bg-primary py-3 font-medium text-white transition hover:bg-primary-dull disabled:opacity-60"
        >
          {busy ? "Placing…" : paymentType === "COD" ? "Place Order" : "Proceed to Checkout"}
        </BusyButton>
      </div>
    </fetcher.Form>
  );
}
