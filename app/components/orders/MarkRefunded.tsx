import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { Link } from "~/components/Link";
import type { ActionFailure } from "@worker/web/action-result";
import { useActionToast } from "~/lib/use-action-toast";

type RefundResult = { ok: true; msg: string } | ActionFailure;

/**
 * The one fetcher every "Mark refunded" posts through. Its success toast is shown by the orders
 * page (useRefundToast), not by the button: a refunded order leaves a list filtered to refunds due
 * in the very render that brings the answer, and takes its button with it.
 */
const REFUND_FETCHER = "mark-refunded";

export function useRefundToast() {
  const fetcher = useFetcher<RefundResult>({ key: REFUND_FETCHER });
  useActionToast(fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : undefined);
}

/** The seller's confirmation page of a refund, which is also where its form posts. */
export function refundConfirmPath(orderId: string): string {
  return `/seller/orders/${orderId}/refund`;
}

type Props = {
  orderId: string;
  /** "order 1A2B3C4D": what the dialog's title names. */
  orderLabel: string;
  /** "₹420.00 to Asha Rao": what went back, to whom. */
  what: string;
  /**
   * False once the refund is recorded. The caller keeps the component mounted, so the answer of
   * its own mark (the toast) still arrives in the render that also brings the order's new state.
   */
  open: boolean;
};

/**
 * "Mark refunded" on the seller's orders page (ADR 044): a link to a confirmation page, so it works
 * without JavaScript (Post/Redirect/Get back to the orders); with it, the same confirmation opens in
 * a native dialog (focus kept inside, Escape closes, focus returns to the button) and posts through
 * a fetcher, so the list stays where it is and refreshes.
 */
export function MarkRefundedButton({ orderId, orderLabel, what, open }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<RefundResult>({ key: REFUND_FETCHER });
  const titleId = useId();
  // The fetcher is shared by every order's button: this dialog shows only the answer to its own post.
  const [sent, setSent] = useState(false);
  const done = sent && fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (done?.ok) dialog.current?.close();
  }, [done]);

  return (
    <>
      {open && (
        <Link
          to={refundConfirmPath(orderId)}
          onClick={(event) => {
            if (!dialog.current) return;
            event.preventDefault();
            dialog.current.showModal();
          }}
          className="rounded border border-primary px-3 py-1 text-primary hover:bg-primary/10"
        >
          Mark refunded<span className="sr-only"> ({orderLabel})</span>
        </Link>
      )}
      {/* A click on the backdrop closes it for the mouse; Escape and "Not yet" are the keyboard's ways. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
        className="m-auto w-[92vw] max-w-md rounded-lg p-0 shadow-xl backdrop:bg-black/50"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            Mark {orderLabel} refunded?
          </h2>
          <MarkRefundedForm
            fetcher={fetcher}
            onSubmit={() => setSent(true)}
            orderId={orderId}
            what={what}
            error={done && !done.ok ? done.msg : undefined}
            notYet={
              <button type="button" onClick={() => dialog.current?.close()} className="rounded border border-gray-300 px-4 py-2 text-gray-700 hover:bg-gray-50">
                Not yet
              </button>
            }
          />
        </div>
      </dialog>
    </>
  );
}

/** The confirmation itself: what is recorded, and the two answers (in the dialog through its fetcher; on the confirmation page, a plain form). */
export function MarkRefundedForm({
  fetcher,
  onSubmit,
  orderId,
  what,
  error,
  notYet,
}: {
  fetcher?: FetcherWithComponents<RefundResult>;
  onSubmit?: () => void;
  orderId: string;
  what: string;
  error?: string;
  notYet: React.ReactNode;
}) {
  const FormTag = fetcher ? fetcher.Form : "form";
  const busy = fetcher ? fetcher.state !== "idle" : false;
  const errorId = useId();
  return (
    <FormTag method="post" action={refundConfirmPath(orderId)} onSubmit={onSubmit} className="mt-4 space-y-4" aria-describedby={error ? errorId : undefined}>
      <p className="text-sm text-gray-700">
        Record that you refunded {what} (through the card payment&apos;s dashboard). The customer sees the refund and its date; this cannot be undone.
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {notYet}
        <button type="submit" disabled={busy} className="rounded bg-primary px-4 py-2 font-medium text-white hover:bg-primary-dull disabled:opacity-60">
          {busy ? "Recording…" : "Yes, mark refunded"}
        </button>
      </div>
    </FormTag>
  );
}

/** The confirmation page's "Not yet": back to the orders. */
export function BackToOrders() {
  return (
    <Link to="/seller/orders" className="rounded border border-gray-300 px-4 py-2 text-gray-700 hover:bg-gray-50">
      Not yet
    </Link>
  );
}
