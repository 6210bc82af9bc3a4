import type { StatusChange } from "@worker/db/schema";
import { formatDateTime, LIFECYCLE } from "@shared/order-status";

/** The order's steps with the time each was reached (a cancelled order shows where it stopped). */
export function OrderTimeline({ history }: { history: StatusChange[] }) {
  const reached = new Map(history.map((change) => [change.status, change.at]));
  const cancelledAt = reached.get("Cancelled");
  const steps = cancelledAt ? [...LIFECYCLE.filter((s) => reached.has(s)), "Cancelled" as const] : LIFECYCLE;
  return (
    <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Order progress">
      {steps.map((step) => {
        const at = reached.get(step);
        return (
          <li key={step} className={`flex items-center gap-2 ${at ? "text-gray-800" : "text-gray-600"}`}>
            <span
              aria-hidden="true"
              className={`h-2.5 w-2.5 rounded-full ${step === "Cancelled" ? "bg-red-500" : at ? "bg-primary" : "bg-gray-300"}`}
            />
            <span>
              {step}
              {at ? <span className="block text-xs text-gray-500">{formatDateTime(at)}</span> : <span className="sr-only"> (not yet)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
