import { Fragment } from "react";
import { Link } from "react-router";
import { SalesChart } from "~/components/seller/SalesChart";
import { TitledSection } from "~/components/TitledSection";
import { fromContext } from "@worker/web/context";
import { dashboardFigures, type CreditNotesIssued, type PeriodFigures, type RefundsMade, type StockedProduct } from "@worker/services/dashboard";
import { BEST_SELLER_DAYS, DASHBOARD_REFRESH_MS, LOW_STOCK, ordersPageFor, PERIODS, WAITING_STEPS } from "@shared/dashboard";
import { formatDateTime } from "@shared/order-status";
import { formatRupees } from "@shared/money";
import { sellerPageMeta } from "~/lib/site";
import { useHydrated } from "~/lib/use-hydrated";
import { useRevalidateEvery } from "~/lib/use-polling";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => sellerPageMeta("Dashboard", "Today's orders and sales, what waits for you, stock to watch.");

export async function loader({ context }: Route.LoaderArgs) {
  return dashboardFigures(fromContext(context).db);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { periods, refundsMade, creditNotesIssued, waiting, days, soldOut, lowStock, bestSellers, readAt } = loaderData;
  useRevalidateEvery(DASHBOARD_REFRESH_MS);
  // Only a page with JavaScript refreshes itself: without it, the line does not promise it.
  const hydrated = useHydrated();

  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-medium">Dashboard</h1>
        <p className="text-sm text-gray-600">{`Updated ${formatDateTime(readAt)} (India time)${hydrated ? ", refreshes while open" : ""}`}</p>
      </div>

      <TitledSection titleId="sales-title" title="Sales" titleClassName="sr-only">
        <ul className="grid gap-4 sm:grid-cols-3">
          {PERIODS.map(({ key, label }) => (
            <li key={key}>
              <PeriodCard label={label} figures={periods[key]} refunded={refundsMade[key]} credited={creditNotesIssued[key]} live={key === "today"} />
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection titleId="waiting-title" title="Waiting for you">
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {WAITING_STEPS.map((step) => {
            const { orders, amountPaise } = waiting[step.key];
            return (
              <li key={step.key}>
                <Link
                  to={ordersPageFor(step)}
                  className={`block rounded-md border p-3 hover:border-primary focus-visible:border-primary ${orders > 0 ? "border-amber-300 bg-amber-50" : "border-gray-300"}`}
                  data-testid={`waiting-${step.key}`}
                >
                  <span className="block text-2xl font-medium">{orders}</span>
                  <span className="block text-sm text-gray-700">
                    {step.label}
                    {amountPaise ? ` · ${formatRupees(amountPaise)}` : ""}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </TitledSection>

      <TitledSection titleId="chart-title" title="Sales per day">
        <div className="mt-3 rounded-md border border-gray-300 p-3">
          <SalesChart days={days} />
        </div>
      </TitledSection>

      <div className="grid gap-10 lg:grid-cols-3">
        <StockList title={`Sold out (${soldOut.count})`} id="sold-out" list={soldOut} empty="Nothing is sold out." />
        <StockList title={`Low stock (${lowStock.count})`} id="low-stock" list={lowStock} empty={`No product has ${LOW_STOCK} or fewer left.`} />
        <TitledSection titleId="best-title" title={<>Best sellers, last {BEST_SELLER_DAYS} days</>}>
          {bestSellers.length === 0 ? (
            <p className="mt-3 text-sm text-gray-600">No sales in the last {BEST_SELLER_DAYS} days.</p>
          ) : (
            <ProductLines
              ordered
              testId="best-sellers"
              lines={bestSellers.map((p) => ({ id: p.productId, name: p.name, figure: `${p.units} sold · ${formatRupees(p.salesPaise)}` }))}
            />
          )}
        </TitledSection>
      </div>
    </div>
  );
}

type PeriodCardProps = { label: string; figures: PeriodFigures; refunded: RefundsMade; credited: CreditNotesIssued; live: boolean };
function PeriodCard({ label, figures, refunded, credited, live }: PeriodCardProps) {
  return (
    <article className="rounded-md border border-gray-300 p-4" aria-label={label} data-testid={`period-${label}`}>
      <h3 className="text-sm font-medium text-gray-600">{label}</h3>
      {/* Today's figures are announced when a refresh changes them. */}
      <p className="mt-1 text-2xl font-medium" aria-live={live ? "polite" : undefined} data-testid="period-sales">
        {formatRupees(figures.salesPaise)}{" "}
        <span className="text-base font-normal text-gray-700">{`from ${figures.orders} ${figures.orders === 1 ? "order" : "orders"}`}</span>
      </p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {[
          ["Paid", "period-paid", formatRupees(figures.paidPaise)],
          ["Cash on delivery to collect", "period-cod", `${formatRupees(figures.codDuePaise)} (${figures.codDueOrders})`],
          ["Refunds due", "period-refunds", `${formatRupees(figures.refundDuePaise)} (${figures.refundDueOrders})`],
          // Counted on the day the refund was made, not the day the order was placed (ADR 044).
          ["Refunds made", "period-refunded", `${formatRupees(refunded.amountPaise)} (${refunded.orders})`],
          // Sales are net of those on orders still on (ADR 075).
          ["Credit notes", "period-credit-notes", `${formatRupees(credited.amountPaise)} (${credited.notes})`],
          ["Cancelled orders", "period-cancelled", figures.cancelledOrders],
        ].map(([term, testId, value]) => (
          <Fragment key={testId}>
            <dt className="text-gray-600">{term}</dt>
            <dd className="text-right" data-testid={testId}>
              {value}
            </dd>
          </Fragment>
        ))}
      </dl>
    </article>
  );
}

type StockListProps = { title: string; id: string; list: { products: StockedProduct[]; count: number }; empty: string };
function StockList({ title, id, list: { products, count }, empty }: StockListProps) {
  return (
    <TitledSection titleId={`${id}-title`} title={title} data-testid={id}>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">{empty}</p>
      ) : (
        <ProductLines lines={products.map((p) => ({ ...p, figure: `${p.stock} left` }))} />
      )}
      {count > products.length && <p className="mt-2 text-sm text-gray-600">and {count - products.length} more</p>}
    </TitledSection>
  );
}

type ProductLine = { id: string; name: string | null; figure: string };
function ProductLines({ lines, ordered = false, testId }: { lines: ProductLine[]; ordered?: boolean; testId?: string }) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className="mt-3 space-y-2 text-sm" data-testid={testId}>
      {lines.map(({ id, name, figure }) => (
        <li key={id} className="flex justify-between gap-3 border-b border-gray-100 pb-2">
          {name ? (
            <Link to={`/seller/products/${encodeURIComponent(id)}/edit`} className="text-gray-800 hover:text-primary hover:underline">
              {name}
            </Link>
          ) : (
            <span className="text-gray-600">A deleted product</span>
          )}
          <span className="shrink-0 text-gray-700">{figure}</span>
        </li>
      ))}
    </List>
  );
}
