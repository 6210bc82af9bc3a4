import { sellerOnly } from "@worker/web/guards";
import { fromContext } from "@worker/web/context";
import { loadPage } from "@worker/web/loader-result";
import { invoiceData } from "@worker/services/invoices";
import { OrderPaper } from "~/components/orders/OrderPaper";
import { orderNumber } from "@shared/order-status";
import { sellerPageMeta } from "~/lib/site";
import type { Route } from "./+types/invoice";

// Outside the seller layout (no sidebar on paper), so it carries the guard itself.
export const middleware: Route.MiddlewareFunction[] = [sellerOnly];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  sellerPageMeta(loaderData ? `Invoice ${orderNumber(loaderData.order.id)}` : "Invoice", "An order's invoice, ready to print.");

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPage(() => invoiceData(fromContext(context).db, { seller: true }, params.id));
}

export default function SellerInvoice({ loaderData }: Route.ComponentProps) {
  return <OrderPaper data={loaderData} kind="invoice" forSeller />;
}
