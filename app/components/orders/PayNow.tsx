import { Link } from "react-router";
import { formatDateTime, orderNumber, UNPAID_CARD_ORDER_HOLD_MS } from "@shared/order-status";

/** For a card order still waiting for its payment (ADR 054): a plain form, so the browser follows the redirect to Stripe. */
export function PayNowButton({ orderId, describedBy }: { orderId: string; describedBy?: string }) {
  return (
    <form method="post" action={`/my-orders/${orderId}/pay`}>
      <button type="submit" aria-describedby={describedBy} className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-dull">
        Pay now
      </button>
    </form>
  );
}

/** The cart's note after leaving Stripe's page without paying (`?unpaid=`). */
export function UnpaidOrderNote({ order }: { order: { id: string; createdAt: number } }) {
  return (
    <div role="status" className="mb-6 rounded border border-amber-300 bg-amber-50 p-4 text-sm text-gray-800" data-testid="unpaid-order">
      <p>
        The online payment for order <span className="font-mono">{orderNumber(order.id)}</span> was not completed. Pay now, or place your order again below,
        online or cash on delivery: this one is then cancelled. Nothing has been charged; left unpaid, it is cancelled at{" "}
        {formatDateTime(order.createdAt + UNPAID_CARD_ORDER_HOLD_MS)}.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <PayNowButton orderId={order.id} />
        <Link to={`/my-orders/${order.id}`} className="text-primary underline">
          View the order
        </Link>
      </div>
    </div>
  );
}
