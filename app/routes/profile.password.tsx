import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { requireUser } from "~/auth/guards.server";
import { getSignedInSession } from "~/auth/user.server";
import { getAuthProvider } from "~/auth/provider.server";
import { authFailureMessage, authFailureStatus } from "~/auth/messages.server";
import { changePasswordSchema } from "~/auth/password-schemas";
import { UNEXPECTED } from "~/auth/schemas";
import { revokeOtherSessions, updateSessionTokens } from "~/models/user-session.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { hitRateLimit, resetRateLimit } from "~/models/rate-limit.server";
import { readFormData } from "~/utils/form-data.server";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { useZodForm } from "~/components/zod-form";
import { Field, StatusButton } from "~/components/forms";
import { AccountFormBody } from "~/components/account/account-form";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { logActionFailure } from "~/services/action-failure.server";

/** Change password (/profile/password): current, new, confirm; the account's other sessions end. */
export const CHANGE_LIMIT = { windowSeconds: 15 * 60, perAccount: 5 } as const;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("password.change.title"), description: t("password.change.intro"), noindex: true }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  const submission = parseWithZod(await readFormData(request), { schema: changePasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const t = getTranslator((await requestContext({ request, context })).locale);
  const key = `change-password:${user.id}`;
  const limit = await hitRateLimit(key, CHANGE_LIMIT.perAccount, CHANGE_LIMIT.windowSeconds);
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: [t("account.errors.tooManyAttempts", { minutes: Math.ceil(limit.retryAfter / 60) })], hideFields }), {
      status: 429,
      headers: { "Retry-After": String(Math.max(1, limit.retryAfter)) },
    });
  }
  try {
    const result = await getAuthProvider().changePassword({
      userId: user.id,
      email: user.email,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.password,
    });
    if (!result.ok) {
      const message = result.code === "invalid_credentials" ? t("password.change.wrongCurrent") : authFailureMessage(result, t, "signUp");
      return data(submission.reply({ formErrors: [message], hideFields }), { status: result.code === "invalid_credentials" ? 400 : authFailureStatus(result, "signUp") });
    }
    const session = await getSignedInSession(request);
    if (session) {
      await revokeOtherSessions(user.id, session.id);
      if (result.tokens) await updateSessionTokens(session.id, result.tokens);
    }
    await resetRateLimit(key);
  } catch (error) {
    logActionFailure("password change failed unexpectedly", error);
    return data(submission.reply({ formErrors: [UNEXPECTED], hideFields }), { status: 500 });
  }
  const toast = { kind: "success", title: "password.change.doneTitle", description: "password.change.doneText" } as const;
  return redirect("/profile/password", { headers: { "Set-Cookie": await flashToast(request, toast) } });
}

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useZodForm(changePasswordSchema, { lastResult });
  return (
    <section className="card p-6" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-xl font-bold">{t("password.change.title")}</h2>
      <AccountFormBody intro={t("password.change.intro")} form={form} errorTitle={t("account.toast.error")} className="mt-6 max-w-md">
        <Form method="post" {...getFormProps(form)} data-testid="change-password-form" className="space-y-2">
          <Field meta={fields.currentPassword} type="password" label={t("password.fields.currentPassword")} autoComplete="current-password" required maxLength={128} />
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
          <StatusButton className="btn-primary" pendingLabel={t("password.change.submitting")}>
            {t("password.change.submit")}
          </StatusButton>
        </Form>
      </AccountFormBody>
    </section>
  );
}
