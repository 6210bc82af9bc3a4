import { sellerOnly } from "@worker/web/guards";
import { fromContext } from "@worker/web/context";
import { loadPage } from "@worker/web/loader-result";
import { invoiceData } from "@worker/services/invoices";
import { OrderPaper } from "~/components/orders/OrderPaper";
import { orderNumber } from "@shared/order-status";
import { sellerPageMeta } from "~/lib/site";
import type { Route } from "./+types/packing-slip";

// Outside the seller layout (no sidebar on paper), so it carries the guard itself.
export const middleware: Route.MiddlewareFunction[] = [sellerOnly];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  sellerPageMeta(loaderData ? `Packing slip ${orderNumber(loaderData.order.id)}` : "Packing slip", "What to pack for an order, ready to print.");

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPage(() => invoiceData(fromContext(context).db, { seller: true }, params.id));
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  return <OrderPaper data={loaderData} kind="packing-slip" forSeller />;
}
