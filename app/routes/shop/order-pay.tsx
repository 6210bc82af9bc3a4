import { redirect } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { resumeCardPayment } from "@worker/services/checkout";
import { OrderStepPage } from "~/components/orders/OrderStepPage";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/order-pay";

export const meta: Route.MetaFunction = () => pageMeta("Pay for your order", "Complete the online payment of an order waiting for it.");

/** "Pay now": back to Stripe's page for a card order still waiting for its payment (ADR 054). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUserPage(request, context);
  const pay = async () => {
    await readForm(request);
    return redirect(await resumeCardPayment(fromContext(context), user, params.id));
  };
  return answerForm(request, pay, { refusal: { to: () => `/my-orders/${encodeURIComponent(params.id)}` } });
}

export default function OrderPayPage({ actionData }: Route.ComponentProps) {
  return <OrderStepPage title="Pay for your order" hint="Use Pay now on the order's page." answer={actionData} />;
}
