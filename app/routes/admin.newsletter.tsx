import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { locales, localeNames, type Locale } from "~/i18n/config";
import { useT } from "~/i18n/use-t";
import { countConfirmedSubscribers, listNewsletterIssues, previewIssue, sendNewsletterIssue, type IssueContent } from "~/models/newsletter-issues.server";
import { AdminSection, adminPageMeta, useAdminDateTime } from "~/components/admin/admin-ui";
import { FormErrors, StatusButton } from "~/components/forms";
import { siteUrl } from "~/utils/env.server";
import { readFormData } from "~/utils/form-data.server";
import { flashToast } from "~/utils/session.server";
import { maxChars, plainText } from "~/utils/text";
import { DataTable } from "~/components/data-table";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("backoffice.newsletter.title")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;

const optionalText = (max: number, multiline = false) =>
  plainText(z.string().trim().refine(maxChars(max), "backoffice.newsletter.tooLong"), { multiline }).optional();

/** German is required; another language is sent only with both its subject and its text. */
const issueSchema = z
  .object({
    intent: z.enum(["preview", "send"]),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{8,100}$/),
    previewLocale: z.enum(locales).default("de"),
    subject_de: plainText(z.string({ required_error: "backoffice.newsletter.subjectRequired" }).trim().min(1, "backoffice.newsletter.subjectRequired").refine(maxChars(SUBJECT_MAX), "backoffice.newsletter.tooLong")),
    body_de: plainText(z.string({ required_error: "backoffice.newsletter.bodyRequired" }).trim().min(1, "backoffice.newsletter.bodyRequired").refine(maxChars(BODY_MAX), "backoffice.newsletter.tooLong"), { multiline: true }),
    subject_en: optionalText(SUBJECT_MAX),
    body_en: optionalText(BODY_MAX, true),
    subject_fr: optionalText(SUBJECT_MAX),
    body_fr: optionalText(BODY_MAX, true),
    subject_ar: optionalText(SUBJECT_MAX),
    body_ar: optionalText(BODY_MAX, true),
  })
  .superRefine((value, ctx) => {
    for (const locale of ["en", "fr", "ar"] as const) {
      const subject = value[`subject_${locale}`];
      const body = value[`body_${locale}`];
      if (Boolean(subject) !== Boolean(body)) {
        ctx.addIssue({ code: "custom", path: [subject ? `body_${locale}` : `subject_${locale}`], message: "backoffice.newsletter.bothOrNone" });
      }
    }
  });

function contentOf(value: z.output<typeof issueSchema>): IssueContent {
  const content: IssueContent = { de: { subject: value.subject_de, body: value.body_de } };
  for (const locale of ["en", "fr", "ar"] as const) {
    const subject = value[`subject_${locale}`];
    const body = value[`body_${locale}`];
    if (subject && body) content[locale] = { subject, body };
  }
  return content;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [issues, subscribers] = await Promise.all([listNewsletterIssues(), countConfirmedSubscribers()]);
  // A new key per form shown: the same form sent twice sends once.
  return { issues, subscribers, idempotencyKey: randomUUID() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readFormData(request), { schema: issueSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), preview: null }, { status: 400 });
  const content = contentOf(submission.value);
  if (submission.value.intent === "preview") {
    const locale = submission.value.previewLocale;
    return { result: submission.reply(), preview: { locale, ...previewIssue(content, locale) } };
  }
  const sent = await sendNewsletterIssue({ idempotencyKey: submission.value.idempotencyKey, content, siteUrl: siteUrl(), createdBy: admin.id });
  return redirect("/admin/newsletter", {
    headers: {
      "Set-Cookie": await flashToast(request, {
        kind: "success",
        title: "backoffice.newsletter.sentTitle",
        description: "backoffice.newsletter.sentText",
        vars: { count: String(sent.recipients) },
      }),
    },
  });
}

