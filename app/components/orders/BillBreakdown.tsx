import { billLines, chargedOn } from "@shared/fees";
import { formatRupees } from "@shared/money";
import type { OrderView } from "@worker/services/orders";

/** The bill as charged, from the order's own record (never recomputed). */
export function BillBreakdown({ order }: { order: OrderView }) {
  return (
    <dl className="space-y-2 text-sm text-gray-700" data-testid="bill">
      {billLines(chargedOn(order)).map(({ name, text }) => (
        <div key={name} className="flex justify-between gap-4">
          <dt>{name}</dt>
          <dd className={text === "Free" ? "text-primary-dull" : undefined}>{text}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold text-gray-900">
        <dt>Total</dt>
        <dd>{formatRupees(order.amountPaise)}</dd>
      </div>
    </dl>
  );
}
