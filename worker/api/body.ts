import type { Context } from "hono";
import { HttpError } from "@worker/errors";
import { readLimitedBytes } from "@worker/request-body";

export const DEFAULT_JSON_LIMIT = 16 * 1024;

/** A JSON body: 415 for another type, 413 over `maxBytes`, 400 if not JSON; its shape is the caller's schema's. */
export async function readJson(c: Context, maxBytes = DEFAULT_JSON_LIMIT): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, "Send the request body as application/json");
  const text = await readText(c.req.raw, maxBytes);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON");
  }
}

export const readText = async (request: Request, maxBytes: number): Promise<string> => new TextDecoder().decode(await readLimitedBytes(request, maxBytes));
