import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { getAuthProvider } from "~/auth/provider.server";
import { authFailureMessage, authFailureStatus } from "~/auth/messages.server";
import { resetPasswordSchema } from "~/auth/password-schemas";
import { UNEXPECTED } from "~/auth/schemas";
import { revokeAllSessions } from "~/models/user-session.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { hitRateLimit } from "~/models/rate-limit.server";
import { clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { useZodForm } from "~/components/zod-form";
import { StatusButton } from "~/components/forms";
import { AccountFormBody } from "~/components/account/account-form";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";
import type { Messages } from "~/i18n/translate";
import { logActionFailure } from "~/services/action-failure.server";

/**
 * The link of the password-reset e-mail (/reset-password?token=…): opening it shows the form (or
 * says the link is used or expired); the form sets the new password, uses the link up and signs
 * the account out everywhere, then the visitor signs in with the new password.
 */
export const RESET_LIMITS = { windowSeconds: 15 * 60, perAddress: 20 } as const;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("password.reset.title"), description: t("password.reset.intro"), noindex: true }));

type View = { state: "form"; token: string } | { state: "invalid" };

export const handle = { i18n: ["account", "password"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token ? await getAuthProvider().checkPasswordResetLink(token) : false;
  const messages = routeMessages((await requestContext({ request, context })).locale, handle);
  if (valid === false) return data<View & { messages: Messages }>({ state: "invalid", messages }, { status: 404 });
  return data<View & { messages: Messages }>({ state: "form", token, messages });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), invalid: false }, { status: 400 });
  const t = getTranslator((await requestContext({ request, context })).locale);
  const limit = await hitRateLimit(`reset:address:${clientAddress(request)}`, RESET_LIMITS.perAddress, RESET_LIMITS.windowSeconds);
  if (!limit.allowed) {
    const message = t("account.errors.tooManyAttempts", { minutes: Math.ceil(limit.retryAfter / 60) });
    return data({ result: submission.reply({ formErrors: [message], hideFields }), invalid: false }, {
      status: 429,
      headers: { "Retry-After": String(Math.max(1, limit.retryAfter)) },
    });
  }
  try {
    const result = await getAuthProvider().resetPassword(submission.value.token, submission.value.password);
    if (!result.ok) {
      return data(
        { result: submission.reply({ formErrors: [authFailureMessage(result, t, "signUp")], hideFields }), invalid: result.code === "invalid_link" },
        { status: authFailureStatus(result, "signUp") },
      );
    }
    // Every session of the account ends, this browser's included: whoever knew the old password is out.
    await revokeAllSessions(result.userId);
  } catch (error) {
    logActionFailure("password reset failed unexpectedly", error);
    return data({ result: submission.reply({ formErrors: [UNEXPECTED], hideFields }), invalid: false }, { status: 500 });
  }
  const toast = { kind: "success", title: "password.reset.doneTitle", description: "password.reset.doneText" } as const;
  return redirect("/login", { headers: { "Set-Cookie": await flashToast(request, toast) } });
}

export default function ResetPassword() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useZodForm(resetPasswordSchema, { lastResult: actionData?.result });
  const invalid = view.state === "invalid" || actionData?.invalid === true;
  return (
    <div className="container-page flex justify-center py-12" data-testid="reset-password" data-state={invalid ? "invalid" : "form"}>
      <div className="card w-full max-w-md p-6 sm:p-8">
        {invalid ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            <h1 className="text-2xl font-bold">{t("password.reset.invalidTitle")}</h1>
            <p className="mt-2">{t("password.reset.invalidText")}</p>
            <p className="mt-4">
              <Link to="/forgot-password" className="font-semibold underline">
                {t("password.reset.requestNew")}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold">{t("password.reset.title")}</h1>
            <AccountFormBody intro={t("password.reset.intro")} form={form} errorTitle={t("account.toast.error")}>
              <Form method="post" {...getFormProps(form)} data-testid="reset-form" className="space-y-2">
                <input type="hidden" name="token" value={view.state === "form" ? view.token : ""} />
                <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
                <StatusButton className="btn-primary w-full" pendingLabel={t("password.reset.submitting")}>
                  {t("password.reset.submit")}
                </StatusButton>
              </Form>
            </AccountFormBody>
          </>
        )}
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
