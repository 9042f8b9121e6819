import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { getAuthProvider } from "~/auth/provider.server";
import { endUserSession } from "~/auth/session.server";
import { getSignedInSession } from "~/auth/user.server";
import { deleteAccount } from "~/models/privacy.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { hitRateLimit } from "~/models/rate-limit.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { plainText } from "~/utils/text";
import { Field, FormErrors, StatusButton } from "~/components/forms";

/**
 * Privacy (/profile/privacy): "download my data" (/profile/privacy/export.json: a JSON file of
 * everything the shop holds about the account) and "delete my account" (a confirmation step, then the password).
 */
const deleteSchema = z.object({
  password: plainText(z.string({ required_error: "account.errors.passwordRequired" }).min(1, "account.errors.passwordRequired")),
});

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("privacy.title"), description: t("privacy.intro"), noindex: true }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: deleteSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const t = getTranslator((await requestContext({ request, context })).locale);
  const limit = await hitRateLimit(`delete-account:${user.id}`, 5, 15 * 60);
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: [t("account.errors.tooManyAttempts", { minutes: Math.ceil(limit.retryAfter / 60) })], hideFields: ["password"] }), { status: 429 });
  }
  const check = await getAuthProvider().signIn(user.email, submission.value.password);
  if (!check.ok) {
    return data(submission.reply({ formErrors: [t("password.change.wrongCurrent")], hideFields: ["password"] }), { status: 400 });
  }
  const session = await getSignedInSession(request);
  await deleteAccount(user.id);
  const cookies = await endUserSession(request, session?.id ?? null, { kind: "success", title: "privacy.deletedTitle", description: "privacy.deletedText" });
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export default function PrivacyPage() {
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { t } = useT();
  const [form, fields] = useForm({ lastResult, shouldValidate: "onSubmit", onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteSchema }) });
  // The confirmation step: the first button only opens it (a GET link, works without JavaScript).
  const confirming = params.get("delete") === "1" || Boolean(lastResult);
  return (
    <div className="space-y-6">
      <section className="card p-6" aria-labelledby="export-heading">
        <h2 id="export-heading" className="text-xl font-bold">{t("privacy.exportTitle")}</h2>
        <p className="mt-2 text-slate-600">{t("privacy.exportText")}</p>
        <a href="/profile/privacy/export.json" download className="btn-secondary mt-4 inline-block" data-testid="download-data">
          {t("privacy.exportAction")}
        </a>
      </section>
      <section className="card border-red-200 p-6" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-xl font-bold">{t("privacy.deleteTitle")}</h2>
        <p className="mt-2 text-slate-600">{t("privacy.deleteText")}</p>
        {confirming ? (
          <div className="mt-4 max-w-md" data-testid="delete-confirm">
            <p className="font-semibold text-red-800">{t("privacy.confirmText")}</p>
            <FormErrors id={form.errorId} title={t("account.toast.error")} errors={form.errors} testId="form-alert" className="mb-6" />
            <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
              <Field meta={fields.password} type="password" label={t("account.fields.password")} autoComplete="current-password" required maxLength={128} />
              <StatusButton className="btn-danger" data-testid="delete-account">{t("privacy.deleteAction")}</StatusButton>
            </Form>
          </div>
        ) : (
          <a href="/profile/privacy?delete=1" className="btn-danger mt-4 inline-block" data-testid="start-delete">
            {t("privacy.deleteStart")}
          </a>
        )}
      </section>
    </div>
  );
}
