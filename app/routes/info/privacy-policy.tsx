import { Link } from "react-router";
import { InfoPage } from "~/components/InfoPage";
import { useStorefront } from "~/lib/root-data";
import { pageMeta, STORE_NAME } from "~/lib/site";

export const meta = () => pageMeta("Privacy Policy", `What ${STORE_NAME} collects about you, why, and your choices.`);

export default function PrivacyPolicy() {
  const store = useStorefront();
  return (
    <InfoPage title="Privacy Policy" updated="29 November 2026">
      <p>This policy explains what personal data {STORE_NAME} collects, why we need it and how we protect it.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Your name, e-mail address and a securely hashed password when you create an account.</li>
        <li>Delivery addresses and phone numbers you save, so we can deliver your orders.</li>
        <li>Your cart and order history.</li>
        <li>Your e-mail address if you subscribe to our newsletter.</li>
      </ul>
      <h2>What we do not collect</h2>
      <p>Card details never reach our servers: online payments are handled by our payment provider, Stripe. We do not use advertising trackers.</p>
      <h2>Cookies</h2>
      <p>
        We use a session cookie to keep you signed in and a cart cookie so your cart survives a reload. Both are needed for the store to work; neither is used
        for advertising.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Your account, addresses and cart until you delete the account. Orders and their invoices for as long as the GST law asks a business to keep its accounts
        (about six years after the year of the sale); once you delete your account they no longer carry your name, e-mail or phone.
      </p>
      <h2>Your rights</h2>
      <p>
        On{" "}
        <Link to="/account" className="text-primary underline">
          My Account
        </Link>{" "}
        you can download a copy of your data (your profile, addresses, orders and consents, as a file) and delete your account: your sign-in, addresses, cart
        and newsletter subscription go at once and every device is signed out. You can also write to {store?.contact.email}: we do the same for you. Newsletter
        e-mails carry an unsubscribe link.
      </p>
    </InfoPage>
  );
}
