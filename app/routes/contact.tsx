import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { staticPageData } from "~/services/static-page.server";
import { useT } from "~/i18n/use-t";
import { createContactMessage } from "~/models/message.server";
import { submitMessageForm } from "~/services/message-form.server";
import { Field } from "~/components/forms";
import { FactList, StaticPage, staticPageMeta, type StaticFact, type StaticPageContent } from "~/components/static-page";
import { MessageFormPanel, MessageTextField, SenderFields, emailField, longTextField, nameField, subjectField } from "~/components/message-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

const contactSchema = z.object({
  firstName: nameField("firstName"),
  lastName: nameField("lastName"),
  email: emailField,
  subject: subjectField,
  message: longTextField("message"),
});

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export const handle = { i18n: ["forms"] } satisfies I18nHandle;

export function loader(args: LoaderFunctionArgs) {
  return staticPageData<StaticPageContent & { hours: StaticFact[]; detailsTitle: string; hoursTitle: string }>(args, "contact", handle);
}

export function action(args: ActionFunctionArgs) {
  return submitMessageForm(args, {
    kind: "contact",
    schema: contactSchema,
    store: async (value, sender) => {
      await createContactMessage({ ...value, ...sender });
    },
  });
}

export default function Contact() {
  const { content } = useLoaderData<typeof loader>();
  const { t } = useT();
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
          <div>
            <MessageFormPanel kind="contact" formId="contact-form" schema={contactSchema}>
              {(fields) => (
                <>
                  <SenderFields firstName={fields.firstName} lastName={fields.lastName} email={fields.email} />
                  <Field meta={fields.subject} label={t("forms.fields.subject")} />
                  <MessageTextField meta={fields.message} label={t("forms.fields.message")} />
                </>
              )}
            </MessageFormPanel>
          </div>
        </div>
      }
    />
  );
}

/** The page or the sending failed (for example, the database is unreachable): nothing was stored. */
export const ErrorBoundary = GeneralErrorBoundary;
