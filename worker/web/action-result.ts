import { data, redirect } from "react-router";
import { HttpError } from "@worker/errors";

export type ActionFailure = { ok: false; msg: string };

/**
 * Run a page action's service call; an HttpError becomes `{ ok: false, msg }` with its status
 * (so the form can show the message), anything else propagates to the error boundary.
 */
export async function runAction<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) return data<ActionFailure>({ ok: false, msg: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * A page action's answer once it succeeded. Posted through a fetcher (JavaScript), the result
 * itself, which the page shows as a toast. Posted by the browser itself (no JavaScript: the form
 * was a document navigation), a redirect back to the page instead (Post/Redirect/Get): the page is
 * rendered by the GET that follows rather than inside the POST, which keeps each request within
 * the CPU budget (ADR 023), and reloading the page does not post the form again. `redirectTo`
 * names another page to go to instead (a confirmation page's form goes back to what it confirmed).
 */
export function answerFormPost<T>(request: Request, result: T, redirectTo?: string): T | Response {
  if (request.headers.get("Sec-Fetch-Dest") !== "document") return result;
  if (redirectTo) return redirect(redirectTo, 303);
  const url = new URL(request.url);
  // Back to the page's own address, as it was written, less React Router's `index` marker.
  const query = url.search.slice(1).split("&").filter((part) => part && part !== "index" && !part.startsWith("index="));
  return redirect(`${url.pathname}${query.length > 0 ? `?${query.join("&")}` : ""}`, 303);
}
