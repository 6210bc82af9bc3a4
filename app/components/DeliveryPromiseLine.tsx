import { useLocation, Link } from "react-router";
import { useDeliveryTo } from "~/lib/root-data";

/** The top bar's promise repeated where the shopper decides (the product page, the cart). */
export function DeliveryPromiseLine() {
  const delivery = useDeliveryTo();
  const location = useLocation();
  if (!delivery) return null;
  const { pincode, promise } = delivery;
  if (!pincode || !promise) {
    return (
      <p className="text-gray-600">
        <Link to={`/delivery?redirectTo=${encodeURIComponent(location.pathname)}`} className="text-primary underline">
          Enter your pincode
        </Link>{" "}
        to see when we can deliver.
      </p>
    );
  }
  return (
    <p data-testid="page-delivery-promise" className={promise.kind === "unserved" ? "font-medium text-red-700" : "font-medium text-primary-dull"}>
      {promise.text}
      {promise.kind !== "unserved" && <span className="font-normal text-gray-600"> to {pincode}</span>}
    </p>
  );
}
