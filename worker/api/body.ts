import type { Context } from "hono";
import { HttpError } from "@worker/errors";
import { readLimitedBytes } from "@worker/request-body";

export const DEFAULT_JSON_LIMIT = 16 * 1024;

/**
 * Read a JSON request body safely: the right content type (415), a bounded size checked before
 * and while reading (413), and valid JSON (400). Validation of the shape is the caller's zod schema.
 */
export async function readJson(c: Context, maxBytes = DEFAULT_JSON_LIMIT): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, "Send the request body as application/json");
  }
  const text = await readText(c.req.raw, maxBytes);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON");
  }
}

/** The body as text, refusing more than `maxBytes`. */
export async function readText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readLimitedBytes(request, maxBytes));
}
