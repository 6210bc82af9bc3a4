import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionFailure } from "@worker/web/form-answer";
import { useActionToast } from "~/lib/use-action-toast";
import { BusyButton } from "~/components/BusyButton";
import { useHydrated } from "~/lib/use-hydrated";
import { useMenuDismiss } from "~/lib/use-menu-dismiss";
import { Alert } from "~/lib/field-error";
import { formatRupees, paiseToRupees } from "@shared/money";
import { CANCEL_REFUND_REASON, PART_REFUND_REASONS } from "@shared/order-status";

type RefundResult = { ok: true; msg: string } | ActionFailure;

// Every "Mark refunded" posts through this one fetcher; the page shows its toast, as a refunded card leaves a "refund due" list with the answer.
const REFUND_FETCHER = "mark-refunded";

export function useRefundToast() {
  const fetcher = useFetcher<RefundResult>({ key: REFUND_FETCHER });
  useActionToast(fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : undefined);
}

/** A `<details>` confirmation posting to the page's own action (ADRs 043, 044); with `stripeLeft`, a refund through Stripe (ADR 072), not a record. */
export function MarkRefunded({ orderId, orderLabel, what, stripeLeft }: { orderId: string; orderLabel: string; what: string; stripeLeft?: number }) {
  const fetcher = useFetcher<RefundResult>({ key: REFUND_FETCHER });
  const errorId = useId();
  // The fetcher is shared: this card shows only the answer to its own post.
  const [sent, setSent] = useState(false);
  const done = sent && fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = sent && fetcher.state !== "idle";
  const menu = useRef<HTMLDetailsElement>(null);
  const close = useMenuDismiss(menu);
  const hydrated = useHydrated();
  return (
    <details ref={menu} className="w-full">
      <summary className="inline-block cursor-pointer rounded border border-primary px-3 py-1 text-primary hover:bg-primary/10">
        {stripeLeft === undefined ? "Mark refunded" : "Refund"}
        <span className="sr-only"> ({orderLabel})</span>
      </summary>
      <fetcher.Form
        method="post"
        onSubmit={() => setSent(true)}
        className="mt-2 space-y-2 rounded border border-gray-300 bg-gray-50 p-3"
        aria-describedby={done && !done.ok ? errorId : undefined}
      >
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="intent" value={stripeLeft === undefined ? "refunded" : "refund"} />
        {stripeLeft === undefined ? (
          <p>Record that you refunded {what} (through the card payment&apos;s dashboard)? The customer sees the refund and its date; this cannot be undone.</p>
        ) : (
          <>
            <p>{`Refund through Stripe, to the card or UPI account ${what} paid from (at most ${formatRupees(stripeLeft)}):`}</p>
            <label className="block">
              Amount (₹)
              <input
                name="amount"
                inputMode="decimal"
                required
                defaultValue={paiseToRupees(stripeLeft)}
                className="ml-2 w-28 rounded border border-gray-400 px-2 py-1"
              />
            </label>
            <label className="block">
              Reason
              <select name="reason" className="ml-2 rounded border border-gray-400 bg-white px-2 py-1">
                {[...PART_REFUND_REASONS, CANCEL_REFUND_REASON].map((reason) => (
                  <option key={reason}>{reason}</option>
                ))}
              </select>
            </label>
          </>
        )}
        <Alert id={errorId} className="text-red-700" message={done && !done.ok && done.msg} />
        <BusyButton busy={busy} className="rounded bg-primary px-3 py-1 font-medium text-white hover:bg-primary-dull">
          {busy ? "Recording…" : stripeLeft === undefined ? "Yes, mark refunded" : "Refund"}
        </BusyButton>
        {hydrated && (
          <button type="button" onClick={close} className="ml-3 rounded px-3 py-1 text-gray-700 hover:underline">
            Keep
          </button>
        )}
      </fetcher.Form>
    </details>
  );
}
