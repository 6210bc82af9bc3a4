import { z } from "zod";

/** One field's problem: the field (named as `ActionFailure.field` is) and its reason. */
export type FieldProblem = { field: string; msg: string };

/**
 * The one error type of the server. Services throw it; the API turns it into the spec's
 * `{ success: false, msg }` with `status`, and page actions show `msg` next to the form.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 502 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The input field the message is about, when it is about one: a form shows the message there. */
    readonly field?: string,
    /**
     * Every field's problem, in the order the schema found them, when the input has problems in
     * more than one field (`message` and `field` are the first): a form shows each at its field.
     */
    readonly problems?: readonly FieldProblem[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const notFound = (msg = "Not found") => new HttpError(404, msg);
/**
 * A paging cursor the list did not give out, in the query parameter `param`: refused, not read as
 * the first page, since a client that mangled it would be sent page 1 and the same next cursor
 * again, forever. (A page sends a person to its first page instead: `loadListing`.)
 */
export const unknownCursor = (param = "cursor") => new HttpError(400, "This cursor is not one the list gave out: start again without it", {}, param);
export const conflict = (msg: string, field?: string) => new HttpError(409, msg, {}, field);

/** The first problem of a failed zod parse, phrased for people ("Email: Enter a valid e-mail address"). */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  // zod's own words for a body that is not an object at all (null, a list, a number) name its types, not the fix.
  if (issue.path.length === 0 && issue.code === "invalid_type" && issue.expected === "object") return "Send the request's fields as a JSON object";
  return issue.message;
}

/**
 * Parse `input` with `schema` or throw a 400 with a clear message: the first problem, and the field
 * it is about; when several fields have one, each field's first (`problems`), so that a form
 * can name them all at once rather than one per save.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw new HttpError(400, describeZodError(result.error), {}, fieldOf(issues[0]?.path ?? []), problemsOf(issues));
}

/** Each field's first problem, when more than one field has one (otherwise the message says it all). */
function problemsOf(issues: readonly z.core.$ZodIssue[]): FieldProblem[] | undefined {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field !== undefined && !byField.has(field)) byField.set(field, issue.message);
  }
  return byField.size > 1 ? [...byField].map(([field, msg]) => ({ field, msg })) : undefined;
}

/** The field an issue is about: its path's names up to the first list index ("contact.email", "expressPincodes"). */
function fieldOf(path: readonly PropertyKey[]): string | undefined {
  const names: string[] = [];
  for (const key of path) {
    if (typeof key !== "string") break;
    names.push(key);
  }
  return names.length > 0 ? names.join(".") : undefined;
}
