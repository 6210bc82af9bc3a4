import type { StatusChange } from "@worker/db/schema";
import { formatDateTime, LIFECYCLE } from "@shared/order-status";

/** The order's steps with the time each was reached; `vertical`: the order page's tall form. */
export function OrderTimeline({ history, vertical = false, className }: { history: StatusChange[]; vertical?: boolean; className: string }) {
  const reached = new Map(history.map((change) => [change.status, change.at]));
  const cancelledAt = reached.get("Cancelled");
  const steps = cancelledAt ? [...LIFECYCLE.filter((s) => reached.has(s)), "Cancelled" as const] : LIFECYCLE;
  const layout = vertical ? "relative ml-1 space-y-4 border-l-2 border-gray-200 pl-5 text-sm" : "flex flex-wrap gap-x-6 gap-y-2 text-sm";
  return (
    <ol className={`${layout} ${className}`} aria-label="Order progress">
      {steps.map((step) => {
        const at = reached.get(step);
        const dot = `h-2.5 w-2.5 rounded-full ${step === "Cancelled" ? "bg-red-500" : at ? "bg-primary" : "bg-gray-300"}`;
        return (
          <li key={step} className={`${vertical ? "relative" : "flex items-center gap-2"} ${at ? "text-gray-800" : "text-gray-600"}`}>
            <span aria-hidden="true" className={vertical ? `absolute -left-[27px] top-1 ${dot} ring-4 ring-white` : dot} />
            <span>
              {step}
              {at ? (
                <span className="block text-xs text-gray-600">
                  <time dateTime={new Date(at).toISOString()}>{formatDateTime(at)}</time>
                </span>
              ) : (
                <span className="sr-only"> (not yet)</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
