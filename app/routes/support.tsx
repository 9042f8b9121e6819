import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { requestContext } from "~/services/request-context.server";
import { pageContent, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { createSupportRequest, findOrderIdByNumber } from "~/models/message.server";
import { submitMessageForm } from "~/services/message-form.server";
import { Field, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { StaticPage, staticPageMeta, type StaticPageContent } from "~/components/static-page";
import {
  Honeypot,
  MESSAGE_MAX,
  SentPanel,
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

/** Requests per address and window: enough for a person, too few for a spammer. */
const SUPPORT_RATE_LIMIT = { limit: 5, windowSeconds: 600 };

interface SupportBox {
  title: string;
  text: string;
  hours: string;
  action: string;
}
type SupportContent = StaticPageContent & { phone: SupportBox; email: SupportBox; chat: SupportBox; boxesTitle: string };

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export const handle = { i18n: ["forms"] } satisfies I18nHandle;

export async function loader(args: LoaderFunctionArgs) {
  const { locale } = await requestContext(args);
  return { messages: routeMessages(locale, handle), content: pageContent(locale, "support") as unknown as SupportContent };
}

export function action(args: ActionFunctionArgs) {
  return submitMessageForm(args, {
    kind: "support",
    schema: supportSchema,
    rateLimit: SUPPORT_RATE_LIMIT,
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
  const [params] = useSearchParams();
  const isSent = params.get("sent") === "1";
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
          <div className="mb-10 max-w-3xl">{isSent ? <SentPanel kind="support" /> : <SupportForm />}</div>
        </>
      }
    />
  );
}

function SupportForm() {
  const { t } = useT();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "support-form",
    lastResult,
    constraint: getZodConstraint(supportSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportSchema }),
  });
  return (
    <section className="card p-6" aria-labelledby="support-form-title">
      <h2 id="support-form-title" className="text-xl font-bold">
        {t("forms.support.title")}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{t("forms.support.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="relative">
        <FormErrors id={form.errorId} errors={form.errors} className="mb-4" />
        <Honeypot />
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
        <TextareaField
          meta={fields.description}
          label={t("forms.fields.description")}
          rows={6}
          // The browser counts UTF-16 units, the server characters: at worst the browser stops early.
          maxLength={MESSAGE_MAX}
          inputClassName="min-h-36"
        />
        <StatusButton className="btn-primary mt-2 w-full sm:w-auto" pendingLabel={t("forms.sending")}>
          {t("forms.support.submit")}
        </StatusButton>
      </Form>
    </section>
  );
}

/** The page or the sending failed (for example, the database is unreachable): nothing was stored. */
export const ErrorBoundary = GeneralErrorBoundary;
