import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { FieldErrors, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { useT } from "~/i18n/use-t";
import { REASON_MAX } from "~/models/withdrawal-limits";
import { CarriedFields } from "./carried-fields";
import { customerDetailsSchema, guestDetailsSchema, type DetailsView } from "./withdrawal.schema";

/** What is withdrawn: the whole order, or per line a quantity; and an optional reason. */
export function DetailsForm({ view, result, signedIn }: { view: DetailsView; result: SubmissionResult<string[]> | undefined; signedIn: boolean }) {
  const { t } = useT();
  const schema = signedIn ? customerDetailsSchema : guestDetailsSchema;
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: { scope: view.defaults.scope, reason: view.defaults.reason },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="withdrawal-details">
      <FormErrors id={form.errorId} errors={form.errors} testId="form-alert" />
      <p className="font-semibold">
        {t("withdrawal.summary.order")}: <span dir="ltr">{view.order.number}</span>
      </p>
      <input type="hidden" name="intent" value="review" />
      <CarriedFields values={view.carry} />
      <fieldset className="space-y-2" aria-describedby={fields.scope.errors ? fields.scope.errorId : undefined}>
        <legend className="label">{t("withdrawal.fields.scope")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={fields.scope.name} value="whole" defaultChecked={view.defaults.scope === "whole"} className="h-4 w-4" data-testid="scope-whole" />
          {t("withdrawal.fields.whole")}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={fields.scope.name} value="lines" defaultChecked={view.defaults.scope === "lines"} className="h-4 w-4" data-testid="scope-lines" />
          {t("withdrawal.fields.lines")}
        </label>
        <FieldErrors meta={fields.scope} />
      </fieldset>
      <ul className="space-y-2" data-testid="withdrawal-lines">
        {view.order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
            <label htmlFor={`qty-${line.id}`} className="min-w-0 flex-1 break-words">
              {line.productName}
              <span className="block text-xs text-slate-600">{t("withdrawal.fields.ordered", { count: line.quantity })}</span>
            </label>
            <input
              id={`qty-${line.id}`}
              name={`qty_${line.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.quantity}
              step={1}
              defaultValue={view.defaults.qty[line.id] ?? 0}
              className="input w-24"
              data-testid="line-quantity"
            />
          </li>
        ))}
      </ul>
      <TextareaField meta={fields.reason} label={t("withdrawal.fields.reason")} hint={t("withdrawal.fields.reasonHint")} maxLength={REASON_MAX} />
      <StatusButton className="btn-primary" data-testid="withdrawal-review">
        {t("withdrawal.review")}
      </StatusButton>
    </Form>
  );
}
