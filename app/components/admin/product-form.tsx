import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "~/i18n/use-t";
import { CheckboxField, Field, FieldErrors, FormErrors, SelectField, StatusButton, TextareaField } from "~/components/forms";
import { MAX_MONEY_CENTS } from "~/models/product-limits";
import type { ProductFormDefaults } from "./product-form.schema";
import { ProductImage } from "../product-image";

type Meta = FieldMetadata<string | number | boolean | null | undefined>;

/**
 * The add / edit product form (multipart, field names are a contract, docs/CONTRACTS.md; fields and rules in
 * product-form.schema.ts). Validation happens on the server; errors come back with the values kept
 * (files have to be chosen again). JavaScript adds tag chips, a video preview with play/pause and a
 * pending state.
 */
export function ProductForm({
  mode,
  lastResult,
  defaults,
  categories,
  current,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaults?: ProductFormDefaults;
  categories: ReadonlyArray<{ value: string; label: string }>;
  current?: { images: string[]; videoUrl: string | null; name: string };
}) {
  const { t } = useT();
  const [form, fields] = useForm<ProductFormDefaults & { images: unknown; video: unknown }>({
    id: mode === "create" ? "add-product-form" : "edit-product-form",
    lastResult,
    defaultValue: defaults ?? { inStock: true, tags: [] },
    shouldValidate: "onSubmit",
  });
  const requiredMissing = form.errors?.includes("admin.product.errors.requiredFields") ?? false;
  // Field by name, for the helpers below that render many alike fields.
  const f = fields as unknown as Record<string, Meta>;
  const text = (name: string, required = false) => (
    <Field meta={f[name]!} label={<>{t(`admin.product.form.${name}`)}{required ? <Required /> : null}</>} maxLength={200} />
  );
  const area = (name: string) => (
    <TextareaField meta={f[name]!} label={t(`admin.product.form.${name}`)} rows={3} maxLength={5000} />
  );
  const money = (name: string) => (
    <Field meta={f[name]!} label={t(`admin.product.form.${name}`)} type="number" min={0} max={MAX_MONEY_CENTS / 100} step="0.01" inputMode="decimal" />
  );
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6" data-testid="product-form">
      {mode === "create" ? <input type="hidden" name="intent" value="create-product" /> : null}
      <FormErrors
        id={form.errorId}
        title={t(requiredMissing ? "admin.product.errors.requiredTitle" : "admin.product.errors.checkTitle")}
        errors={form.errors}
      />

      <fieldset className="grid gap-x-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t("admin.product.form.texts")}</legend>
        {text("name", true)}
        {text("nameAr", true)}
        {text("nameDE")}
        {text("nameFr")}
        {area("description")}
        {area("descriptionAr")}
        {area("descriptionDE")}
        {area("descriptionFr")}
      </fieldset>

      <fieldset className="grid gap-x-4 sm:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">{t("admin.product.form.prices")}</legend>
        {money("price")}
        {money("priceEUR")}
        {money("priceCHF")}
        {money("salePrice")}
        {money("salePriceEUR")}
        {money("salePriceCHF")}
      </fieldset>

      <fieldset className="grid gap-x-4 sm:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">{t("admin.product.form.details")}</legend>
        <Field meta={f.stock!} label={t("admin.product.form.stock")} type="number" min={0} step={1} inputMode="numeric" hint={t(mode === "create" ? "admin.product.form.stockHint" : "admin.product.form.stockKeepHint")} />
        <SelectField
          meta={f.category!}
          label={<>{t("admin.product.form.category")}<Required /></>}
          options={[{ value: "", label: t("admin.product.form.chooseCategory") }, ...categories]}
        />
        <div className="flex flex-col justify-center gap-2 pt-4">
          <CheckboxField meta={f.featured!} label={t("admin.product.form.featured")} />
          <CheckboxField meta={f.inStock!} label={t("admin.product.form.inStock")} />
        </div>
        <TagInput meta={f.tags!} className="sm:col-span-3" />
      </fieldset>

      <fieldset className="grid gap-x-4 sm:grid-cols-2" data-testid="product-safety-fields">
        <legend className="mb-2 text-lg font-semibold">{t("admin.product.form.safety")}</legend>
        <p className="mb-2 text-sm text-slate-600 sm:col-span-2">{t("admin.product.form.safetyHint")}</p>
        {text("manufacturerName")}
        <Field meta={f.manufacturerEmail!} label={t("admin.product.form.manufacturerEmail")} type="email" maxLength={254} dir="ltr" />
        <TextareaField meta={f.manufacturerAddress!} label={t("admin.product.form.manufacturerAddress")} rows={2} maxLength={500} />
        <TextareaField meta={f.responsiblePerson!} label={t("admin.product.form.responsiblePerson")} rows={2} maxLength={500} hint={t("admin.product.form.responsiblePersonHint")} />
        <Field
          meta={f.gtin!}
          label={t("admin.product.form.gtin")}
          inputMode="numeric"
          maxLength={18}
          dir="ltr"
          hint={t("admin.product.form.gtinHint")}
        />
        <div className="hidden sm:block" />
        {area("safetyInfo")}
        {area("safetyInfoAr")}
        {area("safetyInfoDE")}
        {area("safetyInfoFr")}
      </fieldset>

      <fieldset className="grid gap-x-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t("admin.product.form.media")}</legend>
        <div>
          <label htmlFor={f.images!.id} className="label">
            {t("admin.product.form.images")}
            {mode === "create" ? <Required /> : null}
          </label>
          <input
            id={f.images!.id}
            name="images"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            className="input"
            aria-invalid={f.images!.errors ? true : undefined}
            aria-describedby={`${f.images!.id}-hint ${f.images!.errorId}`}
          />
          <p id={`${f.images!.id}-hint`} className="mt-1 text-xs text-slate-600">
            {t("admin.product.form.imagesHint")} {mode === "edit" ? t("admin.product.form.imagesKeepHint") : null}
          </p>
          <FieldErrors meta={f.images!} />
          {current && current.images.length > 0 ? (
            <div className="mt-2">
              <p className="text-sm font-medium">{t("admin.product.form.currentImages")}</p>
              <ul className="mt-1 flex flex-wrap gap-2" data-testid="current-images">
                {current.images.map((src, index) => (
                  <li key={src}>
                    <ProductImage src={src} alt={index === 0 ? t("admin.product.form.mainImage") : ""} width={64} height={64} sizes="64px" className="h-16 w-16 rounded border border-slate-200 object-cover" />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <VideoField meta={f.video!} currentUrl={current?.videoUrl ?? null} removeMeta={f.removeVideo!} />
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <StatusButton className="btn-primary" pendingLabel={t("admin.product.form.saving")} data-testid="product-submit">
          {t(mode === "create" ? "admin.product.form.submitAdd" : "admin.product.form.submitEdit")}
        </StatusButton>
      </div>
    </Form>
  );
}

function Required() {
  const { t } = useT();
  return (
    <>
      <span aria-hidden="true" className="ms-0.5 text-red-700">*</span>
      <span className="sr-only"> ({t("admin.product.form.required")})</span>
    </>
  );
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function initialTags(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  const tags: string[] = [];
  for (const tag of list.flatMap((item) => String(item ?? "").split(","))) {
    const clean = tag.trim();
    if (clean && !tags.includes(clean)) tags.push(clean);
  }
  return tags;
}

/**
 * Tags: without JavaScript one text field, split on commas by the server. With it, chips: Enter
 * (or the button) adds the trimmed text unless empty or already there; each chip is a hidden field.
 */
function TagInput({ meta, className }: { meta: Meta; className?: string }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [tags, setTags] = useState(() => initialTags(meta.initialValue));
  const [draft, setDraft] = useState("");
  const add = () => {
    const clean = draft.trim();
    if (clean && !tags.some((tag) => tag.toLowerCase() === clean.toLowerCase())) setTags([...tags, clean]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add();
    }
  };
  if (!hydrated) {
    return (
      <div className={className}>
        <label htmlFor={meta.id} className="label">
          {t("admin.product.form.tags")}
        </label>
        <input id={meta.id} name="tags" defaultValue={initialTags(meta.initialValue).join(", ")} className="input" aria-describedby={`${meta.id}-hint ${meta.errorId}`} />
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600">
          {t("admin.product.form.tagsHint")}
        </p>
        <FieldErrors meta={meta} />
      </div>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {t("admin.product.form.tags")}
      </label>
      <div className="flex gap-2">
        <input
          id={meta.id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="input"
          aria-describedby={`${meta.id}-hint ${meta.errorId}`}
          data-testid="tag-input"
        />
        <button type="button" className="btn-secondary" onClick={add}>
          {t("admin.product.form.addTag")}
        </button>
      </div>
      <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600">
        {t("admin.product.form.tagsHintJs")}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="tag-chips">
        {tags.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 ps-3 pe-1 text-sm text-brand-900">
            <input type="hidden" name="tags" value={tag} />
            {tag}
            <button
              type="button"
              className="grid h-6 w-6 place-items-center rounded-full hover:bg-brand-100"
              aria-label={t("admin.product.form.removeTag", { tag })}
              onClick={() => setTags(tags.filter((item) => item !== tag))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <FieldErrors meta={meta} />
    </div>
  );
}

/** The optional video: a file input; with JavaScript the chosen (or current) video gets a play/pause preview. */
function VideoField({ meta, currentUrl, removeMeta }: { meta: Meta; currentUrl: string | null; removeMeta: Meta }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);
  const src = previewUrl ?? currentUrl;
  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  };
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {t("admin.product.form.video")}
      </label>
      <input
        id={meta.id}
        name="video"
        type="file"
        accept="video/mp4,video/webm"
        className="input"
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={`${meta.id}-hint ${meta.errorId}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          setPlaying(false);
          setPreviewUrl(file ? URL.createObjectURL(file) : null);
        }}
      />
      <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600">
        {t("admin.product.form.videoHint")}
      </p>
      <FieldErrors meta={meta} />
      {src ? (
        <div className="mt-2 space-y-2" data-testid="video-preview">
          <video
            ref={videoRef}
            src={src}
            controls={!hydrated}
            preload="metadata"
            playsInline
            muted
            className="aspect-video w-full max-w-sm rounded-lg bg-slate-900"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
          >
            {t("admin.product.form.videoUnsupported")}
          </video>
          {hydrated ? (
            <button type="button" className="btn-secondary" onClick={toggle} aria-pressed={playing} data-testid="video-toggle">
              {playing ? t("admin.product.form.pause") : t("admin.product.form.play")}
            </button>
          ) : null}
          {currentUrl && !previewUrl ? (
            <CheckboxField meta={removeMeta} label={t("admin.product.form.removeVideo")} className="text-sm" />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
