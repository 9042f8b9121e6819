import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, Link, useActionData, useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { useT } from "~/i18n/use-t";
import { Honeypot, HONEYPOT_FIELD } from "~/components/honeypot";
import { Field, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { useZodForm, type ZodFormFields } from "~/components/zod-form";
import { maxChars, minChars, plainText } from "~/utils/text";

export { Honeypot, HONEYPOT_FIELD };

/**
 * What the contact form (/contact), the support form (/support) and the barrier report
 * (/accessibility) share: the field rules, the honeypot, the form's card around each page's own
 * fields, and the thank-you panel (their fields are drawn by ~/components/forms). Error messages
 * are catalogue keys (namespace "forms"), translated where they are shown.
 */

type MessageKind = "contact" | "support" | "accessibility";

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

/** The page a barrier report names (optional): it becomes part of the message's one-line subject. */
export const BARRIER_PAGE_MAX = 190;
export const barrierPageField = plainText(
  z.string().trim().refine(maxChars(BARRIER_PAGE_MAX), "forms.errors.pageTooLong"),
).optional();

/** "3f2a9c1b" or "#3F2A9C1B" → "3F2A9C1B": the first dash segment of an order id, upper-cased. */
export const orderNumberField = plainText(
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^#?[0-9A-F]{8}$/, "forms.errors.orderNumberFormat")
    .transform((value) => value.replace(/^#/, "")),
).optional();

/**
 * A message form's place on its page: once sent (the action redirected to ?sent=1) the thank-you
 * panel, else the form in its card — title, intro, the form's own errors, the honeypot, the page's
 * fields (`children`, given the form's fields) and the submit button. Checked in the browser by the
 * schema the action checks (its limits also as the fields' attributes).
 */
export function MessageFormPanel<Schema extends z.ZodTypeAny>({
  kind,
  formId,
  schema,
  children,
}: {
  kind: MessageKind;
  formId: string;
  schema: Schema;
  children: (fields: ZodFormFields<Schema>) => ReactNode;
}) {
  const [params] = useSearchParams();
  if (params.get("sent") === "1") return <SentPanel kind={kind} />;
  return (
    <MessageForm kind={kind} formId={formId} schema={schema}>
      {children}
    </MessageForm>
  );
}

function MessageForm<Schema extends z.ZodTypeAny>({ kind, formId, schema, children }: Parameters<typeof MessageFormPanel<Schema>>[0]) {
  const { t } = useT();
  // Every message form's action is submitMessageForm: its answers are a Conform reply or a redirect.
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useZodForm(schema, { id: formId, lastResult, constraint: getZodConstraint(schema) });
  return (
    <section className="card p-6" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="text-xl font-bold">
        {t(`forms.${kind}.title`)}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{t(`forms.${kind}.intro`)}</p>
      <Form method="post" {...getFormProps(form)} className="relative">
        <FormErrors id={form.errorId} errors={form.errors} className="mb-4" />
        <Honeypot />
        {children(fields)}
        <StatusButton className="btn-primary mt-2 w-full sm:w-auto" pendingLabel={t("forms.sending")}>
          {t(`forms.${kind}.submit`)}
        </StatusButton>
      </Form>
    </section>
  );
}

type FieldMeta = Parameters<typeof Field>[0]["meta"];

/** The sender of a contact message or a barrier report: first and last name side by side, then the e-mail address. */
export function SenderFields({ firstName, lastName, email }: { firstName: FieldMeta; lastName: FieldMeta; email: FieldMeta }) {
  const { t } = useT();
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={firstName} label={t("forms.fields.firstName")} autoComplete="given-name" />
        <Field meta={lastName} label={t("forms.fields.lastName")} autoComplete="family-name" />
      </div>
      <Field meta={email} type="email" label={t("forms.fields.email")} autoComplete="email" />
    </>
  );
}

/** A message form's long text (the message, the description of a problem or a barrier). */
export function MessageTextField({ meta, label }: { meta: FieldMeta; label: string }) {
  return (
    <TextareaField
      meta={meta}
      label={label}
      rows={6}
      // The browser counts UTF-16 units, the server characters: at worst the browser stops early.
      maxLength={MESSAGE_MAX}
      inputClassName="min-h-36"
    />
  );
}

/** Shown after a message was sent (the page was redirected to ?sent=1). */
export function SentPanel({ kind }: { kind: MessageKind }) {
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
