import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { Flash } from "@worker/web/flash";
import { dismissToast, getToasts, subscribeToasts, toast, type Toast } from "~/lib/toast";

/** The id of the toast the server rendered (the store's ids start at 1). */
const SERVED_ID = 0;

/**
 * The toasts, at the bottom of the screen above any bar fixed there (app.css `.toaster`), so they
 * never cover the top bar; a phone shows the newest three.
 *
 * `flash`: the message a redirect carried to this page (worker/web/flash.ts). The server renders
 * it, so a browser without JavaScript shows it too; once hydrated it joins the store and leaves on
 * the usual timer.
 */
export function Toaster({ flash }: { flash?: Flash | null }) {
  // Before the store's subscription, so that the first client snapshot already holds the flash.
  useEffect(() => {
    if (flash) toast[flash.kind](flash.message);
  }, [flash]);
  const served = useMemo<Toast[]>(() => (flash ? [{ id: SERVED_ID, kind: flash.kind, message: flash.message, leaving: false }] : []), [flash]);
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, () => served);
  return (
    <div aria-live="polite" role="status" className="toaster pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 px-4">
      {toasts.map((t) => (
        <div
          key={t.id}
          data-kind={t.kind}
          data-served={t.id === SERVED_ID ? "" : undefined}
          // Dismissed: fading out, no longer there for assistive technology nor the keyboard (its Dismiss is no Tab stop).
          inert={t.leaving || undefined}
          // A toast never takes a tap meant for the page under it (an Add button, on a phone): only its Dismiss does.
          className={`pointer-events-none flex max-w-sm items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm shadow-lg ring-1 ring-black/5 transition-opacity duration-1000 ${
            t.leaving ? "opacity-0" : "opacity-100"
          }`}
        >
          <span aria-hidden="true" className={t.kind === "error" ? "text-red-600" : "text-primary"}>
            {t.kind === "error" ? "✕" : t.kind === "loading" ? "…" : "✓"}
          </span>
          <span>{t.message}</span>
          {/* The server's copy (shown only until hydration, or without JavaScript) leaves on its timer: a Dismiss there could do nothing. */}
          {t.id !== SERVED_ID && (
            <button
              type="button"
              className={`-my-1 ml-1 inline-flex h-6 w-6 shrink-0 items-center justify-center text-gray-500 hover:text-gray-800 ${t.leaving ? "" : "pointer-events-auto"}`}
              onClick={() => dismissToast(t.id)}
              aria-label="Dismiss"
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
