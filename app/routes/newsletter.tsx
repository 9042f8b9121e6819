import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requestContext } from "~/services/request-context.server";
import { useT } from "~/i18n/use-t";
import { subscribe } from "~/models/newsletter.server";
import { siteUrl } from "~/utils/env.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { clientAddress } from "~/utils/client-address.server";
import { safeRedirect } from "~/utils/redirect";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { retryAfterHeaders } from "~/utils/retry-after.server";
import { Field, FormErrors, StatusButton } from "~/components/forms";
import { emailField, Honeypot, HONEYPOT_FIELD } from "~/components/message-form";
import { readFormData } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { routeMessages } from "~/i18n/catalogues.server";
import { type I18nHandle } from "~/i18n/namespaces";

const newsletterSchema = z.object({ email: emailField });

/** Sign-ups per address (confirmation e-mails to one inbox) and per client, per hour. */
export const NEWSLETTER_RATE_LIMIT = {
  perAddress: { limit: 3, windowSeconds: 3600 },
  perClient: { limit: 20, windowSeconds: 3600 },
} as const;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("newsletter.meta.title"), description: t("newsletter.meta.description") }));

export const headers = retryAfterHeaders;

export const handle = { i18n: ["newsletter", "forms"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/"), messages: routeMessages((await requestContext({ request, context })).locale, handle) };
}

/** The page the form was sent from: the form's redirectTo, else our own Referer, else home. */
function returnPath(request: Request, formData: FormData): string {
  const given = formData.get("redirectTo");
  if (typeof given === "string" && given) return safeRedirect(given, "/");
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const url = new URL(referer);
      const own = new Set([new URL(request.url).origin, new URL(siteUrl()).origin]);
      if (own.has(url.origin)) return safeRedirect(url.pathname + url.search, "/");
    } catch {
      // not a URL: home
    }
  }
  return "/";
}

/** One answer for every address, known or not: "check your inbox". */
async function checkInbox(request: Request, to: string) {
  return redirect(to, {
    headers: {
      "Set-Cookie": await flashToast(request, {
        kind: "success",
        title: "newsletter.toast.checkInbox",
        description: "newsletter.toast.checkInboxText",
      }),
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const to = returnPath(request, formData);
  // A filled honeypot is a bot: the same answer as for a person, and nothing is stored or sent.
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") return checkInbox(request, to);

  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), redirectTo: to }, { status: 400 });
  }
  const email = submission.value.email;
  const limits = await Promise.all([
    hitRateLimit(`newsletter:address:${email.toLowerCase()}`, NEWSLETTER_RATE_LIMIT.perAddress.limit, NEWSLETTER_RATE_LIMIT.perAddress.windowSeconds),
    hitRateLimit(`newsletter:client:${clientAddress(request)}`, NEWSLETTER_RATE_LIMIT.perClient.limit, NEWSLETTER_RATE_LIMIT.perClient.windowSeconds),
  ]);
  const blocked = limits.find((limit) => !limit.allowed);
  if (blocked) {
    return data(
      {
        result: submission.reply({ formErrors: ["newsletter.errors.rateLimited"] }),
        redirectTo: to,
        minutes: Math.max(1, Math.ceil(blocked.retryAfter / 60)),
      },
      { status: 429, headers: { "Retry-After": String(blocked.retryAfter) } },
    );
  }
  await subscribe({ email, locale: (await requestContext({ request, context })).locale, siteUrl: siteUrl() });
  return checkInbox(request, to);
}

export default function NewsletterPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const redirectTo = actionData?.redirectTo ?? loaderData.redirectTo;
  const minutes = actionData && "minutes" in actionData ? Number(actionData.minutes) : 60;
  const [form, fields] = useForm({
    id: "newsletter-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(newsletterSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
  });
  const formErrors = form.errors?.map((error) => (error === "newsletter.errors.rateLimited" ? t(error, { minutes }) : error));
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-extrabold">{t("newsletter.page.title")}</h1>
      <p className="mt-3 text-slate-700">{t("newsletter.page.intro")}</p>
      <Form method="post" action="/newsletter" className="card relative mt-8 p-6" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={formErrors} className="mb-4" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Honeypot id="newsletter-page-website" />
        <Field meta={fields.email} type="email" label={t("newsletter.page.emailLabel")} autoComplete="email" />
        <StatusButton className="btn-primary mt-2">{t("newsletter.page.submit")}</StatusButton>
      </Form>
      {redirectTo !== "/newsletter" ? (
        <p className="mt-6">
          <Link to={redirectTo} className="text-brand-700 underline">
            {t("newsletter.page.back")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
