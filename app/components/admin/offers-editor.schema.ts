import { z } from "zod";
import { MAX_OFFERS } from "~/models/offer-limits";
import { isShopImagePath } from "~/utils/media";
import { maxChars, plainText } from "~/utils/text";

/**
 * The offers editor's fields and rules (browser-safe: the editor validates with it as the admin
 * types, the server again). Texts with control characters are refused. The German title, subtitle
 * and time left are the fallback of the other languages (titleEn, …). An offer has no price of its
 * own: it shows its linked product's (docs/CONTRACTS.md). What only the server can check (a linked product exists, an uploaded file really is
 * an image, an offer has some image) is added by the /admin/offers action. Messages are catalogue keys.
 */
const E = "admin.offers.errors";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const clean = (text: string | undefined) => (text ?? "").trim();

const optionalText = (max: number) =>
  plainText(
    z
      .string()
      .optional()
      .transform(clean)
      .refine(maxChars(max), `${E}.tooLong`),
  );

/**
 * The shape of an offer's image address: one of the shop's own paths ("/images/x.svg",
 * "/uploads/…"), or an http(s) address, which the /admin/offers action accepts only from the shop's
 * media host (its Supabase Storage: isShopMediaUrl). No scripts, no data:, no //host, no spaces.
 */
export function isValidImageUrl(url: string): boolean {
  if (url.length > 500 || /[\s\p{Cc}"'<>\\]/u.test(url)) return false;
  if (url.startsWith("/")) return isShopImagePath(url);
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}

export const offerSchema = z.object({
  title: plainText(
    z
      .string({ required_error: `${E}.titleRequired` })
      .transform(clean)
      .superRefine((title, ctx) => {
        if (!title) ctx.addIssue({ code: "custom", message: `${E}.titleRequired` });
        else if (!maxChars(200)(title)) ctx.addIssue({ code: "custom", message: `${E}.tooLong` });
      }),
  ),
  titleEn: optionalText(200),
  titleFr: optionalText(200),
  titleAr: optionalText(200),
  subtitle: optionalText(500),
  subtitleEn: optionalText(500),
  subtitleFr: optionalText(500),
  subtitleAr: optionalText(500),
  image: z
    .string()
    .optional()
    .transform((url) => (url ?? "").trim())
    .refine((url) => url === "" || isValidImageUrl(url), `${E}.imageUrl`),
  timeLeft: optionalText(100),
  timeLeftEn: optionalText(100),
  timeLeftFr: optionalText(100),
  timeLeftAr: optionalText(100),
  featured: z.boolean().optional().default(false),
  productId: z
    .string()
    .optional()
    .transform((id) => (id ?? "").trim().toLowerCase())
    .refine((id) => id === "" || UUID.test(id), `${E}.product`),
});

export const offersFormSchema = z.object({
  title: optionalText(200),
  subtitle: optionalText(500),
  offers: z.array(offerSchema).max(MAX_OFFERS, `${E}.tooMany`).optional().default([]),
});

/** What the editor holds and is prefilled with (texts as typed). */
export type OffersFormDefaults = z.input<typeof offersFormSchema>;
export type OfferDefaults = z.input<typeof offerSchema>;
/** The checked values. */
export type OffersFormValues = z.output<typeof offersFormSchema>;
