import { Link, useFetcher, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useT } from "~/i18n/use-t";
import type { Translate } from "~/i18n/translate";
import type { OfferSection } from "~/models/offer.server";
import type { loader as rootLoader } from "~/root";
import { centsToDecimal } from "~/utils/money";

/** One offer as the edit form holds it (texts as typed; prices as decimal strings, in EUR). */
export interface OfferDraft {
  key: string;
  title: string;
  subtitle: string;
  image: string;
  originalPrice: string;
  salePrice: string;
  discount: string;
  timeLeft: string;
  featured: boolean;
  productId: string;
}

export interface OffersDraft {
  title: string;
  subtitle: string;
  offers: OfferDraft[];
}

export interface OffersEditorResult {
  draft: OffersDraft;
  /** Field name → catalogue key. */
  errors: Record<string, string>;
  formError?: string;
}

export const MAX_OFFERS = 20;

/** A new entry gets the spec's defaults: 100 → 80, 20 %, '7 Tage' (in the admin's language), not featured. */
export function newOfferDraft(t: Translate, key: string): OfferDraft {
  return {
    key,
    title: t("admin.offers.newTitle"),
    subtitle: "",
    image: "",
    originalPrice: "100",
    salePrice: "80",
    discount: "20",
    timeLeft: t("admin.offers.defaultTimeLeft"),
    featured: false,
    productId: "",
  };
}

/**
 * The admin's edit mode of the offers section: the section's title and subtitle and every offer,
 * in one multipart form posted to /admin/offers. Without JavaScript, "add" and "remove" are
 * submit buttons the server answers with the changed form; with it they act at once here, and
 * saving goes through a fetcher (errors appear in place, success returns to the home page).
 */
