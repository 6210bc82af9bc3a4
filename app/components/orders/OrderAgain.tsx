import { useFetcher, Link } from "react-router";
import type { ActionFailure } from "@worker/web/form-answer";
import { BusyButton } from "~/components/BusyButton";

/** A real form (without JavaScript the order page says what was added); with it, the action's words beside the button. */
export function OrderAgainButton({ orderId, describedBy, className = "" }: { orderId: string; describedBy?: string; className?: string }) {
  const fetcher = useFetcher<{ ok: true; msg: string; added: number } | ActionFailure>();
  const busy = fetcher.state !== "idle";
  const done = busy ? undefined : fetcher.data;
  return (
    <fetcher.Form method="post" action={`/my-orders/${orderId}/again`} className={`flex flex-col items-start gap-1 ${className}`}>
      <BusyButton busy={busy} aria-describedby={describedBy} className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-dull">
        {busy ? "Adding…" : "Order again"}
      </BusyButton>
      <p role="status" className={`text-sm ${done && !done.ok ? "text-red-700" : "text-gray-700"}`} data-testid="order-again-result">
        {done?.msg}
        {done?.ok && done.added > 0 && (
          <>
            {" "}
            <Link to="/cart" className="font-medium text-primary underline">
              View cart
            </Link>
          </>
        )}
      </p>
    </fetcher.Form>
  );
}
