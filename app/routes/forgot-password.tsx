import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { getAuthProvider } from "~/auth/provider.server";
import { authFailureMessage, authFailureStatus } from "~/auth/messages.server";
import { forgotPasswordSchema } from "~/auth/password-schemas";
import { UNEXPECTED } from "~/auth/schemas";
import { requestContext } from "~/services/request-context.server";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { hitRateLimits } from "~/models/rate-limit.server";
import { clientAddress } from "~/utils/client-address.server";
import { siteUrl } from "~/utils/env.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { retryAfterHeaders } from "~/utils/retry-after.server";
import { useZodForm } from "~/components/zod-form";
import { Field, StatusButton } from "~/components/forms";
import { AccountFormBody } from "~/components/account/account-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";
import { logActionFailure } from "~/services/action-failure.server";

/**
 * "Forgot your password?" (/forgot-password): the same answer whether or not the address has an
 * account. Rate-limited like the login: per client address (then 429), and per address asked for
 * (beyond it, silently nothing more is sent: the answer stays the same).
 */
export const FORGOT_LIMITS = { windowSeconds: 15 * 60, perAddress: 10, perAccount: 3 } as const;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("password.forgot.title"), description: t("password.forgot.intro"), noindex: true }));

export const headers = retryAfterHeaders;

export const handle = { i18n: ["account", "password"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1", messages: routeMessages((await requestContext({ request, context })).locale, handle) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const { locale } = await requestContext({ request, context });
  const t = getTranslator(locale);
  const [byAddress, byAccount] = await hitRateLimits(
    [
      { key: `forgot:address:${clientAddress(request)}`, limit: FORGOT_LIMITS.perAddress },
      { key: `forgot:account:${email}`, limit: FORGOT_LIMITS.perAccount },
    ],
    FORGOT_LIMITS.windowSeconds,
  );
  if (!byAddress!.allowed) {
    const retryAfter = Math.max(1, byAddress!.retryAfter);
    return data(submission.reply({ formErrors: [t("account.errors.tooManyAttempts", { minutes: Math.ceil(retryAfter / 60) })] }), {
      status: 429,
      headers: { "Retry-After": String(retryAfter) },
    });
  }
  if (byAccount!.allowed) {
    try {
      const result = await getAuthProvider().requestPasswordReset(email, { siteUrl: siteUrl(), locale });
      if (!result.ok) {
        return data(submission.reply({ formErrors: [authFailureMessage(result, t, "signIn")] }), { status: authFailureStatus(result, "signIn") });
      }
    } catch (error) {
      logActionFailure("password reset request failed unexpectedly", error);
      return data(submission.reply({ formErrors: [UNEXPECTED] }), { status: 500 });
    }
  }
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useZodForm(forgotPasswordSchema, { lastResult });
  return (
    <div className="container-page flex justify-center py-12">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("password.forgot.title")}</h1>
        {sent ? (
          <div role="status" data-testid="forgot-sent" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
            <p className="font-semibold">{t("password.forgot.sentTitle")}</p>
            <p className="mt-1 text-sm">{t("password.forgot.sentText")}</p>
          </div>
        ) : (
          <AccountFormBody intro={t("password.forgot.intro")} form={form} errorTitle={t("account.toast.error")}>
            <Form method="post" {...getFormProps(form)} data-testid="forgot-form" className="space-y-2">
              <Field meta={fields.email} type="email" label={t("account.fields.email")} autoComplete="email" required maxLength={254} />
              <StatusButton className="btn-primary w-full" pendingLabel={t("password.forgot.submitting")}>
                {t("password.forgot.submit")}
              </StatusButton>
            </Form>
          </AccountFormBody>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {t("password.forgot.backToLogin")}
          </Link>
        </p>
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
