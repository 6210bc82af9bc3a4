import { answerFormPost, runFormAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { loadPage } from "@worker/web/loader-result";
import { markRefunded, refundRefusal } from "@worker/services/order-refund";
import { sellerOrder } from "@worker/services/seller-orders";
import { Link } from "~/components/Link";
import { BackToOrders, MarkRefundedForm } from "~/components/orders/MarkRefunded";
import { formatRupees } from "@shared/money";
import { orderNumber, refundText } from "@shared/order-status";
import type { Route } from "./+types/order-refund";

/** The seller's confirmation of a refund without JavaScript (with it, the same form opens in a dialog on Orders; ADR 044). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = await loadPage(() => sellerOrder(fromContext(context).db, params.id));
  const { address } = order;
  return {
    id: order.id,
    customer: `${address.firstName} ${address.lastName}`,
    amountPaise: order.amountPaise,
    status: order.status,
    refund: refundText(order),
    refusal: refundRefusal(order),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const worker = fromContext(context);
  // Refused without JavaScript: back to the orders with the reason as a toast (the order's state may have moved on).
  return runFormAction(
    request,
    async () => {
      const order = await markRefunded(worker, { orderId: params.id });
      return answerFormPost(request, { ok: true as const, msg: `Refund of ${formatRupees(order.amountPaise)} recorded` }, "/seller/orders");
    },
    () => "/seller/orders",
  );
}

export default function SellerRefundOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { id, customer, amountPaise, status, refund, refusal } = loaderData;
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-medium">Mark order {orderNumber(id)} refunded?</h1>
      <p className="mt-2 text-gray-700">
        {customer} · {formatRupees(amountPaise)} · {status}
      </p>
      {refund && <p className="mt-1 text-gray-700">{refund}</p>}
      {refusal ? (
        <p className="mt-6 text-gray-700">
          {refusal}{" "}
          <Link to="/seller/orders" className="text-primary underline">
            Back to orders
          </Link>
        </p>
      ) : (
        <MarkRefundedForm
          orderId={id}
          what={`${formatRupees(amountPaise)} to ${customer}`}
          error={actionData && !actionData.ok ? actionData.msg : undefined}
          notYet={<BackToOrders />}
        />
      )}
    </div>
  );
}
