import { useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * A form checked in the browser by the Zod schema its action checks on the server: each field when
 * it is left, then again at every input while it is wrong, so a message goes as soon as the field
 * is right (the server always checks too; without JavaScript it alone does). Shop and account forms
 * use it; admin forms validate on the server only (no Zod in their code), so this is not part of
 * ./forms.tsx, which every form imports.
 *
 * `constraint`: the schema's limits as the fields' attributes (`getZodConstraint(schema)`: required,
 * maxLength…); without it, the form sets them by hand where it wants them (getZodConstraint is not
 * called here, so that the forms without it do not carry its code).
 */
export function useZodForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: Pick<FormOptions<Schema>, "defaultValue" | "constraint"> & { id?: string; lastResult?: SubmissionResult<string[]> | null } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type FormOptions<Schema extends z.ZodTypeAny> = Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0];

/** The fields of a form made by useZodForm, as its render props receive them. */
export type ZodFormFields<Schema extends z.ZodTypeAny> = ReturnType<FormMetadata<z.input<Schema>>["getFieldset"]>;
