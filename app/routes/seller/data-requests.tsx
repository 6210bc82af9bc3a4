import { Form } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { HttpError } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { ACCOUNT_DELETED, accountByEmail, accountForRequest, erasePersonalData } from "@worker/services/personal-data";
import { formatDate } from "@shared/order-status";
import { Alert } from "~/lib/field-error";
import { TitledSection } from "~/components/TitledSection";
import { sellerPageMeta } from "~/lib/site";
import { useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/data-requests";

export const meta: Route.MetaFunction = () => sellerPageMeta("Data requests", "A shopper's data, downloaded or erased when they ask by e-mail.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const email = new URL(request.url).searchParams.get("email");
  if (email === null) return { email: "" };
  try {
    return await accountForRequest(fromContext(context).db, { email });
  } catch (error) {
    if (error instanceof HttpError) return { email, refusal: error.message };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  return answerForm(request, async () => {
    await erasePersonalData(worker, await accountByEmail(worker.db, { email: (await readForm(request)).get("email") }));
    return { msg: ACCOUNT_DELETED };
  });
}

const BUTTON = "rounded px-5 py-2 font-medium";

/** The data rights of ADR 074 for a shopper who asks by e-mail: find the account, download its data, erase it. */
export default function DataRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { email } = loaderData;
  const account = "account" in loaderData ? loaderData.account : undefined;
  useActionToast(actionData);
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-medium">Data requests</h1>
      <p className="mt-2 text-gray-600">
        A shopper may ask by e-mail for a copy of their data or for it to be erased. Check that the request came from the account's own e-mail address, then
        find the account here. Erasing keeps their orders for the tax records, without the name, e-mail or phone.
      </p>
      <Form method="get" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="request-email" className="font-medium">
            The account's e-mail
          </label>
          <input id="request-email" type="email" name="email" defaultValue={email} required className="rounded border border-gray-500/40 px-3 py-2" />
        </div>
        <button type="submit" className={`${BUTTON} bg-primary text-white`}>
          Find account
        </button>
      </Form>
      <Alert className="mt-4 text-red-700" message={"refusal" in loaderData && loaderData.refusal} />
      {account === null && (
        <p className="mt-6" role="status">
          {`No account has the e-mail ${email}.`}
        </p>
      )}
      {account && (
        <TitledSection titleId="request-account" title={account.name} className="mt-6 rounded-md border border-gray-300 p-4" data-testid="request-account">
          <p className="text-gray-700">{`${email} · since ${formatDate(account.createdAt)} · ${account.orders} ${account.orders === 1 ? "order" : "orders"}`}</p>
          <a
            href={`/seller/data-requests/export?${new URLSearchParams({ email })}`}
            download
            className={`${BUTTON} mt-4 inline-block border border-primary text-primary`}
          >
            Download their data
          </a>
          <Form method="post" className="mt-6 border-t border-gray-300 pt-4">
            <input type="hidden" name="email" value={email} />
            <label className="flex gap-2">
              <input type="checkbox" required className="mt-1" />
              They asked, from this e-mail address, for their account to be erased. This cannot be undone.
            </label>
            <button type="submit" className={`${BUTTON} mt-3 bg-red-700 text-white`}>
              Erase their personal data
            </button>
          </Form>
        </TitledSection>
      )}
    </div>
  );
}
