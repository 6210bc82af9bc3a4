import { redirect } from "react-router";
import { answerFormPost, runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { orderAgain } from "@worker/services/order-again";
import { Link } from "~/components/Link";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/order-again";

export const meta: Route.MetaFunction = () => pageMeta("Order again", "Put a past order's items back in your cart.");

/** Nothing to show at this address: the order page holds the button. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/my-orders/${params.id}`);
}

/**
 * Put the order's available items back in the cart. With JavaScript (a fetcher) the answer says
 * what was added and what is not available; without it, the order page says so (`?added`).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const worker = fromContext(context);
  const user = await requireUserPage(request, context);
  return runAction(async () => {
    await readForm(request);
    const result = await orderAgain(worker.db, user.id, { orderId: params.id });
    return answerFormPost(
      request,
      { ok: true as const, msg: result.msg, added: result.added.length, unavailable: result.unavailable },
      `/my-orders/${params.id}?added`,
    );
  });
}

/** Only shown when the form was posted without JavaScript and refused (an order that is not yours). */
export default function OrderAgainRefused({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto mt-16 max-w-lg pb-16 text-center">
      <h1 className="text-2xl font-medium">Order again</h1>
      <p className="mt-4 text-gray-700" role="alert">
        {actionData && !actionData.ok ? actionData.msg : "Nothing was added."}
      </p>
      <Link to="/my-orders" className="mt-6 inline-block text-primary underline">
        Back to My orders
      </Link>
    </div>
  );
}
