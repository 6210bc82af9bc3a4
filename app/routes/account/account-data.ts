import { fromContext } from "@worker/web/context";
import { requireShopperId } from "@worker/web/guards";
import { personalData } from "@worker/services/personal-data";
import type { Route } from "./+types/account-data";

/** The shopper's data as a file (ADR 074). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await personalData(fromContext(context), await requireShopperId(request, context, "/login?redirectTo=%2Faccount"));
  return new Response(JSON.stringify(data, null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": 'attachment; filename="my-data.json"', "Cache-Control": "no-store" },
  });
}
