import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { loadShopperPage, requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { orderPage } from "@worker/services/order-detail";
import { cancelByShopper } from "@worker/services/order-status";
import { Link } from "react-router";
import { CancelOrderForm } from "~/components/orders/CancelOrder";
import { formatRupees } from "@shared/money";
import { cancelRefundNote, orderNumber, shopperCanCancel } from "@shared/order-status";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/order-cancel";

export const meta: Route.MetaFunction = () => pageMeta("Cancel order", "Confirm cancelling your order.");

/** The confirmation step without JavaScript (with it, a dialog). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { order } = await loadShopperPage(request, context, (db, userId) => orderPage(db, userId, params.id));
  const cancellable = shopperCanCancel(order, Date.now());
  return { id: order.id, amountPaise: order.amountPaise, itemCount: order.items.length, cancellable, refundNote: cancelRefundNote(order, "shopper") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUserPage(request, context);
  const cancel = async () => {
    await cancelByShopper(fromContext(context), user.id, { ...Object.fromEntries(await readForm(request)), orderId: params.id });
    return { msg: "Order cancelled" };
  };
  return answerForm(request, cancel, { redirectTo: `/my-orders/${params.id}` });
}

export default function CancelOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, amountPaise, itemCount, cancellable, refundNote } = loaderData;
  return (
    <div className="mx-auto mt-12 max-w-lg pb-16">
      <h1 className="text-2xl font-medium">Cancel order {orderNumber(id)}?</h1>
      <p className="mt-2 text-gray-700">{`${itemCount} ${itemCount === 1 ? "item" : "items"} · ${formatRupees(amountPaise)}`}</p>
      {cancellable && refundNote && <p className="mt-2 text-gray-700">{refundNote}</p>}
      {cancellable ? (
        <CancelOrderForm by="shopper" orderId={id} answer={actionData} keep={`/my-orders/${id}`} />
      ) : (
        <p className="mt-6 text-gray-700">
          This order can no longer be cancelled here: orders can be cancelled within 1 hour, before they are packed.{" "}
          <Link to={`/my-orders/${id}`} className="text-primary underline">
            Back to the order
          </Link>
        </p>
      )}
    </div>
  );
}
