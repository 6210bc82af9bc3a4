// A product's pictures as the Add/Edit form's slots ask for them (worker/web/seller-forms.ts →
// readImageChoices in worker/storage/uploads.ts): kept, reordered, replaced, removed, never fewer
// than one, never another product's. Real local D1 and R2.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@worker/db/client";
import { products } from "@worker/db/schema";
import { createProduct, updateProduct } from "@worker/services/product-admin";
import { MAX_IMAGE_BYTES } from "@worker/storage/uploads";
import { makeWorkerContext } from "@worker/web/context";
import { saveProductForm } from "@worker/web/seller-forms";
import { insertProduct } from "../support/builders";
import { ORIGIN } from "../support/http";
import { PNG, VALID_PRODUCT, WEBP } from "../support/seller";

const store = () => ({ db: getDb(env), env });
const file = (bytes: Uint8Array, name = "new.png", type = "image/png") => ({ file: new File([bytes.slice()], name, { type }) });

async function imagesOf(id: string) {
  return (await getDb(env).query.products.findFirst({ where: eq(products.id, id) }))!.images;
}

async function storedKeys() {
  return (await env.IMAGES.list()).objects.map((o) => o.key);
}

describe("a product's pictures, slot by slot", () => {
  it("keeps pictures in the new order and puts a new file where it was chosen", async () => {
    const product = await insertProduct({ images: ["products/a.webp", "products/b.webp", "products/c.webp"] });
    const saved = await updateProduct(store(), product.id, VALID_PRODUCT, [{ keep: "products/c.webp" }, file(PNG), { keep: "products/a.webp" }]);
    expect(saved.images).toHaveLength(3);
    expect(saved.images[0]).toBe("products/c.webp");
    expect(saved.images[1]).toMatch(/^products\/[0-9a-f-]{36}\.png$/);
    expect(saved.images[2]).toBe("products/a.webp");
    expect(await storedKeys()).toEqual([saved.images[1]]);
  });

  it("a new product takes its files in the order of the slots", async () => {
    const created = await createProduct(store(), VALID_PRODUCT, [file(WEBP, "w.webp", "image/webp"), file(PNG)]);
    expect(created.images.map((key) => key.split(".").pop())).toEqual(["webp", "png"]);
  });

  it("refuses to leave a product without a picture, or with another product's, or one twice; nothing changes", async () => {
    const product = await insertProduct({ images: ["products/mine.webp"] });
    const cases: [Parameters<typeof updateProduct>[3], number, RegExp][] = [
      [[], 400, /Add at least one product image/],
      [[{ keep: "products/someone-elses.webp" }], 400, /not one of this product's/],
      [[{ keep: "products/mine.webp" }, { keep: "products/mine.webp" }], 400, /used once/],
      [Array.from({ length: 5 }, () => file(PNG)), 400, /at most 4 images/],
      [[file(new TextEncoder().encode("<svg onload=alert(1)>"), "x.png")], 400, /JPEG, PNG, WebP or AVIF/],
      [[file(new Uint8Array(MAX_IMAGE_BYTES + 1))], 413, /at most 2 MB/],
      [[{ file: "not a file" }], 400, /must be files/],
    ];
    for (const [images, status, message] of cases) {
      await expect(updateProduct(store(), product.id, VALID_PRODUCT, images), message.source).rejects.toMatchObject({ status, message: expect.stringMatching(message) });
    }
    expect(await imagesOf(product.id)).toEqual(["products/mine.webp"]);
    expect(await storedKeys()).toEqual([]);
  });
});

/** The Add/Edit form as a browser posts it: the product's fields and the slots' fields. */
function formPost(slots: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID_PRODUCT, price: "40", offerPrice: "35", ...slots })) form.set(name, value);
  return new Request(`${ORIGIN}/seller/products/x/edit`, { method: "POST", body: form });
}

describe("the product form's picture slots (worker/web/seller-forms.ts)", () => {
  const worker = () => makeWorkerContext(env, createExecutionContext());
  const emptyFile = () => new File([], "", { type: "application/octet-stream" });

  it("reads slot by slot: a new file replaces the slot's picture, a removed slot is skipped, empty file inputs are ignored", async () => {
    const product = await insertProduct({ images: ["products/a.webp", "products/b.webp", "products/c.webp"] });
    const saved = await saveProductForm(
      formPost({
        keep0: "products/c.webp",
        image0: emptyFile(),
        keep1: "products/a.webp",
        image1: new File([PNG.slice()], "new.png", { type: "image/png" }),
        keep2: "products/b.webp",
        remove2: "1",
        image3: emptyFile(),
      }),
      worker(),
      product.id,
    );
    expect(saved.images[0]).toBe("products/c.webp");
    expect(saved.images[1]).toMatch(/^products\/[0-9a-f-]{36}\.png$/);
    expect(saved.images).toHaveLength(2);
  });

  it("every slot removed is refused; a post without any slot field keeps the pictures", async () => {
    const product = await insertProduct({ images: ["products/a.webp"] });
    await expect(saveProductForm(formPost({ keep0: "products/a.webp", remove0: "1" }), worker(), product.id)).rejects.toMatchObject({ status: 400, message: "Add at least one product image" });
    const kept = await saveProductForm(formPost({ name: "Renamed Basil" }), worker(), product.id);
    expect(kept).toMatchObject({ name: "Renamed Basil", images: ["products/a.webp"] });
    // Adding needs a picture either way.
    await expect(saveProductForm(formPost({}), worker())).rejects.toMatchObject({ status: 400, message: "Add at least one product image" });
  });
});
