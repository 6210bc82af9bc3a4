import { formatRupees } from "@shared/money";
import { taxLineLabel } from "@shared/tax";

/** Subtotal, delivery, tax as charged and total, from the order's own record (never recomputed). */
export function BillBreakdown({ order }: { order: { subtotalPaise: number; taxPaise: number; taxBasisPoints: number; amountPaise: number } }) {
  return (
    <dl className="space-y-2 text-sm text-gray-700" data-testid="bill">
      <div className="flex justify-between gap-4">
        <dt>Item total</dt>
        <dd>{formatRupees(order.subtotalPaise)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Delivery</dt>
        <dd className="text-primary-dull">Free</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>{taxLineLabel(order.taxBasisPoints)}</dt>
        <dd>{formatRupees(order.taxPaise)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold text-gray-900">
        <dt>Total</dt>
        <dd>{formatRupees(order.amountPaise)}</dd>
      </div>
    </dl>
  );
}
