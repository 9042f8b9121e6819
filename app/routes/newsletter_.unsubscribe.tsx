import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { findByUnsubscribeToken, unsubscribe } from "~/models/newsletter.server";
import { requireSameOrigin } from "~/utils/csrf.server";
import { pageMeta } from "~/utils/seo";

/**
 * The unsubscribe link of every newsletter e-mail. Opening it (GET) changes nothing: link scanners
 * of mail providers open links too. The page's button (POST) unsubscribes; so does a mail
 * program's one-click POST to the same address (RFC 8058, List-Unsubscribe-Post).
 */
export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("newsletter.unsubscribe.title"), description: t("newsletter.meta.description"), noindex: true }));

type State = { state: "form"; email: string; token: string } | { state: "done" } | { state: "invalid" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("done") === "1") return data<State>({ state: "done" });
  const token = url.searchParams.get("token");
  const subscriber = await findByUnsubscribeToken(token);
  if (!subscriber) return data<State>({ state: "invalid" }, { status: 404 });
  return data<State>({ state: "form", email: subscriber.email, token: token! });
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await request.formData();
  const token = formData.get("token") ?? new URL(request.url).searchParams.get("token");
  if (!(await unsubscribe(token))) return data<State>({ state: "invalid" }, { status: 404 });
  return redirect("/newsletter/unsubscribe?done=1");
}

export default function NewsletterUnsubscribe() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useT();
  const view = actionData ?? loaderData;
  return (
    <div className="container-page max-w-2xl py-12" data-testid="newsletter-unsubscribe" data-state={view.state}>
      {view.state === "form" ? (
        <>
          <h1 className="text-3xl font-extrabold">{t("newsletter.unsubscribe.title")}</h1>
          <p className="mt-3 text-slate-700">{t("newsletter.unsubscribe.text", { email: view.email })}</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={view.token} />
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              {t("newsletter.unsubscribe.submit")}
            </button>
          </Form>
        </>
      ) : view.state === "done" ? (
        <div role="status" className="card border-emerald-300 bg-emerald-50 p-6">
          <h1 className="text-2xl font-bold text-emerald-900">{t("newsletter.unsubscribe.doneTitle")}</h1>
          <p className="mt-2 text-emerald-900">{t("newsletter.unsubscribe.doneText")}</p>
        </div>
      ) : (
        <div role="alert" className="card border-red-300 bg-red-50 p-6">
          <h1 className="text-2xl font-bold text-red-900">{t("newsletter.unsubscribe.invalidTitle")}</h1>
          <p className="mt-2 text-red-900">{t("newsletter.unsubscribe.invalidText")}</p>
        </div>
      )}
      <p className="mt-6">
        <Link to="/" className="text-brand-700 underline">
          {t("newsletter.home")}
        </Link>
      </p>
    </div>
  );
}
