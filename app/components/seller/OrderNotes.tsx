import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { formatDateTime } from "@shared/order-status";
import type { ActionFailure } from "@worker/web/form-answer";
import { useActionToast } from "~/lib/use-action-toast";

export type OrderNote = { id: number; note: string; author: string; createdAt: number };

/** The seller's own notes on an order (issue 40), oldest first, and a form for another; never shown to the shopper. */
export function OrderNotes({ orderId, notes, describedBy }: { orderId: string; notes: OrderNote[]; describedBy: string }) {
  const fetcher = useFetcher<{ ok: true; msg: string } | ActionFailure>();
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <details className="md:col-span-4" open={notes.length > 0}>
      <summary className="cursor-pointer font-medium text-gray-800">Notes ({notes.length})</summary>
      <ul className="mt-2 space-y-1" data-testid="order-notes">
        {notes.map((note) => (
          <li key={note.id} className="whitespace-pre-line">
            {note.note} <span className="text-xs text-gray-500">· {`${note.author}, ${formatDateTime(note.createdAt)}`}</span>
          </li>
        ))}
      </ul>
      <fetcher.Form ref={form} method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="orderId" value={orderId} />
        <label className="flex min-w-60 flex-1 flex-col gap-1">
          <span className="text-gray-600">A note only you see</span>
          <textarea name="note" required maxLength={500} rows={2} className="rounded border border-gray-400 px-2 py-1" />
        </label>
        <button name="intent" value="note" aria-describedby={describedBy} className="min-h-11 rounded border border-primary px-3 text-primary md:min-h-8">
          Add note
        </button>
      </fetcher.Form>
    </details>
  );
}
