import { useEffect, useRef } from "react";
import { loadShopperPage } from "@worker/web/guards";
import { orderPromise } from "@worker/services/order-promise";
import { myOrdersPage, toOrderView } from "@worker/services/orders";
import { orderNumber, PLACED_PARAM } from "@shared/order-status";
import { OrderCard } from "~/components/orders/OrderCard";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = () => pageMeta("My Orders", "Your orders and where they are.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { orders, settings } = await loadShopperPage(request, context, myOrdersPage);
  // Just placed (checkout's redirect, or Stripe's return through /loader): that order, if it is theirs.
  const placed = new URL(request.url).searchParams.get(PLACED_PARAM);
  return {
    orders: orders.map((order) => ({ ...toOrderView(order), promise: orderPromise(order, settings) })),
    placedId: orders.some((order) => order.id === placed) ? placed : null,
    now: Date.now(),
  };
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders, placedId, now } = loaderData;
  const placed = orders.find((order) => order.id === placedId);
  return (
    <div className="mt-16 pb-16">
      <h1 className="text-2xl font-medium uppercase">
        My orders
        <span aria-hidden="true" className="mt-1 block h-0.5 w-16 rounded-full bg-primary" />
      </h1>
      {placed && placed.status !== "Cancelled" && <PlacedConfirmation key={placed.id} order={placed} />}
      {orders.length === 0 ? (
        <p className="mt-8 text-gray-600">You have not ordered anything yet.</p>
      ) : (
        <ul className="mt-8 space-y-6">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} now={now} highlighted={order.id === placedId && order.status !== "Cancelled"} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Focus moves to it, so a screen reader reads it at once (a live region would miss text present on arrival). */
function PlacedConfirmation({ order }: { order: Route.ComponentProps["loaderData"]["orders"][number] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const words = `Order ${orderNumber(order.id)} placed. ${order.promise ?? ""}`;
  useEffect(() => {
    heading.current?.focus();
    // Written after the first paint, so it is announced even without the focus move.
    if (status.current) status.current.textContent = words;
  }, [words]);
  const awaitingCard = order.paymentType === "Online" && !order.isPaid;
  return (
    <section aria-labelledby="order-placed-title" className="mt-6 rounded-lg border border-primary/40 bg-primary/10 p-4 md:p-5" data-testid="order-placed">
      <h2 id="order-placed-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-primary-dull outline-none">
        Thank you! Your order is placed.
      </h2>
      <p className="mt-1 text-gray-800">
        Order <span className="font-mono">{orderNumber(order.id)}</span>
        {order.promise && <> · {order.promise}</>}
        {awaitingCard && <> · We are confirming your payment.</>}
      </p>
      <p ref={status} role="status" className="sr-only" />
    </section>
  );
}
