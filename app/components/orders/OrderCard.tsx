import { Form } from "react-router";
import type { OrderView } from "@worker/services/orders";
import { imageUrl } from "@shared/images";
import { formatRupees } from "@shared/money";
import { formatDateTime, paymentLabel, shopperCanCancel } from "@shared/order-status";
import { OrderTimeline } from "./OrderTimeline";

/** One order as its shopper sees it on My Orders. */
export function OrderCard({ order, now }: { order: OrderView; now: number }) {
  const cancellable = shopperCanCancel(order, now);
  return (
    <article className="rounded-lg border border-gray-300 p-4 md:p-6" aria-label={`Order ${order.id}`}>
      <header className="flex flex-wrap justify-between gap-2 text-sm text-gray-600">
        <p>
          Order <span className="font-mono">{order.id.slice(0, 8)}</span> · {formatDateTime(order.createdAt)}
        </p>
        <p>
          Payment: {order.paymentType === "COD" ? "Cash On Delivery" : "Online"} ·{" "}
          <span data-testid="payment-status" className={order.isPaid ? "text-primary" : "text-amber-700"}>
            {paymentLabel(order)}
          </span>
        </p>
        <p className="font-medium text-gray-800">Total: {formatRupees(order.amountPaise)}</p>
      </header>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <p>
          Status: <strong data-testid="order-status">{order.status}</strong>
        </p>
        {cancellable && (
          <Form method="post">
            <input type="hidden" name="orderId" value={order.id} />
            <button type="submit" name="intent" value="cancel" className="rounded border border-red-300 px-4 py-1.5 text-sm text-red-700 hover:bg-red-50">
              Cancel order
            </button>
          </Form>
        )}
      </div>
      <div className="mt-3">
        <OrderTimeline history={order.statusHistory} />
      </div>
      <ul className="mt-4 divide-y divide-gray-200 border-t border-gray-200">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-4 py-3">
            {item.image && <img src={imageUrl(item.image)} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 rounded bg-primary/10 object-contain p-1" />}
            <div className="flex-1">
              <p className="font-medium">{item.name}</p>
              <p className="text-sm text-gray-500">
                {item.category} · Quantity: {item.quantity}
              </p>
            </div>
            <p className="text-primary">{formatRupees(item.unitPricePaise * item.quantity)}</p>
          </li>
        ))}
      </ul>
    </article>
  );
}
