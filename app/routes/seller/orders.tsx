import { useEffect, useId, useRef } from "react";
import { Form, useNavigation, Link } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { describeZodError, parseInput } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { sellerOrderFormInput, sellerOrdersQuery, soundFiltersOf, type SellerOrdersQuery } from "@worker/validation/order";
import { markCodPaid, moveOrder, NEXT_STATUS } from "@worker/services/order-status";
import { markRefunded } from "@worker/services/order-refund";
import { refundOrder } from "@worker/payments/refunds";
import { cardPaymentsEnabled } from "@worker/payments/stripe-client";
import { toOrderView, type OrderView } from "@worker/services/orders";
import { addOrderNote, awaitingPackingCount, isNarrowed, sellerOrdersPage } from "@worker/services/seller-orders";
import { Thumbnail } from "~/components/Thumbnail";
import { formatRupees } from "@shared/money";
import {
  cancellationText,
  formatDateTime,
  ORDER_STATUSES,
  orderNumber,
  paymentLabel,
  paymentMethodLabel,
  leftToRefund,
  refundLines,
  refundUnderWay,
} from "@shared/order-status";
import { CancelOrderButton } from "~/components/orders/CancelOrder";
import { MarkRefunded, useRefundToast } from "~/components/orders/MarkRefunded";
import { NewOrdersNotice, useNewOrders } from "~/components/seller/NewOrders";
import { useOrderMoveFetcher, useOrderMoves } from "~/components/seller/order-moves";
import { LIVE_REFRESH_MS, useRevalidateEvery } from "~/lib/use-polling";
import { rescueFocusOnItems } from "~/lib/focus-rescue";
import type { Route } from "./+types/orders";
import { sellerPageMeta } from "~/lib/site";
import { OptionalLine } from "~/components/OptionalLine";
import { OrderNotes, type OrderNote } from "~/components/seller/OrderNotes";

export const meta: Route.MetaFunction = () => sellerPageMeta("Orders", "Orders to pack, send out and deliver.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = sellerOrdersQuery.safeParse(raw);
  // A refused query (a hand-edited URL): say why, list nothing, keep the filters sound on their own.
  if (!parsed.success) {
    const awaitingPacking = await awaitingPackingCount(worker.db);
    return { query: soundFiltersOf(raw), error: describeZodError(parsed.error), narrowed: true, awaitingPacking, nextBefore: null, orders: [] };
  }
  const { awaitingPacking, nextBefore, orders } = await sellerOrdersPage(worker.db, parsed.data);
  // Cancelling is its own confirmation (a reason), not one of the step buttons.
  const listed = orders.map((order) => ({
    ...toOrderView(order),
    next: NEXT_STATUS[order.status].filter((status) => status !== "Cancelled"),
    cancellable: NEXT_STATUS[order.status].includes("Cancelled"),
    // What Stripe can still give back of a payment made through it (ADR 072).
    refundable: order.stripeSessionId && cardPaymentsEnabled(worker.env) ? leftToRefund(order) : 0,
    notes: order.notes.map(({ id, note, author, createdAt }) => ({ id, note, author, createdAt })),
  }));
  return { query: parsed.data, error: null, narrowed: isNarrowed(parsed.data), awaitingPacking, nextBefore, orders: listed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  const applyChange = async () => {
    const change = parseInput(sellerOrderFormInput, Object.fromEntries(await readForm(request)));
    if (change.intent === "paid") {
      await markCodPaid(worker.db, change.orderId);
      return { msg: `Payment received for order ${orderNumber(change.orderId)}` };
    }
    if (change.intent === "refunded") return { msg: `Refund of ${formatRupees((await markRefunded(worker, change)).amountPaise)} recorded` };
    if (change.intent === "refund") return { msg: await refundOrder(worker, change) };
    if (change.intent === "note") {
      await addOrderNote(worker.db, worker.env.SELLER_EMAIL, change);
      return { msg: `Note added to order ${orderNumber(change.orderId)}` };
    }
    const order = await moveOrder(worker, change.orderId, change.status);
    return { msg: `Order ${orderNumber(order.id)} is now ${order.status}` };
  };
  // Refused without JavaScript: back to the list with the reason as a toast (ADR 044).
  return answerForm(request, applyChange, { refusal: {} });
}

/** This page's URL with some of its query changed (paging starts again unless `before` is given). */
function withQuery(query: SellerOrdersQuery, change: Partial<Record<keyof SellerOrdersQuery, string | undefined>>): string {
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, before: undefined, ...change })) if (value !== undefined && value !== "") next.set(key, String(value));
  return `?${next}`;
}

