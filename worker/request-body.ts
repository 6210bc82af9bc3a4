import { HttpError } from "./errors";

/** A request body's bytes, refusing more than `maxBytes` (declared or actual) without buffering the excess. */
export async function readLimitedBytes(request: Request, maxBytes: number, tooLargeMsg = "The request body is too large"): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, tooLargeMsg);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
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
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/** More than any of the store's page forms sends (the checkout's cart lines included). */
export const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;
type FormOptions = { maxBytes?: number; multipartOnly?: boolean; tooLargeMsg?: string };

/** The one way a form body is read (pages and the multipart API): 415, 413 or 400, never a 500. */
export async function readForm(request: Request, { maxBytes = MAX_FORM_BYTES, multipartOnly = false, tooLargeMsg }: FormOptions = {}): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  const expected = multipartOnly ? "the product as multipart/form-data" : "this form as a web form (application/x-www-form-urlencoded or multipart/form-data)";
  if (!(multipartOnly ? MULTIPART_TYPE : FORM_TYPE).test(type)) throw new HttpError(415, `Send ${expected}`);
  const bytes = await readLimitedBytes(request, maxBytes, tooLargeMsg);
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new HttpError(400, "The form could not be read");
  }
}

/** CSV's media type and the others browsers give a .csv file (Windows: application/vnd.ms-excel). */
const CSV_TYPE = /^(text\/csv|application\/csv|text\/comma-separated-values|application\/vnd\.ms-excel)\b/i;

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, "The file must be UTF-8 text: save it from the spreadsheet as “CSV UTF-8”");
  }
}

export async function readCsvBody(request: Request, maxBytes: number, tooLargeMsg: string): Promise<string> {
  if (!CSV_TYPE.test(request.headers.get("content-type") ?? "")) throw new HttpError(415, "Send the file as text/csv");
  return decodeUtf8(await readLimitedBytes(request, maxBytes, tooLargeMsg));
}

/** A CSV file from a form's file field (a browser sends an empty part without a name when none was chosen). */
export async function readCsvFile(value: FormDataEntryValue | null, maxBytes: number, tooLargeMsg: string): Promise<string> {
  if (value === null || typeof value === "string" || (value.size === 0 && value.name === "")) throw new HttpError(400, "Choose a CSV file to import");
  if (!CSV_TYPE.test(value.type) && !(value.type === "" && /\.csv$/i.test(value.name)))
    throw new HttpError(415, `${value.name} is not a CSV file: choose a .csv file`);
  if (value.size > maxBytes) throw new HttpError(413, tooLargeMsg);
  return decodeUtf8(new Uint8Array(await value.arrayBuffer()));
}