export function OffersEditor({ initial, result }: { initial: OffersDraft; result?: OffersEditorResult | null }) {
  const { t } = useT();
  const fetcher = useFetcher<OffersEditorResult>({ key: "offers-editor" });
  const shown = fetcher.data ?? result ?? null;
  const start = result?.draft ?? initial;
  const [offers, setOffers] = useState<OfferDraft[]>(start.offers);
  const [counter, setCounter] = useState(0);
  const errors = shown?.errors ?? {};
  const busy = fetcher.state !== "idle";

  const add = (event: MouseEvent) => {
    event.preventDefault();
    if (offers.length >= MAX_OFFERS) return;
    setOffers([...offers, newOfferDraft(t, `new-${counter}`)]);
    setCounter(counter + 1);
  };
  const remove = (key: string) => (event: MouseEvent) => {
    event.preventDefault();
    setOffers(offers.filter((offer) => offer.key !== key));
  };
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid={`error-${name}`}>
        {t(errors[name]!)}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const field = (name: string, label: string, defaultValue: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={name} className="label">{label}</label>
      <input id={name} name={name} defaultValue={defaultValue} className="input" {...described(name)} {...props} />
      {error(name)}
    </div>
  );

  return (
    <fetcher.Form
      method="post"
      action="/admin/offers"
      encType="multipart/form-data"
      // The server checks every field and answers in the admin's language.
      noValidate
      className="card space-y-6 p-4 sm:p-6"
      data-testid="offers-editor"
    >
      <h3 className="text-lg font-bold">{t("admin.offers.editorTitle")}</h3>
      {shown?.formError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900" data-testid="offers-form-error">
          {t(shown.formError)}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("title", t("admin.offers.sectionTitle"), start.title, { maxLength: 200, placeholder: t("offers.title") })}
        {field("subtitle", t("admin.offers.sectionSubtitle"), start.subtitle, { maxLength: 500, placeholder: t("offers.subtitle") })}
        <p className="text-xs text-slate-600 sm:col-span-2">{t("admin.offers.defaultHint")}</p>
      </div>
      <ol className="space-y-4">
        {offers.map((offer, index) => {
          const p = `offers[${index}]`;
          return (
            <li key={offer.key} className="rounded-xl border border-slate-200 p-4" data-testid="offer-draft">
              <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <legend className="mb-2 font-semibold">{t("admin.offers.offer", { number: index + 1 })}</legend>
                <div className="sm:col-span-2">{field(`${p}.title`, t("admin.offers.title"), offer.title, { maxLength: 200, required: true })}</div>
                <div className="sm:col-span-2">{field(`${p}.subtitle`, t("admin.offers.subtitle"), offer.subtitle, { maxLength: 500 })}</div>
                <div className="sm:col-span-2">{field(`${p}.image`, t("admin.offers.image"), offer.image, { maxLength: 500, dir: "ltr" })}</div>
                <div className="sm:col-span-2">
                  <label htmlFor={`${p}.imageFile`} className="label">{t("admin.offers.imageFile")}</label>
                  <input
                    id={`${p}.imageFile`}
                    name={`${p}.imageFile`}
                    type="file"
                    accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                    className="input"
                    {...described(`${p}.imageFile`)}
                  />
                  {error(`${p}.imageFile`)}
                </div>
                {field(`${p}.originalPrice`, t("admin.offers.originalPrice"), offer.originalPrice, { type: "number", min: 0, step: "0.01", inputMode: "decimal" })}
                {field(`${p}.salePrice`, t("admin.offers.salePrice"), offer.salePrice, { type: "number", min: 0, step: "0.01", inputMode: "decimal" })}
                {field(`${p}.discount`, t("admin.offers.discount"), offer.discount, { type: "number", min: 0, max: 100, step: 1, inputMode: "numeric" })}
                {field(`${p}.timeLeft`, t("admin.offers.timeLeft"), offer.timeLeft, { maxLength: 100 })}
                <div className="sm:col-span-2">
                  {field(`${p}.productId`, t("admin.offers.productId"), offer.productId, { maxLength: 36, dir: "ltr", spellCheck: false })}
                </div>
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" name={`${p}.featured`} defaultChecked={offer.featured} className="h-4 w-4" />
                  {t("admin.offers.featured")}
                </label>
                <div className="flex items-end justify-end">
                  <button
                    type="submit"
                    name="intent"
                    value={`remove:${index}`}
                    className="btn-secondary"
                    formNoValidate
                    onClick={remove(offer.key)}
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
        <button type="submit" name="intent" value="add" className="btn-secondary" formNoValidate onClick={add} disabled={offers.length >= MAX_OFFERS} data-testid="offer-add">
          {t("admin.offers.add")}
        </button>
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy} data-testid="offers-save">
          {busy ? t("admin.offers.saving") : t("admin.offers.save")}
        </button>
        <a href="/" className="btn-secondary">{t("admin.offers.cancel")}</a>
      </div>
    </fetcher.Form>
  );
}

/** The stored section as the edit form's starting values (an empty title = the translated default). */
export function draftFromSection(section: OfferSection): OffersDraft {
  return {
    title: section.title ?? "",
    subtitle: section.subtitle ?? "",
    offers: section.offers.map((offer) => ({
      key: offer.id,
      title: offer.title,
      subtitle: offer.subtitle,
      image: offer.image,
      originalPrice: centsToDecimal(offer.originalPrice),
      salePrice: centsToDecimal(offer.salePrice),
      discount: String(offer.discount),
      timeLeft: offer.timeLeft,
      featured: offer.featured,
      productId: offer.productId ?? "",
    })),
  };
}

/** Whether the visitor is an admin (from the root loader) and the home page is in offers edit mode (?editOffers=1). */
export function useOffersAdmin() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [params] = useSearchParams();
  const isAdmin = Boolean(root?.user?.isAdmin);
  return { isAdmin, editing: isAdmin && params.get("editOffers") === "1" };
}

/** The admin's toggle between view and edit mode: a link, so it works without JavaScript. */
export function OffersAdminToggle({ editing }: { editing: boolean }) {
  const { t } = useT();
  return (
    <Link
      to={editing ? "/" : "/?editOffers=1"}
      preventScrollReset
      className={editing ? "btn-secondary" : "btn-primary"}
      aria-pressed={editing}
      data-testid="offers-edit-toggle"
    >
      {editing ? t("admin.offers.done") : t("admin.offers.edit")}
    </Link>
  );
}

/** The offers section in edit mode (shown to admins only; saving is checked on the server). */
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
