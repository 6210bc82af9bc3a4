import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN, call, freshIp, postJson } from "./http";
import { cookiesFrom } from "./shoppers";

export async function sellerLogin(): Promise<string> {
  const response = await postJson("/api/seller/login", { email: env.SELLER_EMAIL, password: env.SELLER_PASSWORD }, freshIp());
  expect(response.status).toBe(200);
  return cookiesFrom(response);
}

// Tiny but real image headers: detection is by magic bytes.
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
export const WEBP = new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WEBPVP8 ");

export const VALID_PRODUCT = {
  name: "Fresh Basil 100g",
  description: "Fragrant\nGreat for pesto",
  category: "Vegetables",
  price: 40,
  offerPrice: 35,
  weight: "100 g",
};

export function productForm(
  productData: unknown,
  files: { name: string; type: string; bytes: Uint8Array }[] = [{ name: "a.png", type: "image/png", bytes: PNG }],
) {
  const form = new FormData();
  form.set("productData", typeof productData === "string" ? productData : JSON.stringify(productData));
  for (const file of files) form.append("images", new File([file.bytes.slice()], file.name, { type: file.type }));
  return form;
}

export function postForm(path: string, form: FormData, headers: Record<string, string> = {}) {
  return call(path, { method: "POST", body: form, headers: { Origin: ORIGIN, ...headers } });
}
