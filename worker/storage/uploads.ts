// Product images, recognised by their bytes (never by name or declared type), each under a new R2 key.
import { HttpError } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGES } from "@shared/product-images";

export { MAX_IMAGE_BYTES, MAX_IMAGES };
const MAX_UPLOAD_BODY_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + 64 * 1024;

export type ImageUpload = { bytes: Uint8Array; contentType: string; extension: string };

export function detectImageType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: "image/jpeg", extension: "jpg" };
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return { contentType: "image/png", extension: "png" };
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { contentType: "image/webp", extension: "webp" };
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return { contentType: "image/avif", extension: "avif" };
  return null;
}

/** A picture the product has (its R2 key), or a new file with the form slot a refusal names. */
export type ImageChoice = { keep: string } | { file: FormDataEntryValue; slot?: number };

/** An untouched file input sends an empty part. */
export const isChosenFile = (value: FormDataEntryValue | null): value is File => value !== null && typeof value !== "string" && value.size > 0;

export function fileChoices(values: FormDataEntryValue[]): ImageChoice[] {
  if (values.some((v) => typeof v === "string" && v !== "")) throw new HttpError(400, "Images must be files");
  return values.filter(isChosenFile).map((file) => ({ file }));
}

/** Checks the choices and reads the new files, storing nothing; a kept key must be one of the product's own. */
export async function readImageChoices(current: readonly string[], choices: ImageChoice[]): Promise<(string | ImageUpload)[]> {
  if (choices.some((c) => "file" in c && !isChosenFile(c.file))) throw new HttpError(400, "Images must be files");
  if (choices.length === 0) throw new HttpError(400, IMAGE_MESSAGES.required);
  if (choices.length > MAX_IMAGES) throw new HttpError(400, IMAGE_MESSAGES.tooMany);
  const kept = choices.flatMap((c) => ("keep" in c ? [c.keep] : []));
  if (kept.some((key) => !current.includes(key))) throw new HttpError(400, "A kept picture is not one of this product's");
  if (new Set(kept).size !== kept.length) throw new HttpError(400, "Each picture can be used once");
  const read: (string | ImageUpload)[] = [];
  for (const [i, choice] of choices.entries()) read.push("keep" in choice ? choice.keep : await readUpload(choice.file as File, choice.slot ?? i + 1));
  return read;
}

/** A refusal names its slot and file, and is about the slot's field (`image<i>` for slot i + 1). */
async function readUpload(file: File, slot: number): Promise<ImageUpload> {
  const refuse = (status: 400 | 413, message: string) =>
    new HttpError(status, `Image ${slot} (${file.name.slice(0, 80) || "no name"}): ${message}`, {}, `image${slot - 1}`);
  if (file.size > MAX_IMAGE_BYTES) throw refuse(413, IMAGE_MESSAGES.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) throw refuse(400, IMAGE_MESSAGES.type);
  return { bytes, ...type };
}

/** The product's keys in order, and those just stored (to remove if the row cannot be written); all or none are stored. */
export async function storeImageChoices(bucket: R2Bucket, read: (string | ImageUpload)[]): Promise<{ keys: string[]; stored: string[] }> {
  const stored: string[] = [];
  try {
    for (const upload of read) {
      if (typeof upload === "string") continue;
      const key = `products/${crypto.randomUUID()}.${upload.extension}`;
      await bucket.put(key, upload.bytes, { httpMetadata: { contentType: upload.contentType } });
      stored.push(key);
    }
  } catch (error) {
    await deleteImages(bucket, stored);
    console.error("Storing product images failed", error);
    throw new HttpError(503, "Could not store the images. Please try again.");
  }
  let next = 0;
  return { keys: read.map((r) => (typeof r === "string" ? r : stored[next++]!)), stored };
}

export async function deleteImages(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length > 0) await bucket.delete(keys).catch((error) => console.error("Could not delete images", keys, error));
}

export const readUploadForm = (request: Request): Promise<FormData> =>
  readForm(request, { maxBytes: MAX_UPLOAD_BODY_BYTES, multipartOnly: true, tooLargeMsg: "The upload is too large" });
