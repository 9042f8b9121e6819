import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { getAuthProvider } from "~/auth/provider.server";
import { authFailureMessage, authFailureStatus } from "~/auth/messages.server";
import { PASSWORD_MAX, PASSWORD_MIN, registerSchema, UNEXPECTED } from "~/auth/schemas";
import { requestContext } from "~/services/request-context.server";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { siteUrl } from "~/utils/env.server";
import { hitRateLimits } from "~/models/rate-limit.server";
import { clientAddress } from "~/utils/client-address.server";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { retryAfterHeaders } from "~/utils/retry-after.server";
import { useZodForm } from "~/components/zod-form";
import { Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { AccountFormBody, useRefusals } from "~/components/account/account-form";
import { readFormData } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";
import { logActionFailure } from "~/services/action-failure.server";

/**
 * Sign-ups per hour: per client address (each costs a bcrypt hash, or a Supabase e-mail), and per
 * e-mail address typed (each sends that address an e-mail: the welcome, or "someone tried to
 * register with your address"; from many client addresses the first limit alone let one inbox be
 * flooded). Beyond `perEmail` nothing is done and the answer is the usual one (as for
 * /forgot-password: a refusal would tell, and would let anyone block an address's sign-up).
 */
export const REGISTER_LIMIT = { perAddress: 30, perEmail: 3, windowSeconds: 60 * 60 } as const;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("account.meta.register.title"), description: t("account.meta.register.description"), noindex: true }));

export const headers = retryAfterHeaders;

export const handle = { i18n: ["account"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, country, locale } = await requestContext({ request, context });
  if (user) throw redirect("/");
  return { country, messages: routeMessages(locale, handle) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, locale } = await requestContext({ request, context });
  if (user) throw redirect("/");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: registerSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  const t = getTranslator(locale);
  try {
    const [byAddress, byEmail] = await hitRateLimits(
      [
        { key: `register:address:${clientAddress(request)}`, limit: REGISTER_LIMIT.perAddress },
        { key: `register:email:${submission.value.email}`, limit: REGISTER_LIMIT.perEmail },
      ],
      REGISTER_LIMIT.windowSeconds,
    );
    if (!byAddress!.allowed) {
      return data(submission.reply({ formErrors: [t("account.errors.providerRateLimited")], hideFields }), {
        status: 429,
        headers: { "Retry-After": String(Math.max(1, byAddress!.retryAfter)) },
      });
    }
    const { confirmPassword: _confirm, ...input } = submission.value;
    // Over the address's limit: no account and no e-mail, the answer of a taken address.
    const result = byEmail!.allowed
      ? await getAuthProvider().signUp(input, { emailRedirectTo: siteUrl(), locale })
      : ({ ok: true, needsConfirmation: true } as const);
    if (!result.ok) {
      return data(submission.reply({ formErrors: [authFailureMessage(result, t, "signUp")], hideFields }), {
        status: authFailureStatus(result, "signUp"),
      });
    }
    return redirect("/login", {
      headers: {
        "Set-Cookie": await flashToast(request, {
          kind: "success",
          title: "account.toast.registrationSuccess",
          // The same answer whether or not the address had an account (its owner gets an e-mail
          // instead). Local accounts and Supabase's with confirmation get a link to confirm;
          // Supabase without it signs new accounts in at once.
          description: result.needsConfirmation ? "account.toast.registrationCheckEmail" : "account.toast.registrationSignIn",
        }),
      },
    });
  } catch (error) {
    logActionFailure("registration failed unexpectedly", error);
    return data(submission.reply({ formErrors: [UNEXPECTED], hideFields }), { status: 500 });
  }
}

export default function Register() {
  const { country } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useZodForm(registerSchema, { lastResult, defaultValue: { country } });
  // After a refused registration the password fields start empty again (the server never sends them back).
  const attempt = useRefusals(lastResult);
  const unexpected = form.errors?.includes(UNEXPECTED) ?? false;
  const mismatch = fields.confirmPassword.errors?.includes("account.errors.passwordMismatch") ?? false;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="card w-full max-w-xl p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("account.register.title")}</h1>
        <AccountFormBody
          intro={t("account.register.intro")}
          form={form}
          errorTitle={unexpected ? t("account.toast.error") : t("account.toast.registrationFailed")}
        >
          {mismatch ? (
            <FormErrors title={t("account.toast.passwordMismatchTitle")} errors={["account.errors.passwordMismatch"]} testId="form-alert" className="mb-6" />
          ) : null}
          <Form method="post" {...getFormProps(form)} data-testid="register-form" className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
            <Field meta={fields.firstName} label={t("account.fields.firstName")} autoComplete="given-name" required maxLength={100} />
            <Field meta={fields.lastName} label={t("account.fields.lastName")} autoComplete="family-name" required maxLength={100} />
            <Field
              meta={fields.email}
              type="email"
              label={t("account.fields.email")}
              autoComplete="email"
              required
              maxLength={254}
              className="sm:col-span-2"
            />
            <SelectField
              meta={fields.country}
              label={t("account.fields.country")}
              options={[
                { value: "DE", label: t("account.fields.countries.DE") },
                { value: "CH", label: t("account.fields.countries.CH") },
              ]}
              className="sm:col-span-2"
            />
            <Field
              key={`password-${attempt}`}
              meta={fields.password}
              type="password"
              label={t("account.fields.password")}
              hint={t("account.fields.passwordHint")}
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
            />
            <Field
              key={`confirmPassword-${attempt}`}
              meta={fields.confirmPassword}
              type="password"
              label={t("account.fields.confirmPassword")}
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
            />
            <StatusButton className="btn-primary sm:col-span-2" pendingLabel={t("account.register.submitting")}>
              {t("account.register.submit")}
            </StatusButton>
          </Form>
        </AccountFormBody>
        <p className="mt-6 text-center text-sm text-slate-600">
          {t("account.register.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {t("account.register.loginLink")}
          </Link>
        </p>
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
