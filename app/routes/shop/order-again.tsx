import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { orderAgain } from "@worker/services/order-again";
import { OrderStepPage } from "~/components/orders/OrderStepPage";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/order-again";

export const meta: Route.MetaFunction = () => pageMeta("Order again", "Put a past order's items back in your cart.");

/** Without JavaScript the order page says what was added (`?added`). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUserPage(request, context);
  const reorder = async () => {
    await readForm(request);
    const result = await orderAgain(fromContext(context).db, user.id, { orderId: params.id });
    return { msg: result.msg, added: result.added.length, unavailable: result.unavailable };
  };
  return answerForm(request, reorder, { redirectTo: `/my-orders/${params.id}?added` });
}

// No loader: after a refused document post React Router renders this page, and a loader's redirect would hide the refusal.
export default function OrderAgainPage({ actionData }: Route.ComponentProps) {
  return <OrderStepPage title="Order again" hint="Use Order again on the order's page." answer={actionData} />;
}
