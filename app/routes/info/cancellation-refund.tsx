import { InfoPage } from "~/components/InfoPage";
import { pageMeta } from "~/lib/site";

export const meta = () => pageMeta("Cancellation & Refund Policy", "Cancel within 1 hour of ordering; refunds in 5-7 business days.");

export default function CancellationRefund() {
  return (
    <InfoPage title="Cancellation & Refund Policy" updated="November 2026">
      <h2>Cancelling an order</h2>
      <ul>
        <li>You can cancel an order within 1 hour of placing it, from My Orders, as long as it has not been packed yet.</li>
        <li>After that, or once it is packed, please contact customer care: we will do our best to help.</li>
      </ul>
      <h2>Refunds</h2>
      <ul>
        <li>If you paid online and your order is cancelled, the full amount is refunded to your original payment method.</li>
        <li>Refunds are processed in 5-7 business days.</li>
        <li>Cash-on-delivery orders that are cancelled before delivery cost you nothing.</li>
      </ul>
      <h2>Damaged or wrong items</h2>
      <p>Tell us within 24 hours of delivery with a photo and we will replace the item or refund it.</p>
    </InfoPage>
  );
}
