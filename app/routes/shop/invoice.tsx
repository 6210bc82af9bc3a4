import { fromContext } from "@worker/web/context";
import { requireShopperId } from "@worker/web/guards";
import { loadPage } from "@worker/web/loader-result";
import { invoiceData } from "@worker/services/invoices";
import { OrderPaper } from "~/components/orders/OrderPaper";
import { orderNumber } from "@shared/order-status";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Invoice ${orderNumber(loaderData.order.id)}` : "Invoice", "Your order's invoice, ready to print."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const userId = await requireShopperId(request, context);
  return loadPage(() => invoiceData(fromContext(context).db, { shopperId: userId }, params.id));
}

export default function ShopperInvoice({ loaderData }: Route.ComponentProps) {
  return <OrderPaper data={loaderData} kind="invoice" />;
}
