import { InfoPage } from "~/components/InfoPage";
import { pageMeta, STORE_NAME } from "~/lib/site";

export const meta = () => pageMeta("Contact Us", `How to reach ${STORE_NAME}: e-mail, phone and opening hours.`);

export default function ContactUs() {
  return (
    <InfoPage title="Contact Us">
      <p>We are happy to help with orders, deliveries, refunds or anything else about {STORE_NAME}.</p>
      <h2>Customer care</h2>
      <ul>
        <li>
          E-mail: <a className="text-primary underline" href="mailto:support@greenbasket.example">support@greenbasket.example</a> (we answer within one business day)
        </li>
        <li>
          Phone: <a className="text-primary underline" href="tel:+918000000000">+91 80000 00000</a>, every day from 7 am to 11 pm
        </li>
      </ul>
      <h2>About an order</h2>
      <p>
        Have your order number ready: you will find it under My Orders. You can cancel an order yourself within 1 hour of
        placing it, as long as it has not been packed yet.
      </p>
      <h2>Registered office</h2>
      <p>{STORE_NAME} Retail Pvt. Ltd., 12 Market Road, Bengaluru, Karnataka 560001, India.</p>
    </InfoPage>
  );
}
