import { Form, redirect, useNavigation } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { setCookies } from "@worker/web/cookies";
import { withFlash } from "@worker/web/flash";
import { requireUserPage } from "@worker/web/guards";
import { readForm } from "@worker/request-body";
import { endShopperSession } from "@worker/web/shopper-session";
import { eraseOwnAccount, newsletterConsent, withdrawNewsletter } from "@worker/services/personal-data";
import { formatDateTime } from "@shared/order-status";
import { Alert, useFieldError } from "~/lib/field-error";
import { pageMeta } from "~/lib/site";
import { useActionToast } from "~/lib/use-action-toast";
import { TitledSection } from "~/components/TitledSection";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [...pageMeta("My Account", "Download your data or delete your account."), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context);
  return { user, newsletter: await newsletterConsent(fromContext(context).db, user.email) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUserPage(request, context);
  const worker = fromContext(context);
  return answerForm(request, async () => {
    const { intent, ...form } = Object.fromEntries(await readForm(request));
    if (intent === "withdraw-newsletter") {
      await withdrawNewsletter(worker.db, user.email);
      return { msg: "Consent withdrawn: no more newsletters" };
    }
    await eraseOwnAccount(worker, user.id, form);
    const { cookies } = await endShopperSession(request, worker);
    return withFlash(redirect("/", { status: 303, headers: setCookies(cookies) }), { kind: "success", message: "Your account is deleted" });
  });
}

const SECTION = "space-y-2 rounded border border-gray-300 p-5";

/** The shopper's data rights (ADR 074): a copy of their data, and erasure confirmed with the password. */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, newsletter } = loaderData;
  useActionToast(actionData?.ok ? actionData : undefined);
  const posted = useNavigation().formData;
  const deleting = posted !== undefined && !posted.has("intent"); // the delete form's post, not Withdraw's
  const { general, fieldProps, errorFor } = useFieldError(actionData && !actionData.ok ? actionData : undefined, "account", ["password"]);
  return (
    <div className="mx-auto mt-12 max-w-lg space-y-6 pb-16">
      <div>
        <h1 className="text-2xl font-medium">My Account</h1>
        <p className="mt-1 text-gray-700">{`${user.name} · ${user.email}`}</p>
      </div>
      <TitledSection titleId="account-data" title="Your data" className={SECTION}>
        <p className="text-gray-700">What the store keeps about you, as a file: your profile, addresses, orders and what you consented to.</p>
        <a href="/account/data" download className="inline-block rounded border border-primary px-4 py-2 font-medium text-primary hover:bg-primary-soft">
          Download my data
        </a>
      </TitledSection>
      <TitledSection titleId="account-consents" title="What you agreed to" className={SECTION}>
        {!newsletter ? (
          <p className="text-gray-700">Nothing beyond your orders: you have not subscribed to the newsletter.</p>
        ) : newsletter.withdrawnAt ? (
          <p className="text-gray-700">The newsletter: consent withdrawn on {formatDateTime(newsletter.withdrawnAt)}.</p>
        ) : (
          <Form method="post" className="space-y-2">
            <p className="text-gray-700">{`The newsletter, on ${formatDateTime(newsletter.givenAt)}: “${newsletter.wording}”`}</p>
            <button type="submit" name="intent" value="withdraw-newsletter" className="rounded border border-gray-400 px-4 py-2 font-medium hover:bg-gray-50">
              Withdraw consent
            </button>
          </Form>
        )}
      </TitledSection>
      <TitledSection titleId="account-delete" title="Delete my account" className={SECTION}>
        <p className="text-gray-700">
          Your sign-in, addresses, cart and newsletter subscription go at once, and you are signed out on every device. Your orders stay in the store&apos;s tax
          records (as the GST law requires) without your name, e-mail or phone.
        </p>
        <Form method="post" className="space-y-2">
          <label htmlFor="account-password" className="block font-medium">
            Your password, to confirm
          </label>
          <input
            id="account-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            {...fieldProps("password")}
            className="w-full rounded border border-gray-400 px-3 py-2 outline-none focus:border-primary aria-invalid:border-red-600"
          />
          {errorFor("password")}
          <Alert className="text-red-700" message={general} />
          <button type="submit" disabled={deleting} className="rounded bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800">
            {deleting ? "Deleting…" : "Delete my account"}
          </button>
        </Form>
      </TitledSection>
    </div>
  );
}
