import { loadShopperPage } from "@worker/web/guards";
import { orderPage } from "@worker/services/order-detail";
import { orderPromise } from "@worker/services/order-promise";
import { Link } from "react-router";
import { PostalAddress } from "~/components/orders/PostalAddress";
import { billLines, chargedOn } from "@shared/fees";
import { ShopperCancelButton } from "~/components/orders/CancelOrder";
import { PaymentLine } from "~/components/orders/PaymentLine";
import { OrderAgainButton } from "~/components/orders/OrderAgain";
import { OrderTimeline } from "~/components/orders/OrderTimeline";
import { PayNowButton } from "~/components/orders/PayNow";
import { Thumbnail } from "~/components/Thumbnail";
import { TitledSection } from "~/components/TitledSection";
import { formatRupees } from "@shared/money";
import {
  awaitingCardPayment,
  shopperStatusLabel,
  cancellationText,
  CONFIRMING_PARAM,
  formatDateTime,
  isActive,
  orderNumber,
  refundLines,
} from "@shared/order-status";
import { CONFIRMING_REFRESH_MS, LIVE_REFRESH_MS, useRevalidateEvery } from "~/lib/use-polling";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/order";
import { OptionalLine } from "~/components/OptionalLine";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? `Order ${orderNumber(loaderData.order.id)}` : "Order", "Your order: what you bought, the bill, where it is going and where it is.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = await loadShopperPage(request, context, (db, userId) => orderPage(db, userId, params.id));
  const { searchParams } = new URL(request.url);
  // Back from Stripe's page: its word on the payment may still be on its way.
  const confirming = searchParams.has(CONFIRMING_PARAM) && awaitingCardPayment(page.order);
  const promise = confirming ? "Confirming your payment… this page updates by itself." : orderPromise(page.order, page.settings);
  return { order: { ...page.order, promise }, confirming, reordered: searchParams.has("added"), now: Date.now() };
}

const PANEL = "rounded-lg border border-gray-300 p-4 md:p-6";

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, confirming, reordered, now } = loaderData;
  useRevalidateEvery(confirming ? CONFIRMING_REFRESH_MS : LIVE_REFRESH_MS, isActive(order.status));

  return (
    <div className="mt-10 pb-16">
      <Link to="/my-orders" className="text-sm text-primary hover:underline">
        ← My orders
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-medium">
            Order <span className="font-mono">{orderNumber(order.id)}</span>
          </h1>
          <p className="text-sm text-gray-600">Placed {formatDateTime(order.createdAt)}</p>
        </div>
        {!awaitingCardPayment(order) && (
          <Link to={`/my-orders/${order.id}/invoice`} className="rounded border border-gray-300 px-4 py-1.5 text-sm text-gray-800 hover:bg-gray-50">
            Invoice
          </Link>
        )}
      </div>

      {/* A live region: when the seller moves the order, the change is read out. */}
      <TitledSection titleId="status-title" title="Status" titleClassName="sr-only" className={`mt-6 ${PANEL}`}>
        <div role="status" className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-lg">
            <strong data-testid="order-status">{shopperStatusLabel(order)}</strong>
          </p>
          <OptionalLine className="text-gray-700" data-testid="order-promise" text={order.promise} />
        </div>
        {confirming && (
          <noscript>
            <meta httpEquiv="refresh" content={String(CONFIRMING_REFRESH_MS / 1000)} />
          </noscript>
        )}
        {awaitingCardPayment(order) && !confirming && <PayNowButton orderId={order.id} className="mt-3" />}
        <OptionalLine className="mt-1 text-sm text-red-700" data-testid="cancel-reason" text={cancellationText(order, "shopper")} />
        <OptionalLine
          className={`mt-1 whitespace-pre-line text-sm ${order.paymentState === "refunded" ? "text-primary" : "text-gray-800"}`}
          data-testid="refund-state"
          text={refundLines(order).join("\n")}
        />
        <OrderTimeline history={order.statusHistory} vertical className="mt-4" />
        <ShopperCancelButton order={order} now={now} className="mt-4" />
      </TitledSection>

      <div className="mt-6 grid gap-6 md:grid-cols-[3fr_2fr]">
        <TitledSection titleId="items-title" title="Items" className={PANEL}>
          <ul className="mt-2 divide-y divide-gray-200">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-center gap-4 py-3">
                <Thumbnail image={item.image} size={56} className="h-14 w-14 rounded bg-primary/10 object-contain p-1" />
                <div className="flex-1">
                  <p className="font-medium">{item.name}</p>
                  <p className="text-sm text-gray-600">
                    {item.quantity} × {formatRupees(item.unitPricePaise)}
                    {!item.availability.available && <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">Not available now</span>}
                  </p>
                </div>
                <p className="font-medium">{formatRupees(item.unitPricePaise * item.quantity)}</p>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-gray-200 pt-3">
            {reordered && (
              <p className="mb-2 text-sm text-gray-800" data-testid="order-again-result">
                Items added to your cart{order.items.some((item) => !item.availability.available) ? "; those marked Not available now were left out" : ""}.{" "}
                <Link to="/cart" className="font-medium text-primary underline">
                  View cart
                </Link>
              </p>
            )}
            <OrderAgainButton orderId={order.id} />
          </div>
        </TitledSection>

        <div className="space-y-6">
          <TitledSection titleId="bill-title" title="Bill" titleClassName="mb-3 text-lg font-medium" className={PANEL}>
            {/* As charged, from the order's own record (never recomputed). */}
            <dl className="space-y-2 text-sm text-gray-700" data-testid="bill">
              {billLines(chargedOn(order)).map(({ name, text }) => (
                <div key={name} className="flex justify-between gap-4">
                  <dt>{name}</dt>
                  <dd className={text === "Free" ? "text-primary-dull" : undefined}>{text}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold text-gray-900">
                <dt>Total</dt>
                <dd>{formatRupees(order.amountPaise)}</dd>
              </div>
            </dl>
            <PaymentLine order={order} className="mt-3 text-sm text-gray-700" />
          </TitledSection>
          <TitledSection titleId="address-title" title="Delivery address" titleClassName="mb-2 text-lg font-medium" className={PANEL}>
            <PostalAddress address={order.address} className="text-sm text-gray-700" nameClassName="font-medium text-gray-900" testId="order-address" />
          </TitledSection>
        </div>
      </div>
    </div>
  );
}
