import { data, redirect } from "react-router";
import { HttpError, type FieldProblem } from "@worker/errors";
import { withFlash } from "./flash";
import { pageAddressOf } from "./page-address";

/**
 * A refused form: the reason; `field`, the input it is about; `problems`, each field's reason when
 * several were refused at once; and, for a browser without JavaScript, the text it posted
 * (`typed`), so the page rendered again shows what was typed rather than the stored values.
 */
export type ActionFailure = { ok: false; msg: string; field?: string; problems?: readonly FieldProblem[]; typed?: Record<string, string> };

type Options<T> = {
  /** Where a browser without JavaScript goes after a success (by default back to the form's page). */
  redirectTo?: string | ((result: T) => string);
  /**
   * A refusal posted without JavaScript goes to `to` as a flash toast, with the fields named by
   * `keep` (never a password). Without this option the form's page renders the refusal itself,
   * with everything typed.
   */
  refusal?: { to?: (error: HttpError) => string; keep?: readonly string[] };
};

/**
 * The one way a page action answers a form. `work` calls the service and returns the result
 * (`{ msg, ... }`, with `headers` for the answer, such as a cookie) or a Response of its own (a redirect).
 *
 * - Sent by a fetcher: the result as `{ ok: true, ...result }`, or `{ ok: false, msg, ... }` with
 *   the refusal's status; the page shows it.
 * - Posted by the browser itself (no JavaScript): Post/Redirect/Get, the message travelling as a
 *   flash toast (worker/web/flash.ts), so a reload never posts again; a refusal renders the page
 *   again with what was typed, or goes where `refusal.to` says.
 *
 * Anything but an HttpError propagates to the error boundary.
 */
export async function answerForm<T extends { msg: string; headers?: HeadersInit }>(
  request: Request,
  work: () => Promise<T | Response>,
  options: Options<T> = {},
) {
  const document = isDocumentPost(request);
  // Taken before the action reads the body: what a refused post typed.
  const posted = document ? request.clone() : null;
  try {
    const result = await work();
    if (result instanceof Response) return result;
    const { headers, ...answer } = result;
    if (!document) return headers ? data({ ok: true as const, ...answer }, { headers }) : { ok: true as const, ...answer };
    const to = typeof options.redirectTo === "function" ? options.redirectTo(result) : options.redirectTo;
    return withFlash(redirect(to ?? pageAddressOf(request), { status: 303, headers }), { kind: "success", message: result.msg });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const failure: ActionFailure = {
      ok: false,
      msg: error.message,
      ...(error.field && { field: error.field }),
      ...(error.problems && { problems: error.problems }),
    };
    if (!posted) return data(failure, { status: error.status });
    // What was typed comes back (a body refused for its size is not read again): all of it to the
    // form's own page, only the fields `keep` names in a flash.
    const typed = error.status === 413 ? undefined : await typedText(posted, options.refusal && (options.refusal.keep ?? []));
    if (!options.refusal) return data({ ...failure, ...(typed && { typed }) }, { status: error.status });
    const to = options.refusal.to?.(error) ?? pageAddressOf(request);
    return withFlash(redirect(to, 303), { kind: "error", message: error.message, ...(typed && { typed }), ...(error.field && { field: error.field }) });
  } finally {
    if (posted && !posted.bodyUsed) void posted.body?.cancel();
  }
}

/** The text fields of a posted form (not its files), those named by `only` when given. */
async function typedText(posted: { formData(): Promise<FormData> }, only?: readonly string[]): Promise<Record<string, string> | undefined> {
  try {
    const text = [...(await posted.formData())].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && (!only || only.includes(entry[0])),
    );
    return text.length > 0 ? Object.fromEntries(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Sent by the browser itself (a plain form, no JavaScript), not by a fetcher or another client. */
export function isDocumentPost(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "document";
}
