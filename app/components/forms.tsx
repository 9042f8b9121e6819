import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useT } from "~/i18n/use-t";

/**
 * Everything a form draws, in one place: Conform-aware fields (label, control and error line, wired
 * for assistive technology: `aria-invalid`, `aria-describedby` pointing at the error, and at the hint
 * when there is one), the form's own errors and its submit button.
 *
 * Error messages may be catalogue keys ("checkout.errors.firstName"): they are translated here, so
 * one Zod schema serves the server and the browser in every language. Plain texts pass through.
 * A field's error line keeps its height when empty, so an error appearing never moves a button.
 *
 * No Zod and no schema code here: admin forms validate on the server only and import these too.
 */

// StatusButton lives in its own module without Conform: the header, the footer and product cards use
// it on every page, and importing it must not bring the form library into browsing pages' JavaScript.
export { StatusButton } from "./status-button";

type FieldMeta = FieldMetadata<string | number | boolean | null | undefined>;

const translated = (t: (key: string) => string, errors: readonly string[] | null | undefined) =>
  // One rule may fail twice (too short and wrong pattern): each message once.
  [...new Set((errors ?? []).map((error) => t(error)))];

/** A field's error line (under a control this module does not draw: file inputs, radio groups, chips). */
export function FieldErrors({ meta }: { meta: FieldMeta }) {
  const { t } = useT();
  return (
    <p id={meta.errorId} className="mt-1 min-h-5 text-sm font-medium text-red-700" data-testid={`error-${meta.name}`}>
      {translated(t, meta.errors).join(" ")}
    </p>
  );
}

function Label({ meta, label }: { meta: FieldMeta; label: ReactNode }) {
  return (
    <label htmlFor={meta.id} className="label">
      {label}
    </label>
  );
}

function Hint({ id, hint }: { id: string | undefined; hint: ReactNode }) {
  return hint ? (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {hint}
    </p>
  ) : null;
}

const controlClass = (meta: FieldMeta, extra?: string) => `input${extra ? ` ${extra}` : ""} ${meta.errors ? "border-red-600" : ""}`;

export function Field({
  meta,
  label,
  type = "text",
  hint,
  className,
  ...rest
}: {
  meta: FieldMeta;
  label: ReactNode;
  type?: "text" | "email" | "tel" | "password" | "number" | "url" | "search";
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form" | "defaultValue">) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className={className}>
      <Label meta={meta} label={label} />
      <input {...getInputProps(meta, { type, ariaDescribedBy: hintId })} className={controlClass(meta)} {...rest} />
      <Hint id={hintId} hint={hint} />
      <FieldErrors meta={meta} />
    </div>
  );
}

/** A long text. `inputClassName` adds to the textarea's own classes (a minimum height, say). */
export function TextareaField({
  meta,
  label,
  hint,
  className,
  inputClassName,
  rows = 3,
  ...rest
}: {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  inputClassName?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "form" | "defaultValue">) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className={className}>
      <Label meta={meta} label={label} />
      <textarea {...getTextareaProps(meta, { ariaDescribedBy: hintId })} rows={rows} className={controlClass(meta, inputClassName)} {...rest} />
      <Hint id={hintId} hint={hint} />
      <FieldErrors meta={meta} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  className,
  ...rest
}: {
  meta: FieldMeta;
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "form" | "defaultValue">) {
  return (
    <div className={className}>
      <Label meta={meta} label={label} />
      <select {...getSelectProps(meta)} className={controlClass(meta)} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors meta={meta} />
    </div>
  );
}

/**
 * A checkbox inside its label. `className` replaces the label's text style ("text-sm font-medium")
 * and may add spacing; the control's own props (onChange, say) pass through.
 */
export function CheckboxField({
  meta,
  label,
  className = "text-sm font-medium",
  ...rest
}: {
  meta: FieldMeta;
  label: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form" | "defaultValue" | "defaultChecked" | "value">) {
  return (
    <label className={`flex items-center gap-2 ${className}`}>
      <input {...getInputProps(meta, { type: "checkbox" })} className="h-4 w-4" {...rest} />
      {label}
    </label>
  );
}

/**
 * Errors about the whole form (the server's answer: 'Login Failed' with its reason, too many
 * messages, a stock conflict), above the fields and announced to screen readers (role="alert").
 * Give `id` the form's `errorId` so the form's `aria-describedby` finds it. With a `title`, the
 * title is a bold line and each message its own line under it. `testId` names it for the tests
 * ("form-error" unless told). Nothing is drawn while there is no error.
 */
export function FormErrors({
  id,
  errors,
  title,
  testId = "form-error",
  className,
}: {
  id?: string;
  errors: readonly string[] | null | undefined;
  title?: ReactNode;
  testId?: string;
  className?: string;
}) {
  const { t } = useT();
  const messages = translated(t, errors);
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" data-testid={testId} className={`rounded-lg border border-red-300 bg-red-50 p-4 text-red-900${className ? ` ${className}` : ""}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {messages.map((message) => (
        <p key={message} className={title ? "mt-1 text-sm" : "text-sm font-medium"}>
          {message}
        </p>
      ))}
    </div>
  );
}
