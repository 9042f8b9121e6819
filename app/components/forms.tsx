import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
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

/** A field's errors for an error summary: the field's id (the link's target), its label and its messages. */
export type SummaryField = { id: string; label: ReactNode; errors: readonly string[] | null | undefined };

/**
 * Errors about the whole form (the server's answer: 'Login Failed' with its reason, too many
 * messages, a stock conflict), above the fields and announced to screen readers (role="alert").
 * Give `id` the form's `errorId` so the form's `aria-describedby` finds it. With a `title`, the
 * title is a bold line and each message its own line under it. `testId` names it for the tests
 * ("form-error" unless told). Nothing is drawn while there is no error.
 *
 * With `fields` it is the form's error summary too: every field with an error is a link to the
 * field ("Label: message"), in the order given, and `fieldsTitle(n)` heads it (n fields wrong)
 * when there are any. It takes `tabIndex={-1}` so a page can move focus to it after a failed
 * submit (`summaryRef`); the page's scroll-padding keeps it, and a linked field, clear of the sticky header.
 */
export function FormErrors({
  id,
  errors,
  title,
  fields,
  fieldsTitle,
  testId = "form-error",
  className,
  summaryRef,
}: {
  id?: string;
  errors: readonly string[] | null | undefined;
  title?: ReactNode;
  fields?: readonly SummaryField[];
  fieldsTitle?: (count: number) => ReactNode;
  testId?: string;
  className?: string;
  summaryRef?: Ref<HTMLDivElement>;
}) {
  const { t } = useT();
  const messages = translated(t, errors);
  const wrong = (fields ?? []).map((field) => ({ ...field, messages: translated(t, field.errors) })).filter((field) => field.messages.length > 0);
  if (messages.length === 0 && wrong.length === 0) return null;
  const heading = wrong.length > 0 && fieldsTitle ? fieldsTitle(wrong.length) : title;
  return (
    <div
      id={id}
      ref={summaryRef}
      role="alert"
      tabIndex={fields ? -1 : undefined}
      data-testid={testId}
      className={`rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 focus:outline-none focus-visible:outline-3 focus-visible:outline-red-700${className ? ` ${className}` : ""}`}
    >
      {heading ? (fields ? <h2 className="font-semibold">{heading}</h2> : <p className="font-semibold">{heading}</p>) : null}
      {messages.map((message) => (
        <p key={message} className={heading ? "mt-1 text-sm" : "text-sm font-medium"}>
          {message}
        </p>
      ))}
      {wrong.length > 0 ? (
        <ul className="mt-2 list-disc ps-5 text-sm" data-testid={`${testId}-fields`}>
          {wrong.map((field) => (
            <li key={field.id}>
              <a href={`#${field.id}`} className="font-medium underline underline-offset-2 hover:text-red-700">
                {field.label}: {field.messages.join(" ")}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
