import { Link } from "react-router";
import { STORE_NAME } from "~/lib/site";
import { useStorefront } from "~/lib/root-data";

const GROUPS = {
  "Quick Links": { Home: "/", "All Products": "/products", "Contact Us": "/contact-us" },
  "Need help?": {
    "Terms and Conditions": "/terms-and-conditions",
    "Privacy Policy": "/privacy-policy",
    "Shipping And Delivery": "/shipping-delivery",
    "Cancellation & Refund Policy": "/cancellation-refund",
    "Contact Us": "/contact-us",
  },
};

export function Footer() {
  const store = useStorefront();
  return (
    <footer className="mt-24 bg-primary-soft/60 px-4 md:px-8">
      <div className="mx-auto flex max-w-7xl flex-col justify-between gap-10 border-b border-gray-500/30 py-10 md:flex-row">
        <div className="max-w-md">
          <p className="text-xl font-bold text-primary-dull">{STORE_NAME}</p>
          <p className="mt-4 text-gray-600">
            Fresh groceries and snacks delivered to your door{store ? `: ${store.words.promise}` : "."} Produce fresh from the source, everyday low prices, and
            more than 10,000 happy customers.
          </p>
        </div>
        <div className="flex flex-wrap gap-12 md:gap-20">
          {Object.entries(GROUPS).map(([title, links]) => (
            <nav key={title} aria-label={title}>
              <h2 className="mb-3 font-semibold text-gray-900">{title}</h2>
              <ul className="space-y-1 text-sm">
                {Object.entries(links).map(([text, url]) => (
                  <li key={text}>
                    <Link to={url} className="hover:text-primary hover:underline">
                      {text}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <p className="py-4 text-center text-sm text-gray-600">{`© ${new Date().getFullYear()} ${STORE_NAME}. Prices in Indian rupees (₹). ${store?.words.taxPolicy ?? ""}`}</p>
    </footer>
  );
}
