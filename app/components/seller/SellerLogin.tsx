import { useFetcher } from "react-router";
import type { ActionFailure } from "@worker/web/action-result";
import { useFailureToast } from "~/lib/use-action-toast";

/**
 * The seller login form: /seller/login's page, and what the seller area shows anyone else. A
 * failed attempt's toast goes when the form is sent again, so it never outlives the login that
 * follows.
 */
export function SellerLogin() {
  const fetcher = useFetcher<ActionFailure>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.msg : null;
  useFailureToast(fetcher.state, error);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 text-sm text-gray-600">
      <fetcher.Form method="post" action="/seller/login" className="flex w-full max-w-sm flex-col gap-5 rounded-lg p-8 shadow-xl ring-1 ring-gray-200">
        <h1 className="m-auto text-2xl font-medium">
          <span className="text-primary">Seller</span> Login
        </h1>
        <div>
          <label htmlFor="seller-email">Email</label>
          <input id="seller-email" name="email" type="email" required autoComplete="username" placeholder="seller@example.com" className="mt-1 w-full rounded border border-gray-300 p-2 outline-primary" />
        </div>
        <div>
          <label htmlFor="seller-password">Password</label>
          <input id="seller-password" name="password" type="password" required autoComplete="current-password" placeholder="Your password" className="mt-1 w-full rounded border border-gray-300 p-2 outline-primary" />
        </div>
        {error && (
          <p role="alert" className="text-red-600">
            {error}
          </p>
        )}
        <button type="submit" disabled={fetcher.state !== "idle"} className="w-full rounded-md bg-primary py-2 text-white hover:bg-primary-dull disabled:opacity-70">
          Login
        </button>
      </fetcher.Form>
    </main>
  );
}
