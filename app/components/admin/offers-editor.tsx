import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import type { OfferSection } from "~/models/offer.server";
import { CheckboxField, Field, FormErrors, StatusButton } from "~/components/forms";
import { OffersAdminToggle } from "./offers-admin";
import type { Translate } from "~/i18n/translate";
import { MAX_OFFERS } from "~/models/offer-limits";
// Types only: the rules stay on the server, so the form library's schema code never reaches the browser.
import type { OfferDefaults, OffersFormDefaults } from "./offers-editor.schema";

/**
 * A new entry: a title and '7 Tage' (the spec's defaults, in the admin's language), not featured.
 * It has no price: it shows the price of the product it links to.
 */
export function newOfferDefaults(t: Translate): OfferDefaults {
  return {
    title: t("admin.offers.newTitle"),
    titleEn: "",
    titleFr: "",
    titleAr: "",
    subtitle: "",
    subtitleEn: "",
    subtitleFr: "",
    subtitleAr: "",
    image: "",
    timeLeft: t("admin.offers.defaultTimeLeft"),
    timeLeftEn: "",
    timeLeftFr: "",
    timeLeftAr: "",
    featured: false,
    productId: "",
  };
}

/** The language of each text field (German first: it is the fallback). */
const TEXT_LANGUAGES = [
  { suffix: "", lang: "de", dir: "ltr" },
  { suffix: "En", lang: "en", dir: "ltr" },
  { suffix: "Fr", lang: "fr", dir: "ltr" },
  { suffix: "Ar", lang: "ar", dir: "rtl" },
] as const;

/** The stored section as the editor's starting values (an empty title = the translated default). */
export function draftFromSection(section: OfferSection): OffersFormDefaults {
  return {
    title: section.title ?? "",
    subtitle: section.subtitle ?? "",
    offers: section.offers.map((offer) => ({
      title: offer.title,
      titleEn: offer.titleEn,
      titleFr: offer.titleFr,
      titleAr: offer.titleAr,
      subtitle: offer.subtitle,
      subtitleEn: offer.subtitleEn,
      subtitleFr: offer.subtitleFr,
      subtitleAr: offer.subtitleAr,
      image: offer.image,
      timeLeft: offer.timeLeft,
      timeLeftEn: offer.timeLeftEn,
      timeLeftFr: offer.timeLeftFr,
      timeLeftAr: offer.timeLeftAr,
      featured: offer.featured,
      productId: offer.productId ?? "",
    })),
  };
}

/**
 * The admin's edit mode of the offers section: the section's title and subtitle and every offer,
 * in one multipart form posted to /admin/offers (a Conform form; rules in offers-editor.schema.ts).
 * "Add" and "remove" are Conform's list buttons: with JavaScript they act at once here, without it
 * they are submit buttons the server answers with the changed form. Saving goes through a fetcher
 * (errors appear in place, success returns to the home page); without JavaScript the answer to an
 * error is the /admin/offers page with the typed values kept.
 */
