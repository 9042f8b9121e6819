import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { flashToast } from "~/utils/session.server";
import { getOfferSection, saveOfferSection, type OfferInput } from "~/models/offer.server";
import { getProductsByIds } from "~/models/product.server";
import { removeUnusedMedia } from "~/models/media-image.server";
import { checkImages, discardImages, processImages, storeImages } from "~/services/images.server";
import { IMAGE_MAX_BYTES } from "~/utils/media";
import { isShopMediaUrl } from "~/utils/media-storage.server";
import { RequestTooLargeError, readMultipartForm } from "~/utils/multipart.server";
import { AdminSection, adminPageMeta } from "~/components/admin/admin-ui";
import { OffersEditor, draftFromSection } from "~/components/admin/offers-editor";
import { offersFormSchema } from "~/components/admin/offers-editor.schema";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.offers.editorTitle"), description: t("admin.meta.description") }));

/**
 * The editor also lives on the home page (?editOffers=1); this page shows it on its own, and is
 * what a post without JavaScript (add, remove, errors) answers with, so its loader must not redirect.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { section: await getOfferSection() };
}

const OFFER_FILE = /^offers\[(\d{1,3})\]\.imageFile$/;
const E = "admin.offers.errors";

/**
 * Saves the offers section (title, subtitle, offers) for admins. Conform's list buttons (add,
 * remove; without JavaScript) are answered with the changed form and save nothing. Saving checks
 * everything first (the form's schema: no negative prices, discount 0–100…; then a linked product
 * must exist and an uploaded file must be an image), then stores the uploaded images, then writes
 * the database; the files of a failed save are removed again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  const t = getTranslator((await requestContext({ request, context })).locale);
  let parsed;
  try {
    parsed = await readMultipartForm(request, (field) => (OFFER_FILE.test(field) ? { maxBytes: IMAGE_MAX_BYTES, maxCount: 1 } : undefined));
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw new Response(t(`${E}.tooLarge`), { status: 413 });
    if (error instanceof TypeError) throw new Response(t("admin.errors.badRequest"), { status: 400 });
    throw error;
  }
  const submission = parseWithZod(parsed.fields, { schema: offersFormSchema });
  // A list button (add, remove): the changed form, nothing saved.
  if (submission.status === undefined) return data(submission.reply());
  if (submission.status !== "success") return data(submission.reply({ formErrors: [`${E}.check`] }), { status: 400 });

  const { title, subtitle } = submission.value;
  const fieldErrors: Record<string, string[]> = {};
  const linked = await getProductsByIds(submission.value.offers.map((offer) => offer.productId).filter(Boolean));
  const refusals = await Promise.all(
    submission.value.offers.map((_offer, index) => {
      const file = parsed.files[`offers[${index}].imageFile`]?.[0];
      return file ? checkImages([file.bytes]) : null;
    }),
  );
  const offers: Array<OfferInput & { upload?: Uint8Array }> = submission.value.offers.map((offer, index) => {
    const name = `offers[${index}]`;
    const product = offer.productId ? linked.find((item) => item.id === offer.productId) : undefined;
    if (offer.productId && !product) fieldErrors[`${name}.productId`] = [`${E}.product`];
    const fileProblem = parsed.problems[`${name}.imageFile`];
    const file = parsed.files[`${name}.imageFile`]?.[0];
    const refusal = refusals[index];
    if (fileProblem || refusal) {
      fieldErrors[`${name}.imageFile`] = [`admin.product.errors.${fileProblem === "tooLarge" ? "imageTooLarge" : (refusal ?? "imageType")}`];
    }
    const upload = file && !refusal ? file.bytes : undefined;
    // Only the shop's own images: the Content-Security-Policy blocks any other on the home page.
    if (offer.image && !isShopMediaUrl(offer.image)) fieldErrors[`${name}.image`] = [`${E}.imageUrl`];
    // No address and no file: the linked product's image, else the offer needs one.
    const productImage = product?.image && isShopMediaUrl(product.image) ? product.image : "";
    const image = offer.image || (upload ? "" : productImage);
    if (!image && !upload && !fieldErrors[`${name}.imageFile`] && !fieldErrors[`${name}.image`]) fieldErrors[`${name}.image`] = [`${E}.imageRequired`];
    return { ...offer, image, productId: product?.id ?? null, upload };
  });
  if (Object.keys(fieldErrors).length > 0) {
    return data(submission.reply({ formErrors: [`${E}.check`], fieldErrors }), { status: 400 });
  }

  const uploads = offers.filter((offer) => offer.upload);
  const processed = await processImages(uploads.map((offer) => offer.upload!));
  if (!processed.ok) {
    const index = offers.indexOf(uploads[processed.index]!);
    return data(submission.reply({ formErrors: [`${E}.check`], fieldErrors: { [`offers[${index}].imageFile`]: [`admin.product.errors.${processed.reason}`] } }), { status: 400 });
  }
  const urls = await storeImages(processed.images);
  uploads.forEach((offer, index) => {
    offer.image = urls[index]!;
  });
  let saved;
  try {
    saved = await saveOfferSection({
      title: title || null,
      subtitle: subtitle || null,
      offers: offers.map(({ upload: _upload, ...offer }) => offer),
    });
  } catch (error) {
    await discardImages(urls);
    throw error;
  }
  if (!saved.ok) {
    await discardImages(urls);
    const index = offers.findIndex((offer) => offer.productId === saved.unknownProduct);
    return data(submission.reply({ formErrors: [`${E}.check`], fieldErrors: { [`offers[${index}].productId`]: [`${E}.product`] } }), { status: 400 });
  }
  // Only images nothing shows any more (an offer may have shown its product's image).
  await removeUnusedMedia(saved.unusedImages);
  return redirect("/", {
    headers: {
      "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.offers.savedTitle", description: "admin.offers.savedText" }),
    },
  });
}

/** The editor on its own page; after a post without JavaScript the changed form (add / remove) or its errors. */
export default function AdminOffers() {
  const { section } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  return (
    <AdminSection title={t("admin.offers.editorTitle")} actions={<Link to="/" className="btn-secondary">{t("admin.offers.backHome")}</Link>}>
      <div className="mt-6">
        <OffersEditor initial={draftFromSection(section)} lastResult={lastResult ?? null} />
      </div>
    </AdminSection>
  );
}
