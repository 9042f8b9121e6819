import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode, TextareaHTMLAttributes } from "react";
import { z } from "zod";
import { isLocale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { FieldErrors } from "~/components/field";
import { Honeypot, HONEYPOT_FIELD } from "~/components/honeypot";
import { maxChars, minChars, plainText } from "~/utils/text";

export { Honeypot, HONEYPOT_FIELD };

/**
 * What the contact form (/contact) and the support form (/support) share: the field rules, the
 * long-text field, the honeypot and the thank-you panel. Error messages are catalogue keys
 * (namespace "forms"), translated where they are shown.
 */

export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

export const nameField = (key: "firstName" | "lastName" | "name") =>
  plainText(
    z
      .string({ required_error: `forms.errors.${key}Required` })
      .trim()
      .min(1, `forms.errors.${key}Required`)
      .refine(maxChars(100), "forms.errors.nameTooLong"),
  );

export const emailField = plainText(
  z
    .string({ required_error: "forms.errors.emailRequired" })
    .trim()
    .min(1, "forms.errors.emailRequired")
    .email("forms.errors.emailInvalid")
    .refine(maxChars(254), "forms.errors.emailTooLong"),
);

/** A subject may end up in an e-mail header: line breaks are refused, not silently removed. */
export const subjectField = z
  .string({ required_error: "forms.errors.subjectRequired" })
  .refine((value) => !/[\r\n]/.test(value), "forms.errors.subjectLineBreak")
  .pipe(
    plainText(
      z
        .string({ required_error: "forms.errors.subjectRequired" })
        .trim()
        .min(1, "forms.errors.subjectRequired")
        .refine(maxChars(200), "forms.errors.subjectTooLong"),
    ),
  );

export const longTextField = (key: "message" | "description") =>
  plainText(
    z
      .string({ required_error: `forms.errors.${key}Required` })
      .trim()
      .min(1, `forms.errors.${key}Required`)
      .refine(minChars(MESSAGE_MIN), "forms.errors.textTooShort")
      .refine(maxChars(MESSAGE_MAX), "forms.errors.textTooLong"),
    { multiline: true },
  );

/** "3f2a9c1b" or "#3F2A9C1B" → "3F2A9C1B": the first dash segment of an order id, upper-cased. */
export const orderNumberField = plainText(
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^#?[0-9A-F]{8}$/, "forms.errors.orderNumberFormat")
    .transform((value) => value.replace(/^#/, "")),
).optional();

type TextMeta = FieldMetadata<string | undefined>;

export function TextareaField({
  meta,
  label,
  className,
  ...rest
}: {
  meta: TextMeta;
  label: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "form" | "defaultValue">) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <textarea
        {...getTextareaProps(meta)}
        rows={6}
        // The browser counts UTF-16 units, the server characters: at worst the browser stops early.
        maxLength={MESSAGE_MAX}
        className={`input min-h-36 ${meta.errors ? "border-red-600" : ""}`}
        {...rest}
      />
      <FieldErrors meta={meta} />
    </div>
  );
}


/** Errors about the whole form (for example: too many messages), above the fields. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useT();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" data-testid="form-error" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
      {errors.map((error) => t(error)).join(" ")}
    </div>
  );
}

/**
 * Where a sent form goes: its page with ?sent=1 (the thank-you state), keeping an explicit ?lng=
 * so the thank-you comes in the language the form was written in.
 */
export function sentLocation(request: Request, path: string): string {
  const lng = new URL(request.url).searchParams.get("lng");
  return `${path}?sent=1${isLocale(lng) ? `&lng=${lng}` : ""}`;
}

/** Shown after a message was sent (the page was redirected to ?sent=1). */
export function SentPanel({ kind }: { kind: "contact" | "support" }) {
  const { t } = useT();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("sent");
  const query = params.toString();
  const againTo = `${location.pathname}${query ? `?${query}` : ""}`;
  return (
    <div role="status" data-testid="sent-panel" className="card border-emerald-300 bg-emerald-50 p-6">
      <h2 className="text-xl font-bold text-emerald-900">{t(`forms.sent.${kind}.title`)}</h2>
      <p className="mt-2 text-emerald-900">{t(`forms.sent.${kind}.text`)}</p>
      <Link to={againTo} className="btn-secondary mt-4">
        {t(`forms.sent.${kind}.again`)}
      </Link>
    </div>
  );
}
