import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staticPageData } from "~/services/static-page.server";
import { StaticPageRoute, staticPageMeta } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export function loader(args: LoaderFunctionArgs) {
  return staticPageData(args, "about");
}

export default StaticPageRoute;

export const ErrorBoundary = GeneralErrorBoundary;
