import { daysText } from "@shared/delivery";
import { InfoPage } from "~/components/InfoPage";
import { Link } from "react-router";
import { pageMeta } from "~/lib/site";
import { useStorefront } from "~/lib/root-data";

export const meta = () => pageMeta("Shipping And Delivery", "Where we deliver, how soon, and what delivery costs.");

/** The delivery policy, worded from the store's settings: the same terms as the top bar's promise and the checkout's check. */
export default function ShippingDelivery() {
  const store = useStorefront();
  return (
    <InfoPage title="Shipping And Delivery" updated="November 2026">
      <ul>
        {store && (
          <>
            <li>{store.words.fees ?? "Delivery is free on every order."} The cart shows every fee before you order.</li>
            <li>We deliver only within one state, {store.state}: addresses outside it cannot be served.</li>
            <li>
              Orders are delivered in {daysText(store.standardMinDays, store.standardMaxDays)} anywhere in {store.state}
              {store.fastestExpressMinutes !== null && `; in our express areas they arrive in as little as ${store.fastestExpressMinutes} minutes`}.
            </li>
          </>
        )}
        <li>
          Enter your pincode in the top bar, or{" "}
          <Link to="/delivery" className="text-primary underline">
            check it here
          </Link>
          , to see what we promise at your door.
        </li>
        <li>You can follow each order under My Orders: Order Placed, Packed, Out for delivery, Delivered.</li>
      </ul>
    </InfoPage>
  );
}
