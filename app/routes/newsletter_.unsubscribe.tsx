import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { findByUnsubscribeToken, unsubscribe } from "~/models/newsletter.server";
import { applyNewsletterLink, loadNewsletterLink } from "~/services/newsletter-link.server";
import { pageMeta } from "~/utils/seo";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

/**
 * The unsubscribe link of every newsletter e-mail. Opening it (GET) changes nothing: link scanners
 * of mail providers open links too. The page's button (POST) unsubscribes; so does a mail
 * program's one-click POST to the same address (RFC 8058, List-Unsubscribe-Post).
 */
export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("newsletter.unsubscribe.title"), description: t("newsletter.meta.description"), noindex: true }));

export const handle = { i18n: ["newsletter"] } satisfies I18nHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewsletterLink(request, findByUnsubscribeToken, handle);
}

export async function action({ request }: ActionFunctionArgs) {
  return applyNewsletterLink(request, unsubscribe, "/newsletter/unsubscribe");
}

export default function NewsletterUnsubscribe() {
  return <NewsletterLinkPage link="unsubscribe" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
