import { data, redirect } from "react-router";
import { HttpError, type FieldProblem } from "@worker/errors";
import { withFlash } from "./flash";
import { pageAddressOf } from "./page-address";

/**
 * A refused form action: the reason; `field`, the input it is about when a schema named one (the
 * form shows the reason beside it); `problems`, each field's reason when several fields were
 * refused at once (`msg` and `field` are the first of them); and for a browser without JavaScript
 * the text it posted (`typed`), so the page it renders again keeps what the seller typed instead
 * of the stored values. (With JavaScript the form's own fields still hold it; files cannot be
 * refilled anyway.)
 */
export type ActionFailure = { ok: false; msg: string; field?: string; problems?: readonly FieldProblem[]; typed?: Record<string, string> };

function failureOf(error: HttpError): ActionFailure {
  return { ok: false, msg: error.message, ...(error.field && { field: error.field }), ...(error.problems && { problems: error.problems }) };
}

/**
 * Run a page action's service call; an HttpError becomes `{ ok: false, msg }` with its status
 * (so the form can show the message), anything else propagates to the error boundary. Given the
 * `request` of a form page, a refusal of the browser's own post also carries what it typed.
 */
export async function runAction<T>(work: () => Promise<T>, request?: Request) {
  const posted = copyOfDocumentPost(request);
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const typed = await typedOnRefusal(posted, error);
    return data<ActionFailure>({ ...failureOf(error), ...(typed && { typed }) }, { status: error.status });
  } finally {
    release(posted);
  }
}

/** Taken before the action reads the body; only of a browser's own post (a fetcher's form keeps its input). */
function copyOfDocumentPost(request: Request | undefined): PostedCopy | null {
  return request && isDocumentPost(request) ? request.clone() : null;
}

/** What a refused post typed, from its copy; `fields` names the ones to give back (by default every text field). */
async function typedOnRefusal(posted: PostedCopy | null, error: HttpError, fields?: readonly string[]): Promise<Record<string, string> | undefined> {
  // A body refused for its size is not read again.
  if (!posted || error.status === 413) return undefined;
  const typed = await typedText(posted);
  return typed && fields ? Object.fromEntries(fields.filter((name) => typed[name] !== undefined).map((name) => [name, typed[name]!])) : typed;
}

/** The copy not needed (no refusal): released, not left to buffer the body. */
function release(posted: PostedCopy | null) {
  if (posted && !posted.bodyUsed) void posted.body?.cancel();
}

type PostedCopy = ReturnType<Request["clone"]>;

/** The text fields of a posted form (not its files); nothing if the body is not a form or has none. */
async function typedText(request: { formData(): Promise<FormData> }): Promise<Record<string, string> | undefined> {
  try {
    const text = [...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string");
    return text.length > 0 ? Object.fromEntries(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `runAction` for a form that also works without JavaScript. Sent by a fetcher, a failure is the
 * same `{ ok: false, msg }`. Posted by the browser itself, it is a redirect instead (to
 * `failureTarget`, by default the page's own address) carrying the message as a flash toast: the
 * page the browser lands on says what went wrong, rather than reloading silently. `keep` names
 * the fields that flash brings back to the form (never a password): a refused login still shows
 * the e-mail typed.
 */
export async function runFormAction<T>(
  request: Request,
  work: () => Promise<T>,
  options: { failureTarget?: (error: HttpError) => string; keep?: readonly string[] } = {},
) {
  const posted = options.keep ? copyOfDocumentPost(request) : null;
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (!isDocumentPost(request)) return data<ActionFailure>(failureOf(error), { status: error.status });
    const typed = await typedOnRefusal(posted, error, options.keep);
    return withFlash(redirect(options.failureTarget?.(error) ?? pageAddressOf(request), 303), {
      kind: "error",
      message: error.message,
      ...(typed && { typed }),
      ...(error.field && { field: error.field }),
    });
  } finally {
    release(posted);
  }
}

/**
 * A page action's answer once it succeeded. Posted through a fetcher (JavaScript), the result
 * itself, which the page shows as a toast. Posted by the browser itself (no JavaScript: the form
 * was a document navigation), a redirect back to the page instead (Post/Redirect/Get), with the
 * result's message as a flash toast (worker/web/flash.ts): the page is rendered by the GET that
 * follows rather than inside the POST, which keeps each request within the CPU budget (ADR 023),
 * and reloading the page does not post the form again. `redirectTo` names another page to go to
 * instead (a confirmation page's form goes back to what it confirmed).
 */
export function answerFormPost<T extends { ok: boolean; msg: string }>(request: Request, result: T, redirectTo?: string): T | Response {
  if (!isDocumentPost(request)) return result;
  return withFlash(redirect(redirectTo ?? pageAddressOf(request), 303), { kind: result.ok ? "success" : "error", message: result.msg });
}

/** Sent by the browser itself (a plain form, no JavaScript), not by a fetcher or another client. */
export function isDocumentPost(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Dest") === "document";
}
