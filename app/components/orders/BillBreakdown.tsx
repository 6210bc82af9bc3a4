import { formatRupees, TAX_PERCENT } from "@shared/money";

/**
 * The label of an order's tax line, the amount being what the order recorded. The one place the
 * order pages and invoices word it (until the store's tax-label helper replaces it).
 */
export function orderTaxLabel(): string {
  return `Tax (${TAX_PERCENT}%)`;
}

/** Subtotal, delivery, tax as charged and total, from the order's own record (never recomputed). */
export function BillBreakdown({ order }: { order: { subtotalPaise: number; taxPaise: number; amountPaise: number } }) {
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
        <dt>{orderTaxLabel()}</dt>
        <dd>{formatRupees(order.taxPaise)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold text-gray-900">
        <dt>Total</dt>
        <dd>{formatRupees(order.amountPaise)}</dd>
      </div>
    </dl>
  );
}
