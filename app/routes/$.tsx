import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ErrorState } from "~/components/error-state";
import { pageMeta } from "~/utils/seo";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

/** Any path no other route claims: the 404 page, with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

/** A form posted to an unknown address gets the same 404 (not Remix's 405). */
export function action() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("common.notFound.title"), description: t("common.notFound.message"), noindex: true }));

export default function NotFound() {
  return <ErrorState status={404} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
