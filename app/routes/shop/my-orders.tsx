import { runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { cancelByShopper } from "@worker/services/order-status";
import { requireShopperId, requireUserPage, toLogin } from "@worker/web/guards";
import { myOrdersPage, toOrderView } from "@worker/services/orders";
import { readForm } from "@worker/request-body";
import { OrderCard } from "~/components/orders/OrderCard";
import { useActionToast } from "~/lib/use-action-toast";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => pageMeta("My Orders", "Your orders and where they are.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const userId = await requireShopperId(request, context);
  const { userExists, orders } = await myOrdersPage(worker.db, userId);
  if (!userExists) throw toLogin(request);
  return { orders: orders.map(toOrderView), now: Date.now() };
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  return (
    <div className="mt-16 pb-16">
      <h1 className="text-2xl font-medium uppercase">
        My orders
        <span aria-hidden="true" className="mt-1 block h-0.5 w-16 rounded-full bg-primary" />
      </h1>
      {loaderData.orders.length === 0 ? (
        <p className="mt-8 text-gray-600">You have not ordered anything yet.</p>
      ) : (
        <ul className="mt-8 space-y-6">
          {loaderData.orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} now={loaderData.now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The shopper cancels an order (the service enforces the 1-hour, not-yet-packed policy). */
export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  const user = await requireUserPage(request, context);
  return runAction(async () => {
    const form = await readForm(request);
    await cancelByShopper(worker, user.id, String(form.get("orderId") ?? ""));
    return { ok: true as const, msg: "Order cancelled" };
  });
}
