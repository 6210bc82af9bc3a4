import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher, type FetcherWithComponents, Link } from "react-router";
import { focusTarget, headingNear } from "~/lib/focus-rescue";
import type { OrderView } from "@worker/services/orders";
import { CANCEL_NOTE_MAX, cancelRefundNote, orderNumber, SELLER_CANCEL_REASONS, SHOPPER_CANCEL_REASONS, shopperCanCancel } from "@shared/order-status";
import { useActionToast } from "~/lib/use-action-toast";
import { refillFrom, type FormAnswer } from "~/lib/refill";
import { BusyButton } from "~/components/BusyButton";
import { Alert } from "~/lib/field-error";

type CancelBy = "seller" | "shopper";

const BUTTON = "rounded border border-red-300 px-4 py-1.5 text-sm text-red-700 hover:bg-red-50";
const KEEP_BUTTON = "rounded border border-gray-300 px-4 py-2 text-gray-700 hover:bg-gray-50";

/** The confirmation page without JavaScript, where the form posts too. */
const confirmPath = (by: CancelBy, orderId: string) => `${by === "seller" ? "/seller/orders" : "/my-orders"}/${orderId}/cancel`;

/** A link to a confirmation page (works without JavaScript); with it, the same confirmation in a dialog, posting through a fetcher. `open`: false once it can no longer be cancelled (kept mounted so the answer's toast still arrives); `describedBy`: what names the order in a list (the link's words are the same on each). */
export function CancelOrderButton({ order, by, open, describedBy }: { order: OrderView; by: CancelBy; open: boolean; describedBy?: string }) {
  const orderLabel = `order ${orderNumber(order.id)}`;
  const refundNote = cancelRefundNote(order, by);
  const dialog = useRef<HTMLDialogElement>(null);
  // Rendered when first opened, not on the server for every card (CPU per request, ADR 023).
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher<FormAnswer>();
  const titleId = useId();
  const done = fetcher.state === "idle" ? fetcher.data : undefined;
  useActionToast(done?.ok ? done : undefined);
  useEffect(() => {
    if (!done?.ok || !dialog.current) return;
    dialog.current.close();
    // The link the dialog returns focus to is gone with a cancelled order: focus its card, else the heading around it.
    const active = document.activeElement;
    if (!active || active === document.body || dialog.current.contains(active)) {
      const card = dialog.current.closest<HTMLElement>("article");
      (card ? focusTarget(card) : headingNear(dialog.current))?.focus();
    }
  }, [done]);
  const openDialog = (event: React.MouseEvent) => {
    if (!dialog.current) return;
    event.preventDefault();
    flushSync(() => setOpened(true)); // the form is there when the dialog takes the focus
    dialog.current.showModal();
  };

  return (
    <>
      {open && (
        <Link to={confirmPath(by, order.id)} onClick={openDialog} className={BUTTON} aria-describedby={describedBy}>
          {by === "seller" ? "Cancel" : "Cancel order"}
        </Link>
      )}
      {/* The backdrop click is for the mouse; Escape and "Keep order" are the keyboard's ways. */}
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
            Cancel {orderLabel}?
          </h2>
          {refundNote && <p className="mt-2 text-sm text-gray-700">{refundNote}</p>}
          {opened && <CancelOrderForm fetcher={fetcher} by={by} orderId={order.id} answer={done} keep={() => dialog.current?.close()} />}
        </div>
      </dialog>
    </>
  );
}

/** The shopper's Cancel order while it can be, kept on a cancelled order for the answer's toast; `className`: a box around it. */
export function ShopperCancelButton({ order, now, describedBy, className }: { order: OrderView; now: number; describedBy?: string; className?: string }) {
  const open = shopperCanCancel(order, now);
  if (!open && order.status !== "Cancelled") return null;
  const button = <CancelOrderButton order={order} by="shopper" open={open} describedBy={describedBy} />;
  return className ? <div className={className}>{button}</div> : button;
}

type CancelOrderFormProps = { fetcher?: FetcherWithComponents<FormAnswer>; by: CancelBy; orderId: string; answer?: FormAnswer; keep: string | (() => void) };
/** The confirmation: a reason, the seller's note, the two answers (Keep order: a link back, or closing the dialog); refilled on the no-JS page (ADR 047). */
export function CancelOrderForm({ fetcher, by, orderId, answer, keep }: CancelOrderFormProps) {
  const withNote = by === "seller";
  const error = answer && !answer.ok ? answer.msg : undefined;
  const shown = refillFrom(answer);
  const FormTag = fetcher ? fetcher.Form : "form";
  const busy = fetcher ? fetcher.state !== "idle" : false;
  const errorId = useId();
  const noteId = useId();
  return (
    <FormTag method="post" action={confirmPath(by, orderId)} className="mt-4 space-y-4">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="text-sm font-medium text-gray-800">{withNote ? "Reason (the customer sees it)" : "Why are you cancelling?"}</legend>
        <ul className="mt-2 space-y-1.5">
          {(withNote ? SELLER_CANCEL_REASONS : SHOPPER_CANCEL_REASONS).map((reason) => (
            <li key={reason}>
              <label className="flex cursor-pointer items-center gap-2 text-sm text-gray-700">
                <input type="radio" name="reason" value={reason} required defaultChecked={shown("reason", undefined) === reason} className="accent-primary" />
                {reason}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {withNote && (
        <div>
          <label htmlFor={noteId} className="text-sm font-medium text-gray-800">
            Note for the customer <span className="font-normal text-gray-500">(needed for Other)</span>
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={3}
            maxLength={CANCEL_NOTE_MAX}
            defaultValue={shown("note", undefined)}
            className="mt-1 w-full rounded border border-gray-300 p-2 text-sm"
          />
        </div>
      )}
      <Alert id={errorId} className="text-sm text-red-700" message={error} />
      <div className="flex flex-wrap justify-end gap-3">
        {typeof keep === "string" ? (
          <Link to={keep} className={KEEP_BUTTON}>
            Keep order
          </Link>
        ) : (
          <button type="button" onClick={keep} className={KEEP_BUTTON}>
            Keep order
          </button>
        )}
        <BusyButton busy={busy} className="rounded bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800">
          {busy ? "Cancelling…" : "Yes, cancel order"}
        </BusyButton>
      </div>
    </FormTag>
  );
}
