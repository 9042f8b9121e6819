import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { requireSameOrigin } from "~/utils/csrf.server";
import { flashToast } from "~/utils/session.server";
import { getOfferSection, saveOfferSection, type OfferInput } from "~/models/offer.server";
import { getProductsByIds, isUuid } from "~/models/product.server";
import { parseMoneyInput } from "~/models/product-admin.server";
import {
  IMAGE_MAX_BYTES,
  RequestTooLargeError,
  readMultipartForm,
  removeMedia,
  sniffImage,
  storeMedia,
  type MediaType,
} from "~/utils/uploads.server";
import { AdminErrorBoundary, AdminPage, adminPageMeta } from "~/components/admin/admin-ui";
import { MAX_OFFERS, OffersEditor, draftFromSection, newOfferDraft, type OfferDraft, type OffersDraft, type OffersEditorResult } from "~/components/admin/offers-editor";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.offers.editorTitle"), description: t("admin.meta.description") }));

/**
 * The editor lives on the home page (?editOffers=1); this page shows it on its own, and is what
 * a post without JavaScript (add, remove, errors) answers with, so its loader must not redirect.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { section: await getOfferSection() };
}

const OFFER_FIELD = /^offers\[(\d{1,3})\]\.(title|subtitle|image|originalPrice|salePrice|discount|timeLeft|featured|productId)$/;
const OFFER_FILE = /^offers\[(\d{1,3})\]\.imageFile$/;
const E = "admin.offers.errors";

function readDraft(fields: FormData): OffersDraft {
  const rows = new Map<number, Partial<Record<string, string>>>();
  for (const [name, value] of fields.entries()) {
    const match = OFFER_FIELD.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2]!] = value;
    rows.set(index, row);
  }
  const indices = Array.from(rows.keys()).sort((a, b) => a - b);
  return {
    title: String(fields.get("title") ?? ""),
    subtitle: String(fields.get("subtitle") ?? ""),
    offers: indices.map((index): OfferDraft => {
      const row = rows.get(index)!;
      return {
        key: `row-${index}`,
        title: row.title ?? "",
        subtitle: row.subtitle ?? "",
        image: row.image ?? "",
        originalPrice: row.originalPrice ?? "",
        salePrice: row.salePrice ?? "",
        discount: row.discount ?? "",
        timeLeft: row.timeLeft ?? "",
        featured: row.featured === "on",
        productId: (row.productId ?? "").trim(),
      };
    }),
  };
}

/** A same-site path ("/images/x.svg", "/uploads/…") or an http(s) address; no scripts, no spaces. */
function validImageUrl(url: string): boolean {
  if (url.length > 500 || /[\s"'<>\\]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}

const clean = (text: string) => text.replace(/[\p{Cc}]/gu, " ").trim();

/**
 * Saves the offers section (title, subtitle, offers) for admins. "add" and "remove:N" (the
 * buttons without JavaScript) answer with the changed form and save nothing. Saving validates
 * everything first (no negative prices, discount 0–100, a linked product must exist, a real
 * image), then writes the uploaded images, then the database; files of a failed save are removed.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAdmin(request);
  const t = getTranslator(await getLocale(request));
  let parsed;
  try {
    parsed = await readMultipartForm(request, (field) => (OFFER_FILE.test(field) ? { maxBytes: IMAGE_MAX_BYTES, maxCount: 1 } : undefined));
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw new Response(t(`${E}.tooLarge`), { status: 413 });
    if (error instanceof TypeError) throw new Response(t("admin.errors.badRequest"), { status: 400 });
    throw error;
  }
  const draft = readDraft(parsed.fields);
  const intent = String(parsed.fields.get("intent") ?? "save");
  const answer = (result: OffersEditorResult, status = 200) => data(result, { status });

  if (intent === "add") {
    if (draft.offers.length < MAX_OFFERS) draft.offers.push(newOfferDraft(t, `row-new-${draft.offers.length}`));
    return answer({ draft, errors: {} });
  }
  const removeMatch = /^remove:(\d{1,3})$/.exec(intent);
  if (removeMatch) {
    draft.offers.splice(Number(removeMatch[1]), 1);
    draft.offers = draft.offers.map((offer, index) => ({ ...offer, key: `row-${index}` }));
    return answer({ draft, errors: {} });
  }
  if (intent !== "save") throw new Response(t("admin.errors.unknownIntent"), { status: 400 });

  const errors: Record<string, string> = {};
  if (draft.offers.length > MAX_OFFERS) errors[""] = `${E}.tooMany`;
  const sectionTitle = clean(draft.title);
  const sectionSubtitle = clean(draft.subtitle);
  if (sectionTitle.length > 200) errors.title = `${E}.tooLong`;
  if (sectionSubtitle.length > 500) errors.subtitle = `${E}.tooLong`;

  const linkedIds = draft.offers.map((offer) => offer.productId).filter(isUuid);
  const products = await getProductsByIds(linkedIds);
  const offers: Array<OfferInput & { upload?: { bytes: Uint8Array; type: MediaType } }> = [];
  // Files are posted under the index they had in the form; readDraft keeps that order.
  const indices = Array.from(parsed.fields.keys())
    .map((name) => OFFER_FIELD.exec(name)?.[1])
    .filter((index): index is string => index !== undefined)
    .filter((index, position, all) => all.indexOf(index) === position)
    .map(Number)
    .sort((a, b) => a - b);

  draft.offers.forEach((offer, position) => {
    const p = `offers[${position}]`;
    const formIndex = indices[position] ?? position;
    const title = clean(offer.title);
    if (!title) errors[`${p}.title`] = `${E}.titleRequired`;
    else if (title.length > 200) errors[`${p}.title`] = `${E}.tooLong`;
    const subtitle = clean(offer.subtitle);
    if (subtitle.length > 500) errors[`${p}.subtitle`] = `${E}.tooLong`;
    const original = parseMoneyInput(offer.originalPrice);
    const sale = parseMoneyInput(offer.salePrice);
    if (!original.ok) errors[`${p}.originalPrice`] = original.error;
    else if (original.cents === undefined) errors[`${p}.originalPrice`] = `${E}.priceRequired`;
    if (!sale.ok) errors[`${p}.salePrice`] = sale.error;
    else if (sale.cents === undefined) errors[`${p}.salePrice`] = `${E}.priceRequired`;
    const discountText = offer.discount.trim();
    const discount = /^\d{1,3}$/.test(discountText) ? Number(discountText) : NaN;
    if (!(discount >= 0 && discount <= 100)) errors[`${p}.discount`] = `${E}.discount`;
    const timeLeft = clean(offer.timeLeft);
    if (timeLeft.length > 100) errors[`${p}.timeLeft`] = `${E}.tooLong`;
    let productId: string | null = null;
    if (offer.productId) {
      const product = isUuid(offer.productId) ? products.find((item) => item.id === offer.productId.toLowerCase()) : undefined;
      if (!product) errors[`${p}.productId`] = `${E}.product`;
      else productId = product.id;
    }
    const fileProblem = parsed.problems[`offers[${formIndex}].imageFile`];
    const file = parsed.files[`offers[${formIndex}].imageFile`]?.[0];
    let upload: { bytes: Uint8Array; type: MediaType } | undefined;
    if (fileProblem) errors[`${p}.imageFile`] = fileProblem === "tooLarge" ? "admin.product.errors.imageTooLarge" : "admin.product.errors.imageType";
    else if (file) {
      const type = sniffImage(file.bytes);
      if (!type) errors[`${p}.imageFile`] = "admin.product.errors.imageType";
      else upload = { bytes: file.bytes, type };
    }
    let image = offer.image.trim();
    if (image && !validImageUrl(image)) errors[`${p}.image`] = `${E}.imageUrl`;
    if (!image && !upload) {
      const linked = productId ? products.find((item) => item.id === productId) : undefined;
      if (linked?.image) image = linked.image;
      else if (!errors[`${p}.imageFile`]) errors[`${p}.image`] = `${E}.imageRequired`;
    }
    offers.push({
      title,
      subtitle,
      image,
      originalPrice: original.ok ? (original.cents ?? 0) : 0,
      salePrice: sale.ok ? (sale.cents ?? 0) : 0,
      discount: Number.isFinite(discount) ? discount : 0,
      timeLeft,
      featured: offer.featured,
      productId,
      upload,
    });
  });

  if (Object.keys(errors).length > 0) {
    const formError = errors[""] ?? `${E}.check`;
    delete errors[""];
    return answer({ draft, errors, formError }, 400);
  }

  const uploads = offers.filter((offer) => offer.upload);
  const urls = await storeMedia(uploads.map((offer) => offer.upload!));
  uploads.forEach((offer, index) => {
    offer.image = urls[index]!;
  });
  let saved;
  try {
    saved = await saveOfferSection({
      title: sectionTitle || null,
      subtitle: sectionSubtitle || null,
      offers: offers.map(({ upload: _upload, ...offer }) => offer),
    });
  } catch (error) {
    await removeMedia(urls);
    throw error;
  }
  if (!saved.ok) {
    await removeMedia(urls);
    const position = offers.findIndex((offer) => offer.productId === saved.unknownProduct);
    return answer({ draft, errors: { [`offers[${position}].productId`]: `${E}.product` }, formError: `${E}.check` }, 400);
  }
  await removeMedia(saved.unusedImages);
  return redirect("/", {
    headers: {
      "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.offers.savedTitle", description: "admin.offers.savedText" }),
    },
  });
}

/** The editor on its own page; after a post without JavaScript the changed form (add / remove) or its errors. */
export default function AdminOffers() {
  const { section } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  const initial: OffersDraft = result?.draft ?? draftFromSection(section);
  return (
    <AdminPage
      title={t("admin.offers.editorTitle")}
      actions={<Link to="/" className="btn-secondary">{t("admin.offers.backHome")}</Link>}
    >
      <div className="mt-6">
        <OffersEditor initial={initial} result={result ?? null} />
      </div>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
