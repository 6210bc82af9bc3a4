import { InfoPage } from "~/components/InfoPage";
import { useStorefront } from "~/lib/root-data";
import { pageMeta, STORE_NAME } from "~/lib/site";

export const meta = () => pageMeta("Privacy Policy", `What ${STORE_NAME} collects about you, why, and your choices.`);

export default function PrivacyPolicy() {
  const store = useStorefront();
  return (
    <InfoPage title="Privacy Policy" updated="November 2026">
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
      <h2>Your choices</h2>
      <p>
        You can ask us for a copy of your data or ask us to delete your account at any time by writing to {store?.contact.email}. Newsletter e-mails carry an
        unsubscribe link.
      </p>
    </InfoPage>
  );
}
