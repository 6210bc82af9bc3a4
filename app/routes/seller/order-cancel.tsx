import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { loadPage } from "@worker/web/loader-result";
import { readForm } from "@worker/request-body";
import { cancelBySeller, NEXT_STATUS } from "@worker/services/order-status";
import { sellerOrder } from "@worker/services/seller-orders";
import { Link } from "react-router";
import { CancelOrderForm } from "~/components/orders/CancelOrder";
import { formatRupees } from "@shared/money";
import { orderNumber } from "@shared/order-status";
import type { Route } from "./+types/order-cancel";
import { sellerPageMeta } from "~/lib/site";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  sellerPageMeta(loaderData ? `Cancel order ${orderNumber(loaderData.id)}` : "Cancel order", "Cancel an order, with a reason the customer sees.");

/** The confirmation step without JavaScript (with it, a dialog on Orders). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { id, address, amountPaise, status } = await loadPage(() => sellerOrder(fromContext(context).db, params.id));
  return { id, customer: `${address.firstName} ${address.lastName}`, amountPaise, status, cancellable: NEXT_STATUS[status].includes("Cancelled") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const cancel = async () => {
    await cancelBySeller(fromContext(context), { ...Object.fromEntries(await readForm(request)), orderId: params.id });
    return { msg: "Order cancelled" };
  };
  return answerForm(request, cancel, { redirectTo: "/seller/orders" });
}

export default function SellerCancelOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { id, customer, amountPaise, status, cancellable } = loaderData;
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-medium">Cancel order {orderNumber(id)}?</h1>
      <p className="mt-2 text-gray-700">{`${customer} · ${formatRupees(amountPaise)} · ${status}`}</p>
      {cancellable ? (
        <CancelOrderForm by="seller" orderId={id} answer={actionData} keep="/seller/orders" />
      ) : (
        <p className="mt-6 text-gray-700">
          An order that is {status} cannot be cancelled.{" "}
          <Link to="/seller/orders" className="text-primary underline">
            Back to orders
          </Link>
        </p>
      )}
    </div>
  );
}