export default function AdminNewsletter() {
  const { issues, subscribers, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  const [form, fields] = useForm<Record<`subject_${Locale}` | `body_${Locale}`, string>>({ id: "newsletter-issue", lastResult: actionData?.result, shouldValidate: "onSubmit" });
  const preview = actionData?.preview;
  return (
    <AdminSection title={t("backoffice.newsletter.title")} testId="admin-newsletter">
      <p className="mt-2 text-sm text-slate-600" data-testid="subscriber-count">
        {t("backoffice.newsletter.subscribers", { count: subscribers })}
      </p>
      <Form method="post" {...getFormProps(form)} className="card mt-4 space-y-4 p-4" data-testid="newsletter-form">
        <FormErrors id={form.errorId} title={t("account.toast.error")} errors={form.errors} testId="form-alert" className="mb-6" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="grid gap-4 lg:grid-cols-2">
          {locales.map((locale) => (
            <fieldset key={locale} className="space-y-2 rounded-lg border border-slate-200 p-3" lang={locale} dir={locale === "ar" ? "rtl" : "ltr"}>
              <legend className="px-1 text-sm font-semibold">
                {localeNames[locale]} {locale === "de" ? `(${t("backoffice.newsletter.required")})` : `(${t("backoffice.newsletter.optional")})`}
              </legend>
              <div>
                <label htmlFor={fields[`subject_${locale}`].id} className="label">{t("backoffice.newsletter.subject")}</label>
                <input
                  {...getInputProps(fields[`subject_${locale}`], { type: "text" })}
                  className="input w-full"
                  required={locale === "de"}
                  maxLength={200}
                />
                <p id={fields[`subject_${locale}`].errorId} className="text-sm text-red-700">{(fields[`subject_${locale}`].errors ?? []).map((e) => t(e)).join(" ")}</p>
              </div>
              <div>
                <label htmlFor={fields[`body_${locale}`].id} className="label">{t("backoffice.newsletter.body")}</label>
                <textarea {...getTextareaProps(fields[`body_${locale}`])} className="input min-h-40 w-full" required={locale === "de"} />
                <p id={fields[`body_${locale}`].errorId} className="text-sm text-red-700">{(fields[`body_${locale}`].errors ?? []).map((e) => t(e)).join(" ")}</p>
              </div>
            </fieldset>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="preview-locale" className="label">{t("backoffice.newsletter.previewIn")}</label>
            <select id="preview-locale" name="previewLocale" className="input" defaultValue={preview?.locale ?? "de"}>
              {locales.map((locale) => (
                <option key={locale} value={locale}>{localeNames[locale]}</option>
              ))}
            </select>
          </div>
          <StatusButton name="intent" value="preview" formNoValidate className="btn-secondary" data-testid="preview-issue">
            {t("backoffice.newsletter.preview")}
          </StatusButton>
          <StatusButton name="intent" value="send" className="btn-primary" data-testid="send-issue" pendingLabel={t("backoffice.newsletter.sending")}>
            {t("backoffice.newsletter.send", { count: subscribers })}
          </StatusButton>
        </div>
      </Form>

      {preview ? (
        <section className="card mt-4 p-4" aria-labelledby="preview-heading" data-testid="issue-preview">
          <h3 id="preview-heading" className="font-semibold">{t("backoffice.newsletter.previewTitle", { language: localeNames[preview.locale] })}</h3>
          <p className="mt-2 text-sm"><strong>{t("backoffice.newsletter.subject")}:</strong> <span data-testid="preview-subject">{preview.subject}</span></p>
          <iframe title={t("backoffice.newsletter.previewTitle", { language: localeNames[preview.locale] })} sandbox="" srcDoc={preview.html} className="mt-2 h-96 w-full rounded border border-slate-200 bg-white" />
          <pre className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap text-xs text-slate-700" data-testid="preview-text">{preview.text}</pre>
        </section>
      ) : null}

      <section className="card mt-6 overflow-x-auto p-4" aria-labelledby="issues-heading">
        <h3 id="issues-heading" className="font-semibold">{t("backoffice.newsletter.pastIssues")}</h3>
        <DataTable
          items={issues}
          empty={<p className="mt-2 text-sm text-slate-600">{t("backoffice.newsletter.noIssues")}</p>}
          tableClassName="mt-2 w-full text-sm"
          testId="newsletter-issues"
          columns={[
            t("backoffice.newsletter.date"),
            t("backoffice.newsletter.subject"),
            { label: t("backoffice.newsletter.recipients"), align: "end" },
            { label: t("backoffice.newsletter.queued"), align: "end" },
            { label: t("backoffice.newsletter.sent"), align: "end" },
            { label: t("backoffice.newsletter.failed"), align: "end" },
          ]}
        >
          {(issue) => (
            <tr key={issue.id} className="border-b border-slate-100" data-testid="newsletter-issue">
              <td className="py-2">{formatDateTime(issue.createdAt)}</td>
              <th scope="row" className="py-2 text-start font-normal">{issue.subject} <span className="text-xs text-slate-500">({issue.languages.join(", ")})</span></th>
              <td className="py-2 text-end" data-testid="issue-recipients">{issue.recipients}</td>
              <td className="py-2 text-end" data-testid="issue-queued">{issue.counts.queued}</td>
              <td className="py-2 text-end" data-testid="issue-sent">{issue.counts.sent}</td>
              <td className="py-2 text-end" data-testid="issue-failed">{issue.counts.failed}</td>
            </tr>
          )}
        </DataTable>
      </section>
    </AdminSection>
  );
}
