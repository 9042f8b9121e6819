import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requestContext } from "~/services/request-context.server";
import { pageContent, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { createContactMessage } from "~/models/message.server";
import { barrierReportSubject, submitMessageForm } from "~/services/message-form.server";
import { Field, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { StaticPage, staticPageMeta, type StaticPageContent } from "~/components/static-page";
import {
  Honeypot,
  BARRIER_PAGE_MAX,
  MESSAGE_MAX,
  SentPanel,
  barrierPageField,
  emailField,
  longTextField,
  nameField,
} from "~/components/message-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

/*
 * The accessibility statement (Barrierefreiheitsstärkungsgesetz; DECISIONS.md §5) with a form to
 * report a barrier. A report is a contact message (the contact form's fields, plus the page it is
 * about) whose subject starts "Barriere: ", so it reaches the admin's inbox without a table of its own.
 */
const barrierSchema = z.object({
  firstName: nameField("firstName"),
  lastName: nameField("lastName"),
  email: emailField,
  page: barrierPageField,
  description: longTextField("description"),
});

/** Reports per address and window, as the contact form's: enough for a person, too few for a spammer. */
const BARRIER_RATE_LIMIT = { limit: 5, windowSeconds: 600 };

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export const handle = { i18n: ["forms"] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const { locale } = await requestContext(args);
  return { messages: routeMessages(locale, handle), content: pageContent(locale, "accessibility") as unknown as StaticPageContent };
}

export function action(args: ActionFunctionArgs) {
  // Its own counter: a person reporting a barrier is not held back by messages sent on /contact.
  return submitMessageForm(args, {
    kind: "accessibility",
    schema: barrierSchema,
    rateLimit: BARRIER_RATE_LIMIT,
    store: async ({ page, description, ...name }, sender) => {
      await createContactMessage({ ...name, subject: barrierReportSubject(page), message: description, ...sender });
    },
  });
}

export default function AccessibilityStatement() {
  const { content } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const isSent = params.get("sent") === "1";
  return (
    <StaticPage content={content}>
      <div className="mt-10 max-w-3xl">{isSent ? <SentPanel kind="accessibility" /> : <BarrierForm />}</div>
    </StaticPage>
  );
}

function BarrierForm() {
  const { t } = useT();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "barrier-form",
    lastResult,
    constraint: getZodConstraint(barrierSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: barrierSchema }),
  });
  return (
    <section className="card p-6" aria-labelledby="barrier-form-title">
      <h2 id="barrier-form-title" className="text-xl font-bold">
        {t("forms.accessibility.title")}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{t("forms.accessibility.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="relative">
        <FormErrors id={form.errorId} errors={form.errors} className="mb-4" />
        <Honeypot />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field meta={fields.firstName} label={t("forms.fields.firstName")} autoComplete="given-name" />
          <Field meta={fields.lastName} label={t("forms.fields.lastName")} autoComplete="family-name" />
        </div>
        <Field meta={fields.email} type="email" label={t("forms.fields.email")} autoComplete="email" />
        <Field
          meta={fields.page}
          label={`${t("forms.fields.page")} ${t("forms.fields.optional")}`}
          hint={t("forms.fields.pageHint")}
          maxLength={BARRIER_PAGE_MAX}
        />
        <TextareaField
          meta={fields.description}
          label={t("forms.fields.barrier")}
          rows={6}
          // The browser counts UTF-16 units, the server characters: at worst the browser stops early.
          maxLength={MESSAGE_MAX}
          inputClassName="min-h-36"
        />
        <StatusButton className="btn-primary mt-2 w-full sm:w-auto" pendingLabel={t("forms.sending")}>
          {t("forms.accessibility.submit")}
        </StatusButton>
      </Form>
    </section>
  );
}

/** The page or the sending failed (for example, the database is unreachable): nothing was stored. */
export const ErrorBoundary = GeneralErrorBoundary;
