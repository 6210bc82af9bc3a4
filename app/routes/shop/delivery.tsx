import { Form, Link } from "react-router";
import { safeLocalPath } from "@shared/redirect";
import { daysText, expressTimeText, refusesOrders } from "@shared/delivery";
import { answerForm } from "@worker/web/form-answer";
import { submitPincodeForm } from "@worker/web/delivery";
import { useDeliveryTo, useStorefront } from "~/lib/root-data";
import { pageMeta } from "~/lib/site";
import { refillFrom } from "~/lib/refill";
import type { Route } from "./+types/delivery";
import { PincodeFields } from "~/components/PincodeFields";

export const meta: Route.MetaFunction = () => pageMeta("Check delivery to your pincode", "Where we deliver, and how soon.");

export function loader({ request }: Route.LoaderArgs) {
  return { redirectTo: safeLocalPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, () => submitPincodeForm(request, context), { redirectTo: ({ back }) => back });
}

/** Where the top bar's form lands without JavaScript when the pincode is refused, and a page for a deep link. */
export default function DeliveryPage({ loaderData, actionData }: Route.ComponentProps) {
  const store = useStorefront();
  const delivery = useDeliveryTo();
  const failed = actionData && !actionData.ok ? actionData.msg : null;
  return (
    <div className="mx-auto mt-16 max-w-md">
      <h1 className="text-2xl font-medium">Check delivery to your pincode</h1>
      {store && (
        <p className="mt-3 text-gray-600">
          We deliver anywhere in {store.state}
          {store.fastestExpressMinutes !== null ? `: in ${expressTimeText(store)} to our express pincodes, and` : ""} in{" "}
          {daysText(store.standardMinDays, store.standardMaxDays)} elsewhere in the state. Express deliveries run while we are open: {store.words.hours}.
        </p>
      )}
      {delivery?.pincode && delivery.promise && (
        <p
          className={`mt-4 rounded px-3 py-2 ${refusesOrders(delivery.promise) ? "bg-amber-50 text-amber-900" : "bg-primary-soft"}`}
          data-testid="delivery-page-promise"
        >
          {delivery.pincode}: {delivery.promise.text}
        </p>
      )}
      <Form method="post" className="mt-6 space-y-2">
        <PincodeFields id="delivery-pincode" redirectTo={loaderData.redirectTo} defaultValue={refillFrom(actionData)("pincode", undefined)} refusal={failed} />
      </Form>
      <Link to={loaderData.redirectTo} className="mt-8 inline-block text-primary hover:underline">
        ← Back to shopping
      </Link>
    </div>
  );
}
