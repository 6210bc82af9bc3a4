import type { ReactNode } from "react";
import { formatRupees, type Totals } from "@shared/money";
import { billLines } from "@shared/fees";

export function OrderSummary({ children }: { children: ReactNode }) {
  return (
    <aside className="h-fit w-full rounded border border-gray-300/70 bg-gray-100/40 p-5 md:max-w-[360px]" aria-labelledby="summary-title">
      <h2 id="summary-title" className="text-xl font-medium">
        Order Summary
      </h2>
      <hr className="my-5 border-gray-300" />
      {children}
    </aside>
  );
}

/** The same numbers and words the order and Stripe show; then what the cart still lacks, and the saving against the MRP. */
export function TotalsList({ totals, savedPaise = 0, nudge }: { totals: Totals; savedPaise?: number; nudge: string | null }) {
  return (
    <>
      <dl className="mt-4 space-y-2 text-gray-600">
        {billLines(totals).map(({ name, text }) => (
          <div key={name} className="flex justify-between">
            <dt>{name}</dt>
            <dd className={text === "Free" ? "text-primary-dull" : undefined}>{text}</dd>
          </div>
        ))}
        <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
          <dt>Total Amount:</dt>
          <dd data-testid="summary-total">{formatRupees(totals.total)}</dd>
        </div>
        {savedPaise > 0 && (
          <div className="flex justify-between rounded bg-primary-soft px-2 py-1 font-medium text-primary-dull">
            <dt>{totals.taxBasisPoints > 0 ? "You save" : "You save on MRP"}</dt>
            <dd data-testid="summary-savings">{formatRupees(savedPaise)}</dd>
          </div>
        )}
      </dl>
      {nudge && (
        <p data-testid="fee-nudge" className="mt-3 rounded bg-amber-50 px-2 py-1 text-sm font-medium text-amber-800">
          {nudge}
        </p>
      )}
    </>
  );
}
