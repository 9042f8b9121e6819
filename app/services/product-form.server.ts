import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { findCategory } from "~/data/categories";
import { productFormSchema, type ProductFormValues } from "~/components/admin/product-form.schema";
import { createProduct, updateProduct, type ProductInput, type ProductMedia } from "~/models/product-write.server";
import type { Product } from "~/models/product.server";
import { removeUnusedMedia } from "~/models/media-image.server";
import { IMAGE_MAX_BYTES, MAX_IMAGES, VIDEO_MAX_BYTES, sniffVideo, type MediaType } from "~/utils/media";
import { mediaStorage } from "~/utils/media-storage.server";
import { RequestTooLargeError, readMultipartForm } from "~/utils/multipart.server";
import { checkImages, discardImages, processImages, storeImages } from "./images.server";

/**
 * The add / edit product form from request to database: read the multipart body with limits,
 * validate the fields (the form's own schema) and the files' real types, then store the files,
 * then write the row. Images are checked from their headers with the rest of the form, processed
 * (upright, metadata stripped, resized, AVIF/WebP/JPEG: images.server.ts) once all is valid, and
 * stored only then; everything stored is removed again if the database write fails, so nothing is
 * left half-done. On edit, images are replaced only when new ones are sent (and the old files go).
 */
const E = "admin.product.errors";

export type ProductFormResult = { ok: true; id: string } | { ok: false; status: number; reply: SubmissionResult<string[]> };

const fileLimits = {
  images: { maxBytes: IMAGE_MAX_BYTES, maxCount: MAX_IMAGES },
  video: { maxBytes: VIDEO_MAX_BYTES, maxCount: 1 },
};

export function toProductInput(values: ProductFormValues): ProductInput {
  return {
    name: values.name,
    nameDE: values.nameDE,
    nameFr: values.nameFr,
    nameAr: values.nameAr,
    description: values.description,
    descriptionDE: values.descriptionDE,
    descriptionFr: values.descriptionFr,
    descriptionAr: values.descriptionAr,
    // Prices default to 0 when empty; sale prices are kept only when filled.
    price: values.price ?? 0,
    priceEUR: values.priceEUR ?? 0,
    priceCHF: values.priceCHF ?? 0,
    salePrice: values.salePrice ?? null,
    salePriceEUR: values.salePriceEUR ?? null,
    salePriceCHF: values.salePriceCHF ?? null,
    stock: values.stock,
    category: findCategory(values.category)?.slug ?? values.category,
    featured: values.featured,
    inStock: values.inStock,
    tags: values.tags,
    manufacturerName: values.manufacturerName,
    manufacturerAddress: values.manufacturerAddress,
    manufacturerEmail: values.manufacturerEmail,
    responsiblePerson: values.responsiblePerson,
    gtin: values.gtin,
    safetyInfo: values.safetyInfo,
    safetyInfoDE: values.safetyInfoDE,
    safetyInfoFr: values.safetyInfoFr,
    safetyInfoAr: values.safetyInfoAr,
  };
}

export async function submitProductForm(request: Request, existing?: Product): Promise<ProductFormResult> {
  let parsed;
  try {
    parsed = await readMultipartForm(request, fileLimits);
  } catch (error) {
    if (error instanceof RequestTooLargeError) return { ok: false, status: 413, reply: { status: "error", error: { "": [`${E}.requestTooLarge`] } } };
    if (error instanceof TypeError) return { ok: false, status: 400, reply: { status: "error", error: { "": [`${E}.badRequest`] } } };
    throw error;
  }
  const submission = parseWithZod(parsed.fields, { schema: productFormSchema });
  const fieldErrors: Record<string, string[]> = {};
  const images = (parsed.files.images ?? []).map((file) => file.bytes);
  let video: { bytes: Uint8Array; type: MediaType } | undefined;

  const imageProblem = parsed.problems.images;
  if (imageProblem) fieldErrors.images = [`${E}.image${imageProblem === "tooLarge" ? "TooLarge" : imageProblem === "tooMany" ? "TooMany" : "Type"}`];
  const refusal = imageProblem ? null : await checkImages(images);
  if (refusal) fieldErrors.images = [`${E}.${refusal}`];
  const videoProblem = parsed.problems.video;
  if (videoProblem) fieldErrors.video = [`${E}.video${videoProblem === "tooLarge" ? "TooLarge" : "Type"}`];
  const videoFile = parsed.files.video?.[0];
  if (videoFile) {
    const type = sniffVideo(videoFile.bytes);
    if (!type) fieldErrors.video = [`${E}.videoType`];
    else video = { bytes: videoFile.bytes, type };
  }
  for (const [name, problem] of Object.entries(parsed.problems)) {
    if (name !== "images" && name !== "video" && problem === "unexpected") fieldErrors[""] = [`${E}.badRequest`];
  }
  // A new product needs a main image; an edited one keeps its images unless new ones are sent.
  const missingImage = !existing && images.length === 0 && !fieldErrors.images;
  if (missingImage) fieldErrors.images = [`${E}.imageRequired`];
  // A sale price is a reduction: below the regular price of its currency.
  if (submission.status === "success") {
    const v = submission.value;
    for (const [sale, regular] of [["salePrice", v.price], ["salePriceEUR", v.priceEUR], ["salePriceCHF", v.priceCHF]] as const) {
      const cents = v[sale];
      if (cents !== undefined && cents !== null && cents >= (regular ?? 0)) fieldErrors[sale] = [`${E}.saleNotBelow`];
    }
  }

  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    const errors = submission.status === "success" ? {} : (submission.error ?? {});
    const missingRequired =
      missingImage || ["name", "nameAr", "category"].some((field) => errors[field]?.some((m) => m.endsWith("Required")));
    const formErrors = missingRequired ? [`${E}.requiredFields`] : [`${E}.checkFields`];
    return { ok: false, status: 400, reply: submission.reply({ formErrors, fieldErrors }) };
  }
  const values = submission.value;
  const input = toProductInput(values);

  // A file whose header passed can still fail to decode (cut off): the form's error, nothing stored.
  const processed = await processImages(images);
  if (!processed.ok) {
    return { ok: false, status: 400, reply: submission.reply({ formErrors: [`${E}.checkFields`], fieldErrors: { images: [`${E}.${processed.reason}`] } }) };
  }
  const storage = mediaStorage();
  const imageUrls = await storeImages(processed.images);
  let videoUrl: string | undefined;
  try {
    videoUrl = video ? (await storage.store([video]))[0] : undefined;
  } catch (error) {
    await discardImages(imageUrls);
    throw error;
  }
  const urls = [...imageUrls, ...(videoUrl ? [videoUrl] : [])];
  try {
    if (!existing) {
      const id = await createProduct(input, {
        image: imageUrls[0]!,
        images: imageUrls,
        additionalImages: imageUrls.slice(1),
        videoUrl: videoUrl ?? null,
      });
      return { ok: true, id };
    }
    const media: Partial<ProductMedia> = {};
    if (imageUrls.length > 0) {
      media.images = imageUrls;
      media.image = imageUrls[0];
      media.additionalImages = imageUrls.slice(1);
    }
    if (videoUrl) media.videoUrl = videoUrl;
    else if (values.removeVideo) media.videoUrl = null;
    const result = await updateProduct(existing.id, input, media);
    if (!result) {
      await removeUnusedMedia(urls);
      return { ok: false, status: 404, reply: submission.reply({ formErrors: [`${E}.notFound`] }) };
    }
    await removeUnusedMedia(result.replaced);
    return { ok: true, id: existing.id };
  } catch (error) {
    await removeUnusedMedia(urls);
    throw error;
  }
}
