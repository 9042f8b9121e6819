import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { StatusButton } from "./forms";
import type { Messages } from "~/i18n/translate";

export type NewsletterLinkView = ({ state: "form"; email: string; token: string } | { state: "done" } | { state: "invalid" }) & {
  /** The page's texts (sent by the loader; an action's answer has none: the loader's stay). */
  messages?: Messages;
};

/**
 * The page behind a newsletter e-mail's link: the button that applies the token, then the outcome.
 * `link` names both the texts (newsletter.confirm.*, newsletter.unsubscribe.*) and the test id.
 */
export function NewsletterLinkPage({ link }: { link: "confirm" | "unsubscribe" }) {
  const loaderData = useLoaderData<NewsletterLinkView>();
  const actionData = useActionData<NewsletterLinkView>();
  const { t } = useT();
  const view = actionData ?? loaderData;
  return (
    <div className="container-page max-w-2xl py-12" data-testid={`newsletter-${link}`} data-state={view.state}>
      {view.state === "form" ? (
        <>
          <h1 className="text-3xl font-extrabold">{t(`newsletter.${link}.title`)}</h1>
          <p className="mt-3 text-slate-700">{t(`newsletter.${link}.text`, { email: view.email })}</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={view.token} />
            <StatusButton className="btn-primary">{t(`newsletter.${link}.submit`)}</StatusButton>
          </Form>
        </>
      ) : view.state === "done" ? (
        <div role="status" className="card border-emerald-300 bg-emerald-50 p-6">
          <h1 className="text-2xl font-bold text-emerald-900">{t(`newsletter.${link}.doneTitle`)}</h1>
          <p className="mt-2 text-emerald-900">{t(`newsletter.${link}.doneText`)}</p>
        </div>
      ) : (
        <div role="alert" className="card border-red-300 bg-red-50 p-6">
          <h1 className="text-2xl font-bold text-red-900">{t(`newsletter.${link}.invalidTitle`)}</h1>
          <p className="mt-2 text-red-900">{t(`newsletter.${link}.invalidText`)}</p>
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
