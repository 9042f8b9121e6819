import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { staticPageData } from "~/services/static-page.server";
import { useT } from "~/i18n/use-t";
import { createContactMessage } from "~/models/message.server";
import { barrierReportSubject, submitMessageForm } from "~/services/message-form.server";
import { Field } from "~/components/forms";
import { StaticPage, staticPageMeta } from "~/components/static-page";
import {
  BARRIER_PAGE_MAX,
  MessageFormPanel,
  SenderFields,
  MessageTextField,
  barrierPageField,
  emailField,
  longTextField,
  nameField,
} from "~/components/message-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

/*
 * The accessibility statement (Barrierefreiheitsstärkungsgesetz; docs/legal.md) with a form to
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

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export const handle = { i18n: ["forms"] } satisfies I18nHandle;

export function loader(args: LoaderFunctionArgs) {
  return staticPageData(args, "accessibility", handle);
}

export function action(args: ActionFunctionArgs) {
  // Its own counter: a person reporting a barrier is not held back by messages sent on /contact.
  return submitMessageForm(args, {
    kind: "accessibility",
    schema: barrierSchema,
    store: async ({ page, description, ...name }, sender) => {
      await createContactMessage({ ...name, subject: barrierReportSubject(page), message: description, ...sender });
    },
  });
}

export default function AccessibilityStatement() {
  const { content } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <StaticPage content={content}>
      <div className="mt-10 max-w-3xl">
        <MessageFormPanel kind="accessibility" formId="barrier-form" schema={barrierSchema}>
          {(fields) => (
            <>
              <SenderFields firstName={fields.firstName} lastName={fields.lastName} email={fields.email} />
              <Field
                meta={fields.page}
                label={`${t("forms.fields.page")} ${t("forms.fields.optional")}`}
                hint={t("forms.fields.pageHint")}
                maxLength={BARRIER_PAGE_MAX}
              />
              <MessageTextField meta={fields.description} label={t("forms.fields.barrier")} />
            </>
          )}
        </MessageFormPanel>
      </div>
    </StaticPage>
  );
}

/** The page or the sending failed (for example, the database is unreachable): nothing was stored. */
export const ErrorBoundary = GeneralErrorBoundary;
