import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { confirmSubscription, findByConfirmToken } from "~/models/newsletter.server";
import { applyNewsletterLink, loadNewsletterLink } from "~/services/newsletter-link.server";
import { pageMeta } from "~/utils/seo";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

/**
 * The double opt-in link of the confirmation e-mail. Opening it (GET) changes nothing: link
 * scanners of mail providers open links too. The page's button (POST) confirms.
 */
export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("newsletter.confirm.title"), description: t("newsletter.meta.description"), noindex: true }));

export const handle = { i18n: ["newsletter"] } satisfies I18nHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewsletterLink(request, findByConfirmToken, handle);
}

export async function action({ request }: ActionFunctionArgs) {
  return applyNewsletterLink(request, confirmSubscription, "/newsletter/confirm");
}

export default function NewsletterConfirm() {
  return <NewsletterLinkPage link="confirm" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