export default function SellerOrders({ loaderData }: Route.ComponentProps) {
  const { orders, query, error, narrowed, awaitingPacking, nextBefore } = loaderData;
  const watching = !query.before;
  useRevalidateEvery(LIVE_REFRESH_MS, watching);
  const { newIds, announcement } = useNewOrders(orders, watching);
  useRefundToast();
  const { locked } = useOrderMoves();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-medium">Orders List</h1>
        <p className="rounded-full bg-amber-100 px-4 py-1 text-sm text-amber-900" data-testid="awaiting-packing">
          {awaitingPacking} waiting to be packed
        </p>
      </div>
      <NewOrdersNotice count={newIds.size} announcement={announcement} />
      <OrderFilters query={query} />
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-2 text-sm">
        {[undefined, ...ORDER_STATUSES].map((s) => (
          <Link
            key={s ?? "all"}
            to={withQuery(query, { status: s })}
            aria-current={s === query.status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${s === query.status ? "border-primary bg-primary text-white" : "border-gray-300 hover:border-primary"}`}
          >
            {s ?? "All"}
          </Link>
        ))}
      </nav>
      {error ? (
        <p role="alert" className="mt-8 text-red-700">
          {error}
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-8 text-gray-600">{narrowed ? "No orders match these filters." : "No orders yet."}</p>
      ) : (
        <ul ref={rescueFocusOnItems} className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order.id}>
              <SellerOrderCard order={order} isNew={newIds.has(order.id)} locked={locked} />
            </li>
          ))}
        </ul>
      )}
      {nextBefore && (
        <Link to={withQuery(query, { before: String(nextBefore) })} className="mt-6 inline-block text-primary hover:underline">
          Older orders →
        </Link>
      )}
    </>
  );
}

// A GET form (the URL holds the filters), reset when the URL changes some other way (Clear, a chip, Back); it stays, and so does the focus.
function OrderFilters({ query }: { query: SellerOrdersQuery }) {
  const field = "mt-1 w-full rounded border border-gray-300 bg-white px-2 py-1.5";
  const form = useRef<HTMLFormElement>(null);
  const searched = useRef(false);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    if (!searched.current) form.current?.reset();
  }, [queryKey]);
  // The search done (after the effect above, in the same commit), or one that changed nothing.
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (idle) searched.current = false;
  }, [idle]);
  return (
    <Form
      ref={form}
      onSubmit={() => (searched.current = true)}
      method="get"
      role="search"
      aria-label="Search and filter orders"
      className="mt-4 grid grid-cols-2 gap-3 text-sm md:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] md:items-end"
    >
      {query.status && <input type="hidden" name="status" value={query.status} />}
      {/* What it searches is in the label: a placeholder is cut off in a narrow field. */}
      <label className="col-span-2 md:col-span-1">
        Search <span className="text-gray-600">(order no., name, phone, e-mail, PIN, city)</span>
        <input type="search" name="q" defaultValue={query.q ?? ""} className={field} />
      </label>
      {(["from", "to"] as const).map((name) => (
        <label key={name}>
          {name === "from" ? "From" : "To"}
          <input type="date" name={name} defaultValue={query[name] ?? ""} className={field} />
        </label>
      ))}
      <label>
        Method
        <select key={query.method ?? ""} name="method" defaultValue={query.method ?? ""} className={field}>
          <option value="">Any</option>
          <option value="cod">Cash On Delivery</option>
          <option value="card">Card</option>
        </select>
      </label>
      <label>
        Payment
        <select key={query.paid ?? ""} name="paid" defaultValue={query.paid ?? ""} className={field}>
          <option value="">Any</option>
          <option value="paid">Paid</option>
          <option value="unpaid">Unpaid</option>
          <option value="refund">Refund due</option>
        </select>
      </label>
      <div className="col-span-2 flex gap-2 md:col-span-1">
        <button type="submit" className="rounded bg-primary px-4 py-1.5 font-medium text-white hover:bg-primary-dull">
          Apply
        </button>
        <Link to="/seller/orders" className="rounded border border-gray-300 px-3 py-1.5 hover:bg-gray-50">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** A full tap target on a phone; `aria-disabled` while a move settles, so it keeps the focus. */
const STEP_BUTTON = "min-h-11 rounded px-3 py-1 aria-disabled:opacity-60 md:min-h-8";

/** `locked`: a post then is the tail of a double tap, and goes nowhere. */
type ListedOrder = OrderView & { next: readonly string[]; cancellable: boolean; refundable: number; notes: OrderNote[] };
function SellerOrderCard({ order, isNew, locked }: { order: ListedOrder; isNew: boolean; locked: boolean }) {
  const fetcher = useOrderMoveFetcher();
  const posting = fetcher.formData?.get("orderId") === order.id ? fetcher.formData : undefined;
  const guard = (event: React.FormEvent) => {
    if (locked) event.preventDefault();
  };
  const { address } = order;
  const orderLabel = `order ${orderNumber(order.id)}`;
  const customer = `${address.firstName} ${address.lastName}`;
  const canMarkPaid = order.paymentType === "COD" && !order.isPaid && (order.status === "Out for delivery" || order.status === "Delivered");
  // Every card's buttons say the same words: each is described by its order's number.
  const numberId = useId();
  const stepButton = { type: "submit", "aria-disabled": locked || undefined, "aria-describedby": numberId } as const;

  return (
    <article
      className={`grid gap-4 rounded-md border p-4 text-sm text-gray-700 md:grid-cols-[2fr_2fr_1fr_1.5fr] ${isNew ? "border-primary ring-2 ring-primary/40" : "border-gray-300"}`}
      aria-label={`Order ${orderNumber(order.id)}`}
      data-new={isNew || undefined}
    >
      <div className="flex gap-3">
        <Thumbnail image={order.items[0]?.image} size={48} className="h-12 w-12 object-contain" />
        <div>
          <p className="font-mono text-xs text-gray-600">
            <span id={numberId}>#{orderNumber(order.id)}</span>
            {isNew && <span className="ml-2 rounded-full bg-primary px-2 py-0.5 font-sans text-white">New</span>}
          </p>
          <ul>
            {order.items.map((item) => (
              <li key={item.id} className="font-medium text-gray-800">
                {item.name} <span className="text-primary">x {item.quantity}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <address className="not-italic" data-testid="order-address">
        <p className="font-medium text-gray-800">{customer}</p>
        <p>{`${address.street}, ${address.city}`}</p>
        <p>{`${address.state}, ${address.zipCode}, ${address.country}`}</p>
        <p>{address.phone}</p>
        <p>{address.email}</p>
      </address>
      <p className="text-base font-medium text-gray-900">{formatRupees(order.amountPaise)}</p>
      <div className="space-y-1">
        <p>Method: {paymentMethodLabel(order.paymentType)}</p>
        <p>Date: {formatDateTime(order.createdAt)}</p>
        <p>
          Payment: <span className={order.isPaid && order.paymentState !== "refund_due" ? "text-primary" : "text-amber-700"}>{paymentLabel(order)}</span>
        </p>
        <p>
          Status: <strong data-testid="seller-order-status">{order.status}</strong>
        </p>
        <OptionalLine className="text-red-700" data-testid="cancel-reason" text={cancellationText(order, "seller")} />
        <OptionalLine className="whitespace-pre-line" data-testid="refund-state" text={refundLines(order, "seller").join("\n")} />
        {order.paymentState === "refund_due" && !refundUnderWay(order.refunds) && (
          <MarkRefunded orderId={order.id} orderLabel={orderLabel} what={`${formatRupees(order.amountPaise)} to ${customer}`} />
        )}
        {order.refundable > 0 && <MarkRefunded orderId={order.id} orderLabel={orderLabel} what={customer} stripeLeft={order.refundable} />}
        <fetcher.Form method="post" onSubmit={guard} className="flex flex-wrap gap-2 pt-1">
          <input type="hidden" name="orderId" value={order.id} />
          {order.next.map((next) => (
            <button key={next} name="status" value={next} {...stepButton} className={`${STEP_BUTTON} bg-primary text-white`}>
              {posting?.get("status") === next ? "Marking…" : `Mark ${next}`}
            </button>
          ))}
          <input type="hidden" name="intent" value="move" />
        </fetcher.Form>
        {canMarkPaid && (
          <fetcher.Form method="post" onSubmit={guard}>
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="intent" value="paid" />
            <button {...stepButton} className={`${STEP_BUTTON} border border-primary text-primary`}>
              {posting?.get("intent") === "paid" ? "Marking…" : "Mark paid"}
            </button>
          </fetcher.Form>
        )}
        <div className="flex flex-wrap gap-x-3 gap-y-2 pt-1">
          {(order.cancellable || order.status === "Cancelled") && (
            <CancelOrderButton order={order} by="seller" open={order.cancellable} describedBy={numberId} />
          )}
          {(["invoice", "packing-slip"] as const).map((paper) => (
            <Link key={paper} to={`/seller/orders/${order.id}/${paper}`} className="inline-flex min-h-8 items-center text-primary underline">
              {paper === "invoice" ? "Invoice" : "Packing slip"}
              <span className="sr-only"> of order {orderNumber(order.id)}</span>
            </Link>
          ))}
        </div>
      </div>
      <OrderNotes orderId={order.id} notes={order.notes} describedBy={numberId} />
    </article>
  );
}
