import { InfoPage } from "~/components/InfoPage";
import { pageMeta, STORE_NAME } from "~/lib/site";
import { STORE_DETAILS } from "@shared/store-details";

export const meta = () => pageMeta("Contact Us", `How to reach ${STORE_NAME}: e-mail, phone and opening hours.`);

export default function ContactUs() {
  return (
    <InfoPage title="Contact Us">
      <p>We are happy to help with orders, deliveries, refunds or anything else about {STORE_NAME}.</p>
      <h2>Customer care</h2>
      <ul>
        <li>
          E-mail: <a className="text-primary underline" href={`mailto:${STORE_DETAILS.email}`}>{STORE_DETAILS.email}</a> (we answer within one business day)
        </li>
        <li>
          Phone: <a className="text-primary underline" href={STORE_DETAILS.phoneHref}>{STORE_DETAILS.phone}</a>, {STORE_DETAILS.hours}
        </li>
      </ul>
      <h2>About an order</h2>
      <p>
        Have your order number ready: you will find it under My Orders. You can cancel an order yourself within 1 hour of
        placing it, as long as it has not been packed yet.
      </p>
      <h2>Registered office</h2>
      <p>
        {STORE_DETAILS.legalName}, {STORE_DETAILS.addressLines.join(", ")}.
      </p>
    </InfoPage>
  );
}
