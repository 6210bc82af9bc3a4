import { InfoPage } from "~/components/InfoPage";
import { pageMeta } from "~/lib/site";

export const meta = () => pageMeta("Shipping And Delivery", "Free delivery within one state in 2-7 business days.");

export default function ShippingDelivery() {
  return (
    <InfoPage title="Shipping And Delivery" updated="November 2026">
      <ul>
        <li>Delivery is free on every order.</li>
        <li>We deliver only within one state: addresses outside it cannot be served.</li>
        <li>Orders are delivered in 2-7 business days; in our express areas most orders arrive in under 30 minutes.</li>
        <li>You can follow each order under My Orders: Order Placed, Packed, Out for delivery, Delivered.</li>
      </ul>
    </InfoPage>
  );
}
