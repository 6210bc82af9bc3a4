/**
 * Product image uploads: at most 4 files of at most 2 MB, JPEG, PNG, WebP or AVIF recognised by
 * their bytes (never by name or declared type; SVG and anything else are refused). Each gets a new
 * server-chosen R2 key, so URLs can be cached forever.
 */
import { HttpError } from "@worker/errors";
import { readForm } from "@worker/request-body";

export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The whole multipart body: four full images plus the form fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + 64 * 1024;

export type ImageUpload = { bytes: Uint8Array; contentType: string; extension: string };

export function detectImageType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: "image/jpeg", extension: "jpg" };
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return { contentType: "image/png", extension: "png" };
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return { contentType: "image/webp", extension: "webp" };
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return { contentType: "image/avif", extension: "avif" };
  return null;
}

/** Check the files of a form; nothing is stored yet. */
export async function readImageUploads(files: FormDataEntryValue[], { required }: { required: boolean }): Promise<ImageUpload[]> {
  const real = files.filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (files.some((f) => typeof f === "string" && f !== "")) throw new HttpError(400, "Images must be files");
  if (required && real.length === 0) throw new HttpError(400, "Add at least one product image");
  if (real.length > MAX_IMAGES) throw new HttpError(400, `Add at most ${MAX_IMAGES} images`);
  const uploads: ImageUpload[] = [];
  for (const file of real) {
    if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, `Each image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectImageType(bytes);
    if (!type) throw new HttpError(400, "Images must be JPEG, PNG, WebP or AVIF files");
    uploads.push({ bytes, ...type });
  }
  return uploads;
}

/** Store all uploads under new keys, or none: if one fails, the ones already stored are removed. */
export async function storeImages(bucket: R2Bucket, uploads: ImageUpload[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const upload of uploads) {
      const key = `products/${crypto.randomUUID()}.${upload.extension}`;
      await bucket.put(key, upload.bytes, { httpMetadata: { contentType: upload.contentType } });
      keys.push(key);
    }
    return keys;
  } catch (error) {
    await deleteImages(bucket, keys);
    console.error("Storing product images failed", error);
    throw new HttpError(503, "Could not store the images. Please try again.");
  }
}

export async function deleteImages(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length > 0) await bucket.delete(keys).catch((error) => console.error("Could not delete images", keys, error));
}

/** Read a multipart body without ever holding more than `maxBytes` of it (the product forms and the API). */
export function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData> {
  return readForm(request, { maxBytes, multipartOnly: true, tooLargeMsg: "The upload is too large" });
}
