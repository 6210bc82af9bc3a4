import { SELLER_HOME } from "@shared/redirect";
import { Alert } from "~/lib/field-error";
import { OptionalLine } from "~/components/OptionalLine";
import { Field } from "~/components/Field";

// /seller/login, and the seller area to anyone else: a plain form (a login is a new page anyway) free of hooks, as every first load carries it.
export function SellerLogin({ returnTo, email, notice, refusal }: { returnTo?: string; email?: string; notice?: string; refusal?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 text-sm text-gray-600">
      <form
        method="post"
        action={returnTo && returnTo !== SELLER_HOME ? `/seller/login?${new URLSearchParams({ redirectTo: returnTo })}` : "/seller/login"}
        className="flex w-full max-w-sm flex-col gap-5 rounded-lg p-8 shadow-xl ring-1 ring-gray-200"
      >
        <h1 className="m-auto text-2xl font-medium">
          <span className="text-primary">Seller</span> Login
        </h1>
        <OptionalLine role="status" className="rounded bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200" text={notice} />
        {/* Stays once the toast has gone; the password has the focus again. */}
        <Alert id="seller-login-refusal" className="rounded bg-red-50 p-3 text-red-800 ring-1 ring-red-200" message={refusal} />
        <Field id="seller-email" label="Email" name="email" type="email" autoComplete="username" placeholder="seller@example.com" defaultValue={email} />
        <Field
          id="seller-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={Boolean(refusal)}
          aria-describedby={refusal ? "seller-login-refusal" : undefined}
        />
        <button type="submit" className="w-full rounded-md bg-primary py-2 text-white hover:bg-primary-dull">
          Login
        </button>
      </form>
    </main>
  );
}
