import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { staticPageData } from "~/services/static-page.server";
import { useT } from "~/i18n/use-t";
import { createSupportRequest, findOrderIdByNumber } from "~/models/message.server";
import { submitMessageForm } from "~/services/message-form.server";
import { Field } from "~/components/forms";
import { StaticPage, staticPageMeta, type StaticPageContent } from "~/components/static-page";
import {
  MessageFormPanel,
  MessageTextField,
  emailField,
  longTextField,
  nameField,
  orderNumberField,
  subjectField,
} from "~/components/message-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

const supportSchema = z.object({
  name: nameField("name"),
  email: emailField,
  orderNumber: orderNumberField,
  subject: subjectField,
  description: longTextField("description"),
});

interface SupportBox {
  title: string;
  text: string;
  hours: string;
  action: string;
}
type SupportContent = StaticPageContent & { phone: SupportBox; email: SupportBox; chat: SupportBox; boxesTitle: string };

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export const handle = { i18n: ["forms"] } satisfies I18nHandle;

export function loader(args: LoaderFunctionArgs) {
  return staticPageData<SupportContent>(args, "support", handle);
}

export function action(args: ActionFunctionArgs) {
  return submitMessageForm(args, {
    kind: "support",
    schema: supportSchema,
    store: async ({ orderNumber, ...fields }, sender) => {
      const orderId = orderNumber ? await findOrderIdByNumber(orderNumber) : null;
      if (orderNumber && !orderId) return { fieldErrors: { orderNumber: ["forms.errors.orderNotFound"] } };
      await createSupportRequest({ ...fields, orderNumber: orderNumber ?? null, orderId, ...sender });
    },
  });
}

function Box({ box, children }: { box: SupportBox; children: ReactNode }) {
  return (
    <section className="card flex flex-col p-6">
      <h3 className="text-lg font-bold">{box.title}</h3>
      <p className="mt-2 flex-1 text-slate-600">{box.text}</p>
      <p className="mt-3 text-sm font-medium text-slate-800">{box.hours}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function Support() {
  const { content } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <StaticPage
      content={content}
      before={
        <>
          <section aria-labelledby="support-boxes" className="mb-10">
            <h2 id="support-boxes" className="sr-only">
              {content.boxesTitle}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Box box={content.phone}>
                <a href={`tel:${t("common.company.phoneHref")}`} className="btn-secondary" dir="ltr">
                  {t("common.company.phone")}
                </a>
              </Box>
              <Box box={content.email}>
                <a href={`mailto:${t("common.company.email")}`} className="btn-secondary">
                  {t("common.company.email")}
                </a>
              </Box>
              <Box box={content.chat}>
                <Link to="/contact" className="btn-secondary">
                  {content.chat.action}
                </Link>
              </Box>
            </div>
          </section>
          <div className="mb-10 max-w-3xl">
            <MessageFormPanel kind="support" formId="support-form" schema={supportSchema}>
              {(fields) => (
                <>
                  <div className="grid gap-x-4 sm:grid-cols-2">
                    <Field meta={fields.name} label={t("forms.fields.name")} autoComplete="name" />
                    <Field meta={fields.email} type="email" label={t("forms.fields.email")} autoComplete="email" />
                  </div>
                  <Field
                    meta={fields.orderNumber}
                    label={`${t("forms.fields.orderNumber")} ${t("forms.fields.optional")}`}
                    hint={t("forms.fields.orderNumberHint")}
                    autoComplete="off"
                    dir="ltr"
                    pattern={undefined}
                  />
                  <Field meta={fields.subject} label={t("forms.fields.subject")} />
                  <MessageTextField meta={fields.description} label={t("forms.fields.description")} />
                </>
              )}
            </MessageFormPanel>
          </div>
        </>
      }
    />
  );
}

/** The page or the sending failed (for example, the database is unreachable): nothing was stored. */
export const ErrorBoundary = GeneralErrorBoundary;
