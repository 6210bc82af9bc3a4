import { data, redirect } from "react-router";
import { HttpError, type FieldProblem } from "@worker/errors";
import { withFlash } from "./flash";
import { pageAddressOf } from "./page-address";

/** `typed`: for a browser without JavaScript, what it posted, so the page shows that rather than the stored values. */
export type ActionFailure = { ok: false; msg: string; field?: string; problems?: readonly FieldProblem[]; typed?: Record<string, string> };

/** Without JavaScript, a success goes to `redirectTo` (by default the form's page), a refusal to `refusal.to` as a toast with the `keep` fields. */
type Options<T> = { redirectTo?: string | ((result: T) => string); refusal?: { to?: (error: HttpError) => string; keep?: readonly string[] } };

/** The one way an action answers a form (ADR 058): a fetcher gets `{ ok, ... }`, a browser without JavaScript Post/Redirect/Get and a toast. */
export async function answerForm<T extends { msg: string; headers?: HeadersInit }>(
  request: Request,
  work: () => Promise<T | Response>,
  options: Options<T> = {},
) {
  // Sent by the browser itself (no JavaScript), not by a fetcher.
  const document = request.headers.get("Sec-Fetch-Dest") === "document";
  // Taken before the action reads the body: what a refused post typed.
  const posted = document ? request.clone() : null;
  try {
    const result = await work();
    // A post's redirect is 303 See Other whoever built it (the next page is read with a GET).
    if (result instanceof Response) return result.status === 302 ? new Response(result.body, { status: 303, headers: result.headers }) : result;
    const { headers, ...answer } = result;
    if (!document) return headers ? data({ ok: true as const, ...answer }, { headers }) : { ok: true as const, ...answer };
    const to = typeof options.redirectTo === "function" ? options.redirectTo(result) : options.redirectTo;
    return withFlash(redirect(to ?? pageAddressOf(request), { status: 303, headers }), { kind: "success", message: result.msg });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const { message, field, problems } = error;
    const failure: ActionFailure = { ok: false, msg: message, ...(field && { field }), ...(problems && { problems }) };
    if (!posted) return data(failure, { status: error.status });
    // A body refused for its size is not read again.
    const typed = error.status === 413 ? undefined : await typedText(posted, options.refusal && (options.refusal.keep ?? []));
    if (!options.refusal) return data({ ...failure, ...(typed && { typed }) }, { status: error.status });
    const to = options.refusal.to?.(error) ?? pageAddressOf(request);
    return withFlash(redirect(to, 303), { kind: "error", message, ...(typed && { typed }), ...(field && { field }) });
  } finally {
    if (posted && !posted.bodyUsed) void posted.body?.cancel();
  }
}

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
