import { InfoPage } from "~/components/InfoPage";
import { pageMeta, STORE_NAME } from "~/lib/site";
import { useStorefront } from "~/lib/root-data";

export const meta = () => pageMeta("Contact Us", `How to reach ${STORE_NAME}: e-mail, phone and opening hours.`);

export default function ContactUs() {
  const { contact, words } = useStorefront() ?? {};
  return (
    <InfoPage title="Contact Us">
      <p>We are happy to help with orders, deliveries, refunds or anything else about {STORE_NAME}.</p>
      {contact && (
        <>
          <h2>Customer care</h2>
          <ul>
            <li>
              E-mail:{" "}
              <a className="text-primary underline" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>{" "}
              (we answer within one business day)
            </li>
            <li>
              Phone:{" "}
              <a className="text-primary underline" href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>
                {contact.phone}
              </a>
              , {words?.hours}
            </li>
          </ul>
        </>
      )}
      <h2>About an order</h2>
      <p>
        Have your order number ready: you will find it under My Orders. You can cancel an order yourself within 1 hour of placing it, as long as it has not been
        packed yet.
      </p>
      {contact && (
        <>
          <h2>Registered office</h2>
          <address className="not-italic">
            <span className="block font-medium">{contact.legalName}</span>
            {contact.office.split("\n").map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
            {contact.gstin && <span className="block">GSTIN: {contact.gstin}</span>}
          </address>
        </>
      )}
    </InfoPage>
  );
}
