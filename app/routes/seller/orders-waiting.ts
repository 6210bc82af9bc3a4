import { fromContext } from "@worker/web/context";
import { waitingOrderCount } from "@worker/services/seller-orders";
import type { Route } from "./+types/orders-waiting";

/** The sidebar badge's number (guarded by the seller layout's middleware). */
export async function loader({ context }: Route.LoaderArgs) {
  return { waiting: await waitingOrderCount(fromContext(context).db) };
}
