import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionFailure } from "@worker/web/form-answer";
import { useActionToast } from "~/lib/use-action-toast";
import { BusyButton } from "~/components/BusyButton";
import { useHydrated } from "~/lib/use-hydrated";
import { useMenuDismiss } from "~/lib/use-menu-dismiss";

type RefundResult = { ok: true; msg: string } | ActionFailure;

/**
 * The one fetcher every "Mark refunded" posts through. Its success toast is shown by the orders
 * page (useRefundToast), not by the card: a refunded order leaves a list filtered to refunds due in
 * the very render that brings the answer, and takes its card with it.
 */
const REFUND_FETCHER = "mark-refunded";

export function useRefundToast() {
  const fetcher = useFetcher<RefundResult>({ key: REFUND_FETCHER });
  useActionToast(fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : undefined);
}

type Props = {
  orderId: string;
  /** "order 1A2B3C4D": what the button names for a screen reader. */
  orderLabel: string;
  /** "₹420 to Asha Rao": what went back, to whom. */
  what: string;
};

/**
 * "Mark refunded" on the seller's orders page (ADR 044): a disclosure whose confirmation posts to
 * the page's own action. A native `<details>`, so it opens and closes without JavaScript (the post
 * then answers with Post/Redirect/Get and a flash toast) and by keyboard; with JavaScript the post
 * goes through a fetcher and the list refreshes in place. It closes as menus do (Escape, a tap
 * outside, Keep), so an Enter after Escape records nothing. No page of its own: a route would add to
 * the manifest every shop page loads (ADR 043).
 */
export function MarkRefunded({ orderId, orderLabel, what }: Props) {
  const fetcher = useFetcher<RefundResult>({ key: REFUND_FETCHER });
  const errorId = useId();
  // The fetcher is shared by every order's card: this one shows only the answer to its own post.
  const [sent, setSent] = useState(false);
  const done = sent && fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = sent && fetcher.state !== "idle";
  const menu = useRef<HTMLDetailsElement>(null);
  const close = useMenuDismiss(menu);
  // Keep needs JavaScript; without it the summary closes the question.
  const hydrated = useHydrated();
  return (
    <details ref={menu} className="w-full">
      <summary className="inline-block cursor-pointer rounded border border-primary px-3 py-1 text-primary hover:bg-primary/10">
        Mark refunded<span className="sr-only"> ({orderLabel})</span>
      </summary>
      <fetcher.Form
        method="post"
        onSubmit={() => setSent(true)}
        className="mt-2 space-y-2 rounded border border-gray-300 bg-gray-50 p-3"
        aria-describedby={done && !done.ok ? errorId : undefined}
      >
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="intent" value="refunded" />
        <p>Record that you refunded {what} (through the card payment&apos;s dashboard)? The customer sees the refund and its date; this cannot be undone.</p>
        {done && !done.ok && (
          <p id={errorId} role="alert" className="text-red-700">
            {done.msg}
          </p>
        )}
        <BusyButton busy={busy} className="rounded bg-primary px-3 py-1 font-medium text-white hover:bg-primary-dull">
          {busy ? "Recording…" : "Yes, mark refunded"}
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
