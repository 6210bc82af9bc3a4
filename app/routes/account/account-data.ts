import { fromContext } from "@worker/web/context";
import { requireShopperId } from "@worker/web/guards";
import { jsonFile } from "@worker/web/loader-result";
import { personalData } from "@worker/services/personal-data";
import type { Route } from "./+types/account-data";

/** The shopper's data as a file (ADR 074). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return jsonFile(await personalData(fromContext(context), await requireShopperId(request, context, "/login?redirectTo=%2Faccount")), "my-data.json");
}
