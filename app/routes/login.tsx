import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useEffect, useState } from "react";
import { getAuthProvider } from "~/auth/provider.server";
import { getUser } from "~/auth/user.server";
import { startUserSession } from "~/auth/session.server";
import { authFailureMessage, authFailureStatus } from "~/auth/messages.server";
import { loginSchema, UNEXPECTED } from "~/auth/schemas";
import { upsertProfileOnSignIn } from "~/models/profile.server";
import { mergeVisitorCart, readCartSessionId } from "~/models/cart.server";
import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { requireSameOrigin } from "~/utils/csrf.server";
import { hitRateLimit, peekRateLimit, resetRateLimit } from "~/utils/rate-limit.server";
import { clientAddress } from "~/utils/client-address.server";
import { safeRedirect } from "~/utils/redirect";
import { pageMeta } from "~/utils/seo";
import { Field } from "~/components/field";
import { FormAlert } from "~/components/form-alert";
import { readFormData } from "~/utils/form-data.server";

/** Failed sign-ins allowed per e-mail and per client address in one window, then HTTP 429. */
export const LOGIN_LIMITS = { perEmail: 5, perAddress: 20, windowSeconds: 15 * 60 } as const;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("account.meta.login.title"), description: t("account.meta.login.description"), noindex: true }));

/** A refusal for too many attempts (429) tells the client when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // Only a same-site path is kept; anything else (//evil.example, https://…) is dropped here already.
  return { redirectTo: safeRedirect(redirectTo, "") };
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  if (await getUser(request)) throw redirect("/");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  // The password never travels back to the page.
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  const { email, password, redirectTo } = submission.value;
  const t = getTranslator(await getLocale(request));
  const emailKey = `login:email:${email}`;
  const addressKey = `login:address:${clientAddress(request)}`;
  const { perEmail, perAddress, windowSeconds } = LOGIN_LIMITS;

  try {
    const [byEmail, byAddress] = await Promise.all([
      peekRateLimit(emailKey, perEmail, windowSeconds),
      peekRateLimit(addressKey, perAddress, windowSeconds),
    ]);
    if (!byEmail.allowed || !byAddress.allowed) {
      const retryAfter = Math.max(1, ...[byEmail, byAddress].filter((r) => !r.allowed).map((r) => r.retryAfter));
      return data(
        submission.reply({
          formErrors: [t("account.errors.tooManyAttempts", { minutes: Math.ceil(retryAfter / 60) })],
          hideFields,
        }),
        { status: 429, headers: { "Retry-After": String(retryAfter) } },
      );
    }

    const result = await getAuthProvider().signIn(email, password);
    if (!result.ok) {
      if (result.code === "invalid_credentials" || result.code === "email_not_confirmed") {
        await Promise.all([
          hitRateLimit(emailKey, perEmail, windowSeconds),
          hitRateLimit(addressKey, perAddress, windowSeconds),
        ]);
      }
      return data(submission.reply({ formErrors: [authFailureMessage(result, t, "signIn")], hideFields }), {
        status: authFailureStatus(result, "signIn"),
      });
    }

    const { identity } = result;
    await resetRateLimit(emailKey);
    await upsertProfileOnSignIn(identity);
    // The visitor's cart lines and favourites join the account's.
    const cartSessionId = readCartSessionId(request);
    if (cartSessionId) await mergeVisitorCart(cartSessionId, identity.id);

    const cookie = await startUserSession(identity, {
      kind: "success",
      title: "account.toast.welcomeTitle",
      description: "account.toast.welcomeText",
    });
    return redirect(safeRedirect(redirectTo, "/"), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    console.error("login failed unexpectedly", error);
    return data(submission.reply({ formErrors: [UNEXPECTED], hideFields }), { status: 500 });
  }
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useT();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  // After a refused sign-in the password field starts empty again (the server never sends it back):
  // a new key gives a fresh input, without re-validating the form.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (lastResult?.error?.[""]) setAttempt((n) => n + 1);
  }, [lastResult]);
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const unexpected = form.errors?.includes(UNEXPECTED) ?? false;
  return (
    <div className="container-page flex justify-center py-12">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("account.login.title")}</h1>
        <p className="mt-2 text-slate-600">{t("account.login.intro")}</p>
        <div className="mt-6">
          <FormAlert
            id={form.errorId}
            title={unexpected ? t("account.toast.error") : t("account.toast.loginFailed")}
            messages={form.errors}
          />
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
            <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy}>
              {busy ? t("account.login.submitting") : t("account.login.submit")}
            </button>
          </Form>
        </div>
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