export function OffersEditor({ initial, lastResult }: { initial: OffersFormDefaults; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useT();
  const fetcher = useFetcher<SubmissionResult<string[]>>({ key: "offers-editor" });
  const [form, fields] = useForm<OffersFormDefaults>({
    id: "offers-editor-form",
    lastResult: fetcher.data ?? lastResult ?? null,
    defaultValue: initial,
    shouldValidate: "onSubmit",
    // The server checks everything (offers-editor.schema.ts and what only it knows). In the browser
    // this only lets Conform apply "add" and "remove" at once instead of asking the server.
    onValidate: ({ formData }) => parse(formData, { resolve: (value) => ({ value }) }),
  });
  const offers = fields.offers.getFieldList();
  const formErrors = [...(form.errors ?? []), ...(fields.offers.errors ?? [])];

  return (
    <fetcher.Form
      method="post"
      action="/admin/offers"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="card space-y-6 p-4 sm:p-6"
      data-testid="offers-editor"
    >
      <h3 className="text-lg font-bold">{t("admin.offers.editorTitle")}</h3>
      <FormErrors id={form.errorId} errors={formErrors} testId="offers-form-error" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={fields.title} label={t("admin.offers.sectionTitle")} maxLength={200} placeholder={t("offers.title")} />
        <Field meta={fields.subtitle} label={t("admin.offers.sectionSubtitle")} maxLength={500} placeholder={t("offers.subtitle")} />
        <p className="text-xs text-slate-600 sm:col-span-2">{t("admin.offers.defaultHint")}</p>
      </div>
      <ol className="space-y-4">
        {offers.map((offer, index) => {
          const f = offer.getFieldset();
          const fileName = `${offer.name}.imageFile`;
          const fileErrors = form.allErrors[fileName] ?? [];
          return (
            <li key={offer.key} className="rounded-xl border border-slate-200 p-4" data-testid="offer-draft">
              <fieldset className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-4">
                <legend className="mb-2 font-semibold">{t("admin.offers.offer", { number: index + 1 })}</legend>
                {TEXT_LANGUAGES.map(({ suffix, lang, dir }) => (
                  <fieldset key={lang} className="sm:col-span-2 lg:col-span-4 grid gap-x-3 sm:grid-cols-4" lang={lang} dir={dir} data-testid={`offer-texts-${lang}`}>
                    <legend className="sr-only">{t(`admin.offers.language.${lang}`)}</legend>
                    <Field className="sm:col-span-1" meta={f[`title${suffix}`]} label={`${t("admin.offers.title")} (${lang.toUpperCase()})`} maxLength={200} />
                    <Field className="sm:col-span-2" meta={f[`subtitle${suffix}`]} label={`${t("admin.offers.subtitle")} (${lang.toUpperCase()})`} maxLength={500} />
                    <Field className="sm:col-span-1" meta={f[`timeLeft${suffix}`]} label={`${t("admin.offers.timeLeft")} (${lang.toUpperCase()})`} maxLength={100} />
                  </fieldset>
                ))}
                <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-4">{t("admin.offers.languageHint")}</p>
                <Field className="sm:col-span-2" meta={f.image} label={t("admin.offers.image")} maxLength={500} dir="ltr" />
                <div className="sm:col-span-2">
                  <label htmlFor={`${form.id}-${fileName}`} className="label">{t("admin.offers.imageFile")}</label>
                  <input
                    id={`${form.id}-${fileName}`}
                    name={fileName}
                    type="file"
                    accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                    className="input"
                    aria-invalid={fileErrors.length > 0 ? true : undefined}
                    aria-describedby={`${form.id}-${fileName}-error`}
                  />
                  <p id={`${form.id}-${fileName}-error`} className="mt-1 min-h-5 text-sm font-medium text-red-700" data-testid={`error-${fileName}`}>
                    {fileErrors.map((error) => t(error)).join(" ")}
                  </p>
                </div>
                <Field className="sm:col-span-2" meta={f.productId} label={t("admin.offers.productId")} maxLength={36} dir="ltr" spellCheck={false} />
                <CheckboxField meta={f.featured} label={t("admin.offers.featured")} />
                <div className="flex items-end justify-end">
                  <button
                    {...form.remove.getButtonProps({ name: fields.offers.name, index })}
                    className="btn-secondary"
                    formNoValidate
                    aria-label={t("admin.offers.removeNamed", { number: index + 1 })}
                  >
                    {t("admin.offers.remove")}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {offers.length === 0 ? <p className="text-sm text-slate-600">{t("admin.offers.empty")}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button
          {...form.insert.getButtonProps({ name: fields.offers.name, defaultValue: newOfferDefaults(t) })}
          className="btn-secondary"
          formNoValidate
          disabled={offers.length >= MAX_OFFERS}
          data-testid="offer-add"
        >
          {t("admin.offers.add")}
        </button>
        <StatusButton className="btn-primary" pendingLabel={t("admin.offers.saving")} data-testid="offers-save">
          {t("admin.offers.save")}
        </StatusButton>
        <a href="/" className="btn-secondary">{t("admin.offers.cancel")}</a>
      </div>
    </fetcher.Form>
  );
}

/** The offers section in edit mode on the home page (shown to admins only; saving is checked on the server). */
export function OffersAdminPanel({ section }: { section: OfferSection }) {
  const { t } = useT();
  return (
    <section className="container-page py-12" aria-labelledby="offers-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h2 id="offers-heading" className="text-2xl font-bold">
          {section.title ?? t("offers.title")}
        </h2>
        <OffersAdminToggle editing />
      </div>
      <OffersEditor initial={draftFromSection(section)} />
    </section>
  );
}

/** The lazily loaded module's default (offers-section.tsx loads it on demand in the browser). */
export default OffersAdminPanel;
