import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NewsletterLinkPage } from "~/components/newsletter-link-page";
import { confirmSubscription, findByConfirmToken } from "~/models/newsletter.server";
import { applyNewsletterLink, loadNewsletterLink } from "~/utils/newsletter-link.server";
import { pageMeta } from "~/utils/seo";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

/**
 * The double opt-in link of the confirmation e-mail. Opening it (GET) changes nothing: link
 * scanners of mail providers open links too. The page's button (POST) confirms.
 */
export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("newsletter.confirm.title"), description: t("newsletter.meta.description"), noindex: true }));

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewsletterLink(request, findByConfirmToken);
}

export async function action({ request }: ActionFunctionArgs) {
  return applyNewsletterLink(request, confirmSubscription, "/newsletter/confirm");
}

export default function NewsletterConfirm() {
  return <NewsletterLinkPage link="confirm" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
