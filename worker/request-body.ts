import { HttpError } from "./errors";

/** A request body's bytes, refusing more than `maxBytes` (declared or actual) without buffering the excess. */
export async function readLimitedBytes(
  request: Request,
  maxBytes: number,
  tooLargeMsg = "The request body is too large",
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, tooLargeMsg);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, tooLargeMsg);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** More than any of the store's page forms sends (the checkout's cart lines included). */
export const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

/**
 * The one way a form body is read, by every page action and the multipart API: a form content type
 * (else 415), at most `maxBytes` (413), a body that parses as that type (400). An HttpError, so a
 * page action shows it as its message with that status, and the API answers it as JSON: a body
 * that is not a form is refused, never a 500.
 */
export async function readForm(
  request: Request,
  { maxBytes = MAX_FORM_BYTES, multipartOnly = false, tooLargeMsg }: { maxBytes?: number; multipartOnly?: boolean; tooLargeMsg?: string } = {},
): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!(multipartOnly ? MULTIPART_TYPE : FORM_TYPE).test(type)) {
    throw new HttpError(415, multipartOnly ? "Send the product as multipart/form-data" : "Send this form as a web form (application/x-www-form-urlencoded or multipart/form-data)");
  }
  const bytes = await readLimitedBytes(request, maxBytes, tooLargeMsg);
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new HttpError(400, "The form could not be read");
  }
}
