import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requestContext } from "~/services/request-context.server";
import { pageContent, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { createContactMessage } from "~/models/message.server";
import { submitMessageForm } from "~/services/message-form.server";
import { Field, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { FactList, StaticPage, staticPageMeta, type StaticFact, type StaticPageContent } from "~/components/static-page";
import {
  Honeypot,
  MESSAGE_MAX,
  SentPanel,
  emailField,
  longTextField,
  nameField,
  subjectField,
} from "~/components/message-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

const contactSchema = z.object({
  firstName: nameField("firstName"),
  lastName: nameField("lastName"),
  email: emailField,
  subject: subjectField,
  message: longTextField("message"),
});

/** Messages per address and window: enough for a person, too few for a spammer. */
const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 600 };

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export const handle = { i18n: ["forms"] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const { locale } = await requestContext(args);
  return { messages: routeMessages(locale, handle), content: pageContent(locale, "contact") as unknown as StaticPageContent & { hours: StaticFact[]; detailsTitle: string; hoursTitle: string } };
}

export function action(args: ActionFunctionArgs) {
  return submitMessageForm(args, {
    kind: "contact",
    schema: contactSchema,
    rateLimit: CONTACT_RATE_LIMIT,
    store: async (value, sender) => {
      await createContactMessage({ ...value, ...sender });
    },
  });
}

export default function Contact() {
  const { content } = useLoaderData<typeof loader>();
  const { t } = useT();
  const [params] = useSearchParams();
  const isSent = params.get("sent") === "1";
  return (
    <StaticPage
      content={content}
      before={
        <div className="mb-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <aside className="space-y-6" aria-labelledby="contact-details">
            <section className="card p-6">
              <h2 id="contact-details" className="mb-4 text-xl font-bold">
                {content.detailsTitle}
              </h2>
              <dl className="space-y-3">
                <div>
                  <dt className="text-sm font-medium text-slate-600">{t("forms.contact.address")}</dt>
                  <dd>
                    <address className="not-italic">
                      {t("common.company.name")}
                      <br />
                      {t("common.company.address")}
                    </address>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-medium text-slate-600">{t("forms.contact.phone")}</dt>
                  <dd>
                    <a href={`tel:${t("common.company.phoneHref")}`} className="text-brand-700 underline" dir="ltr">
                      {t("common.company.phone")}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-medium text-slate-600">{t("forms.contact.email")}</dt>
                  <dd>
                    <a href={`mailto:${t("common.company.email")}`} className="text-brand-700 underline">
                      {t("common.company.email")}
                    </a>
                  </dd>
                </div>
              </dl>
            </section>
            <section className="card p-6" aria-labelledby="contact-hours">
              <h2 id="contact-hours" className="mb-4 text-xl font-bold">
                {content.hoursTitle}
              </h2>
              <FactList facts={content.hours} />
            </section>
          </aside>
          <div>{isSent ? <SentPanel kind="contact" /> : <ContactForm />}</div>
        </div>
      }
    />
  );
}

function ContactForm() {
  const { t } = useT();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });
  return (
    <section className="card p-6" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-bold">
        {t("forms.contact.title")}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{t("forms.contact.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="relative">
        <FormErrors id={form.errorId} errors={form.errors} className="mb-4" />
        <Honeypot />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field meta={fields.firstName} label={t("forms.fields.firstName")} autoComplete="given-name" />
          <Field meta={fields.lastName} label={t("forms.fields.lastName")} autoComplete="family-name" />
        </div>
        <Field meta={fields.email} type="email" label={t("forms.fields.email")} autoComplete="email" />
        <Field meta={fields.subject} label={t("forms.fields.subject")} />
        <TextareaField
          meta={fields.message}
          label={t("forms.fields.message")}
          rows={6}
          // The browser counts UTF-16 units, the server characters: at worst the browser stops early.
          maxLength={MESSAGE_MAX}
          inputClassName="min-h-36"
        />
        <StatusButton className="btn-primary mt-2 w-full sm:w-auto" pendingLabel={t("forms.sending")}>
          {t("forms.contact.submit")}
        </StatusButton>
      </Form>
    </section>
  );
}

/** The page or the sending failed (for example, the database is unreachable): nothing was stored. */
export const ErrorBoundary = GeneralErrorBoundary;
