import { useFetcher } from "react-router";
import { useActionToast } from "~/lib/use-action-toast";
import { refillFrom, type FormAnswer } from "~/lib/refill";
import { BusyButton } from "~/components/BusyButton";
import { OptionalLine } from "~/components/OptionalLine";
import { NEWSLETTER_NOTICE } from "@shared/accounts";

/** Posts to the home route's action: a real subscription, with or without JavaScript. */
export function Newsletter({ result }: { result?: FormAnswer }) {
  const fetcher = useFetcher<FormAnswer>();
  const shown = fetcher.data ?? result;
  useActionToast(fetcher.data);
  return (
    <section className="mt-24 flex flex-col items-center text-center" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="text-2xl font-semibold md:text-4xl">
        Never Miss a Deal!
      </h2>
      <p className="mt-2 text-gray-600 md:text-lg">{NEWSLETTER_NOTICE}</p>
      <fetcher.Form method="post" className="mt-6 flex h-12 w-full max-w-2xl">
        <input type="hidden" name="intent" value="subscribe" />
        <label htmlFor="newsletter-email" className="sr-only">
          Your e-mail address
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={refillFrom(result)("email", undefined)}
          placeholder="Enter your email id"
          className="h-full w-full rounded-l-md border border-r-0 border-gray-300 px-3 text-gray-700 outline-none"
        />
        <BusyButton busy={fetcher.state !== "idle"} className="h-full rounded-r-md bg-primary px-6 text-white hover:bg-primary-dull md:px-12">
          Subscribe
        </BusyButton>
      </fetcher.Form>
      <OptionalLine role="status" className={`mt-3 text-sm ${shown?.ok ? "text-primary-dull" : "text-red-600"}`} text={shown?.msg} />
    </section>
  );
}
