import { fromContext } from "@worker/web/context";
import { jsonFile, loadPage } from "@worker/web/loader-result";
import { accountByEmail, personalData } from "@worker/services/personal-data";
import type { Route } from "./+types/data-requests-export";

/** A shopper's data as the file My Account gives them (ADR 074), for one who asked by e-mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = fromContext(context);
  const email = new URL(request.url).searchParams.get("email");
  return jsonFile(await loadPage(async () => personalData(store, await accountByEmail(store.db, { email }))), "personal-data.json");
}
