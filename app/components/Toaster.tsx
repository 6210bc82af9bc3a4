import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { Flash } from "@worker/web/flash";
import { dismissToast, getToasts, subscribeToasts, toast, type Toast } from "~/lib/toast";

/** The server-rendered toast's id (the store's start at 1). */
const SERVED_ID = 0;

/** The toasts, above any bar fixed at the bottom; `flash` is rendered by the server too, so it shows without JavaScript. */
export function Toaster({ flash }: { flash?: Flash | null }) {
  // Before the store's subscription, so the first client snapshot holds the flash.
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
          // Dismissed: fading out, gone for assistive technology and the keyboard.
          inert={t.leaving || undefined}
          // Never takes a tap meant for the page under it: only its Dismiss does.
          className={`pointer-events-none flex max-w-sm items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm shadow-lg ring-1 ring-black/5 transition-opacity duration-1000 ${
            t.leaving ? "opacity-0" : "opacity-100"
          }`}
        >
          <span aria-hidden="true" className={t.kind === "error" ? "text-red-600" : "text-primary"}>
            {t.kind === "error" ? "✕" : t.kind === "loading" ? "…" : "✓"}
          </span>
          <span>{t.message}</span>
          {/* The server's copy leaves on its timer: a Dismiss there could do nothing. */}
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
