import { useFetcher } from "react-router";
import { Link } from "~/components/Link";
import { answerFormPost, runAction } from "@worker/web/action-result";
import { fromContext } from "@worker/web/context";
import { ORDER_STATUSES } from "@shared/order-status";
import { parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { sellerOrderFormInput } from "@worker/validation/order";
import { markCodPaid, moveOrder, NEXT_STATUS } from "@worker/services/order-status";
import { toOrderView, type OrderView } from "@worker/services/orders";
import { sellerOrdersPage } from "@worker/services/seller-orders";
import { imageUrl } from "@shared/images";
import { formatRupees } from "@shared/money";
import { formatDateTime, paymentLabel } from "@shared/order-status";
import { useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const params = new URL(request.url).searchParams;
  const status = ORDER_STATUSES.find((s) => s === params.get("status"));
  const before = Number(params.get("before")) || undefined;
  const page = await sellerOrdersPage(worker.db, { status, before });
  return {
    status: status ?? null,
    awaitingPacking: page.awaitingPacking,
    nextBefore: page.nextBefore,
    orders: page.orders.map((order) => ({ ...toOrderView(order), next: NEXT_STATUS[order.status] })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  return runAction(async () => {
    const change = parseInput(sellerOrderFormInput, Object.fromEntries(await readForm(request)));
    if (change.intent === "paid") {
      await markCodPaid(worker.db, change.orderId);
      return answerFormPost(request, { ok: true, msg: "Payment received" });
    }
    const order = await moveOrder(worker, change.orderId, change.status);
    return answerFormPost(request, { ok: true, msg: `Order is now ${order.status}` });
  });
}

export default function SellerOrders({ loaderData }: Route.ComponentProps) {
  const { orders, status, awaitingPacking, nextBefore } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-medium">Orders List</h1>
        <p className="rounded-full bg-amber-100 px-4 py-1 text-sm text-amber-900" data-testid="awaiting-packing">
          {awaitingPacking} waiting to be packed
        </p>
      </div>
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-2 text-sm">
        {[null, ...ORDER_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            to={s ? `?status=${encodeURIComponent(s)}` : "?"}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${s === status ? "border-primary bg-primary text-white" : "border-gray-300 hover:border-primary"}`}
          >
            {s ?? "All"}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <p className="mt-8 text-gray-600">No orders{status ? ` that are ${status}` : ""}.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order.id}>
              <SellerOrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      {nextBefore && (
        <Link to={`?${new URLSearchParams({ ...(status && { status }), before: String(nextBefore) })}`} className="mt-6 inline-block text-primary hover:underline">
          Older orders →
        </Link>
      )}
    </>
  );
}

function SellerOrderCard({ order }: { order: OrderView & { next: readonly string[] } }) {
  const fetcher = useFetcher<{ ok: boolean; msg: string }>();
  useActionToast(fetcher.state === "idle" ? fetcher.data : undefined);
  const { address } = order;
  const canMarkPaid = order.paymentType === "COD" && !order.isPaid && (order.status === "Out for delivery" || order.status === "Delivered");

  return (
    <article className="grid gap-4 rounded-md border border-gray-300 p-4 text-sm text-gray-700 md:grid-cols-[2fr_2fr_1fr_1.5fr]" aria-label={`Order ${order.id}`}>
      <div className="flex gap-3">
        {order.items[0]?.image && <img src={imageUrl(order.items[0].image)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 object-contain" />}
        <ul>
          {order.items.map((item) => (
            <li key={item.id} className="font-medium text-gray-800">
              {item.name} <span className="text-primary">x {item.quantity}</span>
            </li>
          ))}
        </ul>
      </div>
      <address className="not-italic" data-testid="order-address">
        <p className="font-medium text-gray-800">
          {address.firstName} {address.lastName}
        </p>
        <p>
          {address.street}, {address.city}
        </p>
        <p>
          {address.state}, {address.zipCode}, {address.country}
        </p>
        <p>{address.phone}</p>
        <p>{address.email}</p>
      </address>
      <p className="text-base font-medium text-gray-900">{formatRupees(order.amountPaise)}</p>
      <div className="space-y-1">
        <p>Method: {order.paymentType === "COD" ? "Cash On Delivery" : "Online"}</p>
        <p>Date: {formatDateTime(order.createdAt)}</p>
        <p>
          Payment: <span className={order.isPaid ? "text-primary" : "text-amber-700"}>{paymentLabel(order)}</span>
        </p>
        <p>
          Status: <strong data-testid="seller-order-status">{order.status}</strong>
        </p>
        <fetcher.Form method="post" className="flex flex-wrap gap-2 pt-1">
          <input type="hidden" name="orderId" value={order.id} />
          {order.next.map((next) => (
            <button
              key={next}
              type="submit"
              name="status"
              value={next}
              className={`rounded px-3 py-1 ${next === "Cancelled" ? "border border-red-300 text-red-700" : "bg-primary text-white"}`}
            >
              {next === "Cancelled" ? "Cancel" : `Mark ${next}`}
            </button>
          ))}
          <input type="hidden" name="intent" value="move" />
        </fetcher.Form>
        {canMarkPaid && (
          <fetcher.Form method="post">
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="intent" value="paid" />
            <button type="submit" className="rounded border border-primary px-3 py-1 text-primary">
              Mark paid
            </button>
          </fetcher.Form>
        )}
      </div>
    </article>
  );
}
