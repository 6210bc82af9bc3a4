import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher, type FetcherWithComponents, Link } from "react-router";
import { focusTarget, headingNear } from "~/lib/focus-rescue";
import { CANCEL_NOTE_MAX } from "@shared/order-status";
import { useActionToast } from "~/lib/use-action-toast";
import { refillFrom, type FormAnswer } from "~/lib/refill";
import { BusyButton } from "~/components/BusyButton";

type Props = {
  /** The confirmation page, which is also where the form posts: `/my-orders/:id/cancel` or `/seller/orders/:id/cancel`. */
  confirmPath: string;
  /** "Order 1A2B3C4D": what the dialog's title names. */
  orderLabel: string;
  reasons: readonly string[];
  /** The seller writes a note for the customer too. */
  withNote?: boolean;
  buttonLabel?: string;
  /** The id of what names the order, in a list of several (the link's words are the same on each). */
  describedBy?: string;
  /** What cancelling does to money already paid (shared/order-status.ts cancelRefundNote), if any. */
  refundNote?: string | null;
  /**
   * False once the order can no longer be cancelled. The caller keeps the component mounted for a
   * cancelled order, so the answer of its own cancellation (the toast) still arrives: the order's
   * new data and the fetcher's answer come in the same render.
   */
  open?: boolean;
};

const BUTTON = "rounded border border-red-300 px-4 py-1.5 text-sm text-red-700 hover:bg-red-50";

/**
 * "Cancel order": a link to a confirmation page, so it works without JavaScript; with it, the same
 * confirmation opens in a dialog (focus trapped, Escape closes, focus returns to the button) and
 * posts through a fetcher, so the page stays where it is and refreshes its data.
 */
export function CancelOrderButton({
  confirmPath,
  orderLabel,
  reasons,
  withNote = false,
  buttonLabel = "Cancel order",
  open = true,
  describedBy,
  refundNote,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The confirmation's form is rendered when first opened, not on the server for every card: a page
  // of ten orders rendered ten forms of reasons nobody had asked for (CPU per request, ADR 023).
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher<FormAnswer>();
  const titleId = useId();
  const done = fetcher.state === "idle" ? fetcher.data : undefined;
  // Success is a toast and the dialog closes; a refusal stays in the dialog, next to the choices.
  useActionToast(done?.ok ? done : undefined);
  useEffect(() => {
    if (!done?.ok || !dialog.current) return;
    dialog.current.close();
    // The dialog gives the focus back to the link that opened it, which a cancelled order no longer
    // has: the focus stays in the closed dialog, or falls to the page's start. It goes to the order's
    // card in a list (the seller's evening list keeps its place), else to the heading around it.
    const active = document.activeElement;
    if (!active || active === document.body || dialog.current.contains(active)) {
      const card = dialog.current.closest<HTMLElement>("article");
      (card ? focusTarget(card) : headingNear(dialog.current))?.focus();
    }
  }, [done]);

  return (
    <>
      {open && (
        <Link
          to={confirmPath}
          onClick={(event) => {
            if (!dialog.current) return;
            event.preventDefault();
            flushSync(() => setOpened(true)); // the form is there when the dialog takes the focus
            dialog.current.showModal();
          }}
          className={BUTTON}
          aria-describedby={describedBy}
        >
          {buttonLabel}
        </Link>
      )}
      {/* A click on the backdrop closes it for the mouse; Escape and "Keep order" are the keyboard's ways. */}
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
          {opened && (
            <CancelOrderForm
              fetcher={fetcher}
              action={confirmPath}
              reasons={reasons}
              withNote={withNote}
              answer={done}
              keepButton={
                <button
                  type="button"
                  onClick={() => dialog.current?.close()}
                  className="rounded border border-gray-300 px-4 py-2 text-gray-700 hover:bg-gray-50"
                >
                  Keep order
                </button>
              }
            />
          )}
        </div>
      </dialog>
    </>
  );
}

/**
 * The confirmation itself: a reason (required), the seller's note, and the two answers. In the
 * dialog it posts through the dialog's fetcher; on the no-JavaScript confirmation page, as a plain
 * form, and a refusal there comes back with the reason and note that were posted (ADR 047).
 */
export function CancelOrderForm({
  fetcher,
  action,
  reasons,
  withNote,
  answer,
  keepButton,
}: {
  fetcher?: FetcherWithComponents<FormAnswer>;
  action: string;
  reasons: readonly string[];
  withNote: boolean;
  /** The action's answer to the last post, if any: its refusal is shown, and what it posted refills the form. */
  answer?: FormAnswer | null;
  keepButton: React.ReactNode;
}) {
  const error = answer && !answer.ok ? answer.msg : undefined;
  const shown = refillFrom(answer);
  const FormTag = fetcher ? fetcher.Form : "form";
  const busy = fetcher ? fetcher.state !== "idle" : false;
  const errorId = useId();
  const noteId = useId();
  return (
    <FormTag method="post" action={action} className="mt-4 space-y-4">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="text-sm font-medium text-gray-800">{withNote ? "Reason (the customer sees it)" : "Why are you cancelling?"}</legend>
        <ul className="mt-2 space-y-1.5">
          {reasons.map((reason) => (
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
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {keepButton}
        <BusyButton busy={busy} className="rounded bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800">
          {busy ? "Cancelling…" : "Yes, cancel order"}
        </BusyButton>
      </div>
    </FormTag>
  );
}
