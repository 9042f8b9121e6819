import { z } from "zod";
import { categorySlugs } from "~/data/categories";
import { MAX_MONEY_CENTS, MAX_STOCK, MAX_TAGS, MAX_TAG_LENGTH } from "~/models/product-limits";
import { isValidGtin } from "~/utils/gtin";
import { maxChars, plainText } from "~/utils/text";

/**
 * The add / edit product form's fields and their rules (field names are a contract: docs/CONTRACTS.md). Browser-
 * safe: the form takes its types from here, the server validates with it. Error messages are
 * catalogue keys, translated where they are shown (components/field.tsx).
 */
const E = "admin.product.errors";

export type MoneyParse = { ok: true; cents: number | undefined } | { ok: false; error: string };

/**
 * A money field: empty → undefined; otherwise a decimal with at most two places (a comma is read
 * as the decimal point), 0 … 99 999 999.99, as integer cents. Negative, non-finite (1e400) and
 * too large values get their own message (catalogue keys).
 */
export function parseMoneyInput(value: string | undefined | null): MoneyParse {
  const text = (value ?? "").trim().replace(",", ".");
  if (text === "") return { ok: true, cents: undefined };
  if (/^-/.test(text)) return { ok: false, error: `${E}.negative` };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, error: `${E}.${/^(\d+\.?\d*|\.\d+)e[+-]?\d+$|^\+?inf(inity)?$/i.test(text) ? "tooLarge" : "money"}` };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  if (whole.length > 8) return { ok: false, error: `${E}.tooLarge` };
  const cents = Number(whole) * 100 + Number(((match[2] ?? "") + "00").slice(0, 2));
  if (cents > MAX_MONEY_CENTS) return { ok: false, error: `${E}.tooLarge` };
  return { ok: true, cents };
}

function money() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseMoneyInput(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.cents;
    });
}

// (No .pipe() here: Conform would read the piped z.string() as "empty means missing".)
// Names are one line; descriptions (textareas) may hold line breaks and tabs.
const text = (max: number, options: { multiline?: boolean } = {}) =>
  plainText(
    z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .refine(maxChars(max), `${E}.${options.multiline ? "descriptionTooLong" : "nameTooLong"}`),
    options,
  );

const requiredText = (max: number, requiredKey: string) =>
  plainText(
    z
      .string({ required_error: `${E}.${requiredKey}` })
      .transform((value) => value.trim())
      .superRefine((value, ctx) => {
        if (value.length === 0) ctx.addIssue({ code: "custom", message: `${E}.${requiredKey}` });
        else if (!maxChars(max)(value)) ctx.addIssue({ code: "custom", message: `${E}.nameTooLong` });
      }),
  );

/** Without JavaScript one text field split on commas; with it, one field per chip. Trimmed, no duplicates. */
export function parseTags(value: string | ReadonlyArray<string | undefined> | undefined): string[] {
  const raw = (typeof value === "string" || value === undefined ? [value ?? ""] : value).flatMap((item) => (item ?? "").split(","));
  const tags: string[] = [];
  for (const tag of raw) {
    const clean = tag.replace(/[\p{Cc}]/gu, " ").trim();
    if (clean && !tags.some((t) => t.toLowerCase() === clean.toLowerCase())) tags.push(clean);
  }
  return tags;
}

/** A checked optional text with its own too-long message (product safety fields). */
const limitedText = (max: number, tooLongKey: string, options: { multiline?: boolean } = {}) =>
  plainText(
    z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .refine(maxChars(max), `${E}.${tooLongKey}`),
    options,
  );

/** An e-mail address as the manufacturer's electronic address: empty, or one address. */
const EMAIL = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:]{2,}$/u;

export const productFormSchema = z.object({
  name: requiredText(200, "nameRequired"),
  nameDE: text(200),
  nameFr: text(200),
  nameAr: requiredText(200, "nameArRequired"),
  description: text(5000, { multiline: true }),
  descriptionDE: text(5000, { multiline: true }),
  descriptionFr: text(5000, { multiline: true }),
  descriptionAr: text(5000, { multiline: true }),
  price: money(),
  priceEUR: money(),
  priceCHF: money(),
  // A reduced price (a sale) per currency, below the regular price; empty: not reduced.
  salePrice: money(),
  salePriceEUR: money(),
  salePriceCHF: money(),
  stock: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? "").trim();
      if (text === "") return undefined;
      if (!/^-?\d+$/.test(text)) {
        ctx.addIssue({ code: "custom", message: `${E}.stock` });
        return z.NEVER;
      }
      const stock = Number(text);
      if (stock < 0 || stock > MAX_STOCK) {
        ctx.addIssue({ code: "custom", message: `${E}.stock` });
        return z.NEVER;
      }
      return stock;
    }),
  category: z
    .string({ required_error: `${E}.categoryRequired` })
    .refine((value) => categorySlugs.includes(value), `${E}.category`),
  featured: z.boolean().optional().default(false),
  inStock: z.boolean().optional().default(false),
  tags: plainText(
    z
      .union([z.string(), z.array(z.string().optional())])
      .optional()
      .transform((value) => parseTags(value))
      .refine((tags) => tags.length <= MAX_TAGS && tags.every(maxChars(MAX_TAG_LENGTH)), `${E}.tags`),
  ),
  removeVideo: z.boolean().optional().default(false),
  // Product safety (GPSR, EU 2023/988 Art. 19).
  manufacturerName: limitedText(200, "nameTooLong"),
  manufacturerAddress: limitedText(500, "addressTooLong", { multiline: true }),
  manufacturerEmail: limitedText(254, "manufacturerEmail").refine((value) => value === "" || EMAIL.test(value), `${E}.manufacturerEmail`),
  responsiblePerson: limitedText(500, "addressTooLong", { multiline: true }),
  // GTIN-8/12/13/14 with a valid GS1 check digit; spaces and hyphens as printed under a barcode are dropped.
  gtin: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const compact = (value ?? "").replace(/[\s-]/g, "");
      if (compact === "") return null;
      if (!isValidGtin(compact)) {
        ctx.addIssue({ code: "custom", message: `${E}.gtin` });
        return z.NEVER;
      }
      return compact;
    }),
  safetyInfo: text(5000, { multiline: true }),
  safetyInfoDE: text(5000, { multiline: true }),
  safetyInfoFr: text(5000, { multiline: true }),
  safetyInfoAr: text(5000, { multiline: true }),
});

/** The checked values (money in cents, stock a number, tags a list). */
export type ProductFormValues = z.output<typeof productFormSchema>;
/** What the form holds and is prefilled with (texts as typed). */
export type ProductFormDefaults = z.input<typeof productFormSchema>;
