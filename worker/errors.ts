import { z } from "zod";

export type FieldProblem = { field: string; msg: string };

/** The server's one error type: the API answers it as `{ success: false, msg }`, page actions show it by the form. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 502 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
    /** Each field's problem when several fields have one (`message` and `field` are the first). */
    readonly problems?: readonly FieldProblem[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const notFound = (msg = "Not found") => new HttpError(404, msg);
/** Refused, not read as page 1: a client that mangled it would loop on page 1 forever (pages: `loadListing`). */
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

/** Parse `input` or throw a 400 naming the first problem and its field, and each field's first (`problems`). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw new HttpError(400, describeZodError(result.error), {}, fieldOf(issues[0]?.path ?? []), problemsOf(issues));
}

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
  const end = path.findIndex((key) => typeof key !== "string");
  const names = end === -1 ? path : path.slice(0, end);
  return names.length > 0 ? names.join(".") : undefined;
}
