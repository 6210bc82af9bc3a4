import { Link } from "react-router";
import { InfoPage } from "~/components/InfoPage";
import { pageMeta, STORE_NAME } from "~/lib/site";
import { useStorefront } from "~/lib/root-data";

export const meta = () => pageMeta("Terms and Conditions", `The terms of buying from ${STORE_NAME}.`);

export default function TermsAndConditions() {
  const store = useStorefront();
  return (
    <InfoPage title="Terms and Conditions" updated="November 2026">
      <p>By placing an order with {STORE_NAME} you agree to these terms.</p>
      <h2>Prices and payment</h2>
      <ul>
        <li>
          All prices are in Indian rupees (₹). {store?.words.taxPolicy} {store?.words.fees ?? "Delivery is free."}
        </li>
        <li>You can pay cash on delivery or online by card or UPI. The price you pay is the one shown when you place the order.</li>
      </ul>
      <h2>Orders</h2>
      <ul>
        <li>
          An order is confirmed once it appears under My Orders. We may cancel an order if an item is no longer available, and refund anything already paid.
        </li>
        <li>
          You may cancel within 1 hour of ordering: see our{" "}
          <Link className="text-primary underline" to="/cancellation-refund">
            Cancellation &amp; Refund Policy
          </Link>
          .
        </li>
      </ul>
      <h2>Delivery</h2>
      <p>
        We deliver only within {store?.state ?? "one state"}. See{" "}
        <Link className="text-primary underline" to="/shipping-delivery">
          Shipping and Delivery
        </Link>{" "}
        for times.
      </p>
      <h2>Your account</h2>
      <p>Keep your password to yourself; you are responsible for orders placed from your account.</p>
    </InfoPage>
  );
}
