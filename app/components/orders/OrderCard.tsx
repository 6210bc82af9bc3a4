import { useId } from "react";
import type { OrderView } from "@worker/services/orders";
import { Link } from "react-router";
import { formatRupees } from "@shared/money";
import { awaitingCardPayment, cancellationText, formatDateTime, orderNumber, refundLines, shopperStatusLabel } from "@shared/order-status";
import { ShopperCancelButton } from "./CancelOrder";
import { OrderAgainButton } from "./OrderAgain";
import { OrderTimeline } from "./OrderTimeline";
import { PayNowButton } from "./PayNow";
import { PaymentLine } from "./PaymentLine";
import { OptionalLine } from "~/components/OptionalLine";
import { Thumbnail } from "~/components/Thumbnail";

export function OrderCard({ order, now, highlighted = false }: { order: OrderView & { promise: string | null }; now: number; highlighted?: boolean }) {
  const numberId = useId();
  return (
    <article
      className={`rounded-lg border p-4 md:p-6 ${highlighted ? "border-primary ring-2 ring-primary/40" : "border-gray-300"}`}
      aria-label={`Order ${orderNumber(order.id)}`}
      data-highlighted={highlighted || undefined}
    >
      <header className="flex flex-wrap justify-between gap-2 text-sm text-gray-600">
        <p>
          <span id={numberId}>
            Order <span className="font-mono">{orderNumber(order.id)}</span>
          </span>{" "}
          · {formatDateTime(order.createdAt)}
          {highlighted && <span className="ml-2 whitespace-nowrap rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-white">Just placed</span>}
        </p>
        <PaymentLine order={order} />
        <p className="font-medium text-gray-800">Total: {formatRupees(order.amountPaise)}</p>
      </header>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <div>
          <p>
            Status: <strong data-testid="order-status">{shopperStatusLabel(order)}</strong>
          </p>
          <OptionalLine className="text-sm text-gray-600" data-testid="order-promise" text={order.promise} />
          <OptionalLine className="text-sm text-red-700" data-testid="cancel-reason" text={cancellationText(order, "shopper")} />
          <OptionalLine className="whitespace-pre-line text-sm text-gray-800" data-testid="refund-state" text={refundLines(order).join("\n")} />
        </div>
        <div className="flex flex-wrap items-start gap-3">
          {awaitingCardPayment(order) && <PayNowButton orderId={order.id} describedBy={numberId} />}
          <Link to={`/my-orders/${order.id}`} className="rounded border border-gray-300 px-4 py-1.5 text-sm text-gray-800 hover:bg-gray-50">
            View details<span className="sr-only"> of order {orderNumber(order.id)}</span>
          </Link>
          <ShopperCancelButton order={order} now={now} describedBy={numberId} />
        </div>
      </div>
      <OrderTimeline history={order.statusHistory} className="mt-3" />
      <ul className="mt-4 divide-y divide-gray-200 border-t border-gray-200">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-4 py-3">
            <Thumbnail image={item.image} size={56} className="h-14 w-14 rounded bg-primary/10 object-contain p-1" />
            <div className="flex-1">
              <p className="font-medium">{item.name}</p>
              <p className="text-sm text-gray-500">{`${item.category} · Quantity: ${item.quantity}`}</p>
            </div>
            <p className="text-primary">{formatRupees(item.unitPricePaise * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <OrderAgainButton orderId={order.id} describedBy={numberId} className="mt-3 border-t border-gray-200 pt-3" />
    </article>
  );
}
