import type { OrderView } from "@worker/services/orders";
import { paymentLabel, paymentMethodLabel } from "@shared/order-status";

export function PaymentLine({ order, className }: { order: OrderView; className?: string }) {
  return (
    <p className={className}>
      Payment: {paymentMethodLabel(order.paymentType)} ·{" "}
      <span data-testid="payment-status" className={order.isPaid ? "text-primary" : "text-amber-700"}>
        {paymentLabel(order)}
      </span>
    </p>
  );
}
