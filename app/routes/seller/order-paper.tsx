import { useLocation } from "react-router";
import { sellerOnly } from "@worker/web/guards";
import { fromContext } from "@worker/web/context";
import { loadPage } from "@worker/web/loader-result";
import { invoiceData } from "@worker/services/invoices";
import { OrderPaper } from "~/components/orders/OrderPaper";
import { orderNumber } from "@shared/order-status";
import { sellerPageMeta } from "~/lib/site";
import type { Route } from "./+types/order-paper";

// The seller's invoice and packing slip: one page at two addresses (app/routes.ts), the address naming the paper.
const paperOf = (pathname: string) => (pathname.endsWith("/packing-slip") ? "packing-slip" : "invoice");
const PAPERS = {
  invoice: ["Invoice", "An order's invoice, ready to print."],
  "packing-slip": ["Packing slip", "What to pack for an order, ready to print."],
} as const;

// Outside the seller layout (no sidebar on paper), so it carries the guard itself.
export const middleware: Route.MiddlewareFunction[] = [sellerOnly];

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const [title, description] = PAPERS[paperOf(location.pathname)];
  return sellerPageMeta(loaderData ? `${title} ${orderNumber(loaderData.order.id)}` : title, description);
};

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPage(() => invoiceData(fromContext(context).db, { seller: true }, params.id));
}

export default function SellerOrderPaper({ loaderData }: Route.ComponentProps) {
  return <OrderPaper data={loaderData} kind={paperOf(useLocation().pathname)} forSeller />;
}
