import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { useT } from "~/i18n/use-t";
import { customerIdentifySchema, guestIdentifySchema, type IdentifyDefaults } from "./withdrawal.schema";

/** The button "Vertrag widerrufen" that opens the form. */
export function StartStep() {
  const { t } = useT();
  return (
    <Form method="get" className="mt-6">
      <button type="submit" name="step" value="form" className="btn-primary" data-testid="withdrawal-start">
        {t("withdrawal.start")}
      </button>
    </Form>
  );
}

/** Which order: one of a customer's orders, or a guest's order number and e-mail address. */
export function IdentifyForm({
  result,
  signedIn,
  orders,
  prefill,
  idempotencyKey,
}: IdentifyDefaults & { result: SubmissionResult<string[]> | undefined; signedIn: boolean; idempotencyKey: string }) {
  const { t } = useT();
  const schema = signedIn ? customerIdentifySchema : guestIdentifySchema;
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: prefill,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2" data-testid="withdrawal-identify">
      <FormErrors id={form.errorId} errors={form.errors} testId="form-alert" className="mb-4" />
      <input type="hidden" name="intent" value="identify" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {signedIn ? (
        orders.length > 0 ? (
          <SelectField meta={f.orderId!} label={t("withdrawal.fields.order")} options={orders.map((o) => ({ value: o.id, label: o.label }))} required />
        ) : (
          <p data-testid="no-orders">{t("withdrawal.noOrders")}</p>
        )
      ) : (
        <>
          <Field meta={f.orderNumber!} label={t("withdrawal.fields.orderNumber")} hint={t("withdrawal.fields.orderNumberHint")} required maxLength={40} autoComplete="off" />
          <Field meta={f.email!} type="email" label={t("withdrawal.fields.email")} required maxLength={254} autoComplete="email" />
        </>
      )}
      <StatusButton className="btn-primary" data-testid="withdrawal-next">
        {t("withdrawal.next")}
      </StatusButton>
    </Form>
  );
}
