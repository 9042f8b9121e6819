import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useT } from "~/i18n/use-t";

/**
 * Conform-aware form fields: label, control and error line, wired for assistive technology
 * (`aria-invalid`, `aria-describedby` pointing at the error, and at the hint when there is one).
 *
 * Error messages may be catalogue keys ("checkout.errors.firstName"): they are translated here, so
 * one Zod schema serves the server and the browser in every language. Plain texts pass through.
 * The error line keeps its height when empty, so an error appearing never moves a button.
 */
type FieldMeta = FieldMetadata<string | number | boolean | null | undefined>;

export function FieldErrors({ meta }: { meta: FieldMeta }) {
  const { t } = useT();
  const errors = meta.errors ?? [];
  return (
    <p id={meta.errorId} className="mt-1 min-h-5 text-sm font-medium text-red-700" data-testid={`error-${meta.name}`}>
      {/* One rule may fail twice (too short and wrong pattern): each message once. */}
      {[...new Set(errors.map((error) => t(error)))].join(" ")}
    </p>
  );
}

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
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: hintId })}
        className={`input ${meta.errors ? "border-red-600" : ""}`}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
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
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <select {...getSelectProps(meta)} className={`input ${meta.errors ? "border-red-600" : ""}`} {...rest}>
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
