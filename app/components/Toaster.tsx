import { useSyncExternalStore } from "react";
import { dismissToast, getServerToasts, getToasts, subscribeToasts } from "~/lib/toast";

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          data-kind={t.kind}
          className={`pointer-events-auto flex max-w-sm items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm shadow-lg ring-1 ring-black/5 transition-opacity duration-1000 ${
            t.leaving ? "opacity-0" : "opacity-100"
          }`}
        >
          <span aria-hidden="true" className={t.kind === "error" ? "text-red-600" : "text-primary"}>
            {t.kind === "error" ? "✕" : t.kind === "loading" ? "…" : "✓"}
          </span>
          <span>{t.message}</span>
          <button type="button" className="ml-2 text-gray-500 hover:text-gray-800" onClick={() => dismissToast(t.id)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
