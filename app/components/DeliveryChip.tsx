import { refusesOrders } from "@shared/delivery";
import { useEffect, useId, useRef, type MouseEvent, type ToggleEvent } from "react";
import { useFetcher, useLocation, Link } from "react-router";
import { useDeliveryTo } from "~/lib/root-data";
import { useMenuDismiss } from "~/lib/use-menu-dismiss";
import { PincodeFields } from "./PincodeFields";

/** The top bar's "Deliver to ⟨pincode⟩": a <details> with a real form (works without JavaScript; a fetcher with it). */
export function DeliveryChip() {
  const delivery = useDeliveryTo();
  const fetcher = useFetcher<{ ok: boolean; msg: string }>();
  const panel = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const id = useId();
  const saved = fetcher.state === "idle" && fetcher.data?.ok;
  const refused = fetcher.data?.ok === false;
  useEffect(() => {
    if (!saved || !panel.current) return;
    panel.current.open = false;
    panel.current.querySelector("summary")?.focus();
  }, [saved]);
  useMenuDismiss(panel);
  // Opened, the pincode field takes the focus at once (`toggle` comes a task later: keys typed between would be lost); closed unsaved, it forgets a refusal.
  const pincodeField = (details: HTMLDetailsElement) => details.querySelector<HTMLInputElement>("input[name=pincode]");
  const openWithFocus = (event: MouseEvent<HTMLElement>) => {
    const details = panel.current;
    const field = details && !details.open ? pincodeField(details) : null;
    if (!details || !field) return;
    event.preventDefault();
    details.open = true;
    field.focus();
    field.select();
  };
  const onToggle = (event: ToggleEvent<HTMLDetailsElement>) => {
    const field = pincodeField(event.currentTarget);
    if (event.currentTarget.open) {
      if (field && document.activeElement !== field) {
        field.focus();
        field.select();
      }
    } else if (refused) {
      field?.form?.reset();
      fetcher.reset();
    }
  };
  if (!delivery) return null;
  const { pincode, promise, fromAddress } = delivery;
  const here = location.pathname + location.search;
  return (
    <div className="border-t border-gray-100 bg-primary-soft/50">
      <details ref={panel} onToggle={onToggle} className="relative mx-auto max-w-7xl px-4 text-sm md:px-8">
        <summary onClick={openWithFocus} className="flex cursor-pointer items-center gap-1.5 py-1.5">
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
            <circle cx="12" cy="9.5" r="2.5" />
          </svg>
          {pincode ? (
            // On a phone the promise needs the room; screen readers still hear "Deliver to".
            <span>
              <span className="max-sm:sr-only">Deliver to </span>
              <strong>{pincode}</strong>
            </span>
          ) : (
            <span>Deliver to your pincode</span>
          )}
          <span aria-hidden="true">·</span>
          <span data-testid="delivery-promise" className={refusesOrders(promise) ? "font-medium text-red-700" : "font-medium text-primary-dull"}>
            {promise?.text ?? "See delivery time"}
          </span>
        </summary>
        <div className="absolute left-4 z-40 mt-1 w-72 rounded-md border border-gray-200 bg-white p-4 shadow-lg md:left-8">
          {fromAddress ? (
            <p>
              Delivering to your default address.{" "}
              <Link to="/addresses" className="text-primary underline">
                Change it in your addresses
              </Link>
            </p>
          ) : (
            // Without JavaScript a refused pincode lands on /delivery, whose form and Back link return here.
            <fetcher.Form method="post" action={`/delivery?${new URLSearchParams({ redirectTo: here })}`}>
              <PincodeFields id={id} redirectTo={here} defaultValue={pincode ?? ""} refusal={refused && fetcher.data?.msg} compact />
            </fetcher.Form>
          )}
        </div>
      </details>
      {/* Not a second role="status": the page's status is the toaster's. */}
      <p aria-live="polite" className="sr-only">
        {saved ? fetcher.data?.msg : ""}
      </p>
    </div>
  );
}
