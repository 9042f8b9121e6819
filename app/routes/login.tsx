import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { getAuthProvider } from "~/auth/provider.server";
import { startUserSession } from "~/auth/session.server";
import { authFailureMessage, authFailureStatus } from "~/auth/messages.server";
import { loginSchema, UNEXPECTED } from "~/auth/schemas";
import { upsertProfileOnSignIn } from "~/models/profile.server";
import { mergeVisitorCart } from "~/models/cart.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { claimRateSlot, deleteStaleRateLimits, hitRateLimits, refundRateLimit, resetRateLimit } from "~/models/rate-limit.server";
import { clientAddress } from "~/utils/client-address.server";
import { safeRedirect } from "~/utils/redirect";
import { pageMeta } from "~/utils/seo";
import { retryAfterHeaders } from "~/utils/retry-after.server";
import { useZodForm } from "~/components/zod-form";
import { Field, StatusButton } from "~/components/forms";
import { AccountFormBody, useRefusals } from "~/components/account/account-form";
import { readFormData } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";
import { logActionFailure } from "~/services/action-failure.server";

/**
 * Sign-in attempts per window. Each is counted before the password is checked (one statement that
 * counts and returns), and a successful one is taken back, so the counters hold failures (plus
 * attempts in flight) and a burst cannot get more passwords checked than the limits allow.
 * - per client address, all accounts together: then HTTP 429 for that address;
 * - per account from one address: then HTTP 429 for that account from that address only, so a
 *   stranger cannot lock the owner out: the right password from another address still signs in;
 * - per account from all addresses together (attempts the first two let through): beyond this,
 *   one password check per account every `slowDownSeconds` — many addresses guessing at one
 *   account slow it down for a few seconds, never lock it.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  perAddress: 20,
  perAccountFromAddress: 5,
  perAccount: 10,
  slowDownSeconds: 5,
} as const;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("account.meta.login.title"), description: t("account.meta.login.description"), noindex: true }));

export const headers = retryAfterHeaders;

export const handle = { i18n: ["account", "password"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, locale } = await requestContext({ request, context });
  if (user) throw redirect("/");
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // Only a same-site path is kept; anything else (//evil.example, https://…) is dropped here already.
  return { redirectTo: safeRedirect(redirectTo, ""), messages: routeMessages(locale, handle) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, locale, cartSessionId } = await requestContext({ request, context });
  if (user) throw redirect("/");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  // The password never travels back to the page.
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  const { email, password, redirectTo } = submission.value;
  const t = getTranslator(locale);
  const keys = {
    address: `login:address:${clientAddress(request)}`,
    accountFromAddress: `login:account:${email}:address:${clientAddress(request)}`,
    account: `login:account:${email}`,
  };
  const { windowSeconds, perAddress, perAccountFromAddress, perAccount, slowDownSeconds } = LOGIN_LIMITS;
  const tooMany = (retryAfter: number, message: string) =>
    data(submission.reply({ formErrors: [message], hideFields }), { status: 429, headers: { "Retry-After": String(Math.max(1, retryAfter)) } });

  try {
    // In this order everywhere, so concurrent sign-ins never wait on each other's counters in a cycle.
    const [byAddress, byAccountFromAddress, byAccount] = await hitRateLimits(
      [
        { key: keys.address, limit: perAddress },
        { key: keys.accountFromAddress, limit: perAccountFromAddress },
        { key: keys.account, limit: perAccount },
      ],
      windowSeconds,
    );
    const refused = [byAddress!, byAccountFromAddress!].filter((r) => !r.allowed);
    if (refused.length > 0) {
      // Refused before the account's own limit: not an attempt at the account as a whole, so one
      // stranger hammering from one address does not slow the account down for its owner.
      await refundRateLimit(keys.account);
      const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
      return tooMany(retryAfter, t("account.errors.tooManyAttempts", { minutes: Math.ceil(retryAfter / 60) }));
    }
    if (!byAccount!.allowed && !(await claimRateSlot(`login:account-slot:${email}`, slowDownSeconds))) {
      // Nothing was checked: the owner asked to wait, trying again, must not use up the attempts
      // of their own address at their own account (that would lock them out for the window).
      await refundRateLimit(keys.accountFromAddress);
      await refundRateLimit(keys.account);
      return tooMany(slowDownSeconds, t("account.errors.slowDown", { seconds: slowDownSeconds }));
    }

    const result = await getAuthProvider().signIn(email, password);
    if (!result.ok) {
      // Nothing was checked when the service could not be asked: that attempt does not count.
      if (result.code === "unavailable") await refund(keys);
      return data(submission.reply({ formErrors: [authFailureMessage(result, t, "signIn")], hideFields }), {
        status: authFailureStatus(result, "signIn"),
      });
    }

    const { identity } = result;
    await refund(keys);
    await resetRateLimit(keys.accountFromAddress);
    await deleteStaleRateLimits();
    await upsertProfileOnSignIn(identity);
    // The visitor's cart lines and favourites join the account's.
    if (cartSessionId) await mergeVisitorCart(cartSessionId, identity.id);

    const cookie = await startUserSession(request, identity, {
      kind: "success",
      title: "account.toast.welcomeTitle",
      description: "account.toast.welcomeText",
    });
    return redirect(safeRedirect(redirectTo, "/"), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    logActionFailure("login failed unexpectedly", error);
    return data(submission.reply({ formErrors: [UNEXPECTED], hideFields }), { status: 500 });
  }
}

/** Takes back a counted attempt, one counter at a time, in the order they were counted. */
async function refund(keys: { address: string; accountFromAddress: string; account: string }) {
  for (const key of [keys.address, keys.accountFromAddress, keys.account]) await refundRateLimit(key);
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useZodForm(loginSchema, { lastResult });
  // After a refused sign-in the password field starts empty again (the server never sends it back).
  const attempt = useRefusals(lastResult);
  const unexpected = form.errors?.includes(UNEXPECTED) ?? false;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("account.login.title")}</h1>
        <AccountFormBody intro={t("account.login.intro")} form={form} errorTitle={unexpected ? t("account.toast.error") : t("account.toast.loginFailed")}>
          <Form method="post" {...getFormProps(form)} data-testid="login-form" className="space-y-2">
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Field meta={fields.email} type="email" label={t("account.fields.email")} autoComplete="email" required maxLength={254} />
            <Field
              key={`password-${attempt}`}
              meta={fields.password}
              type="password"
              label={t("account.fields.password")}
              autoComplete="current-password"
              required
              maxLength={128}
            />
            <p className="text-end text-sm">
              <Link to="/forgot-password" className="text-brand-700 hover:underline" data-testid="forgot-password-link">
                {t("password.forgot.link")}
              </Link>
            </p>
            <StatusButton className="btn-primary w-full" pendingLabel={t("account.login.submitting")}>
              {t("account.login.submit")}
            </StatusButton>
          </Form>
        </AccountFormBody>
        <p className="mt-6 text-center text-sm text-slate-600">
          {t("account.login.noAccount")}{" "}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            {t("account.login.registerLink")}
          </Link>
        </p>
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
