import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requestContext } from "~/services/request-context.server";
import { pageContent } from "~/i18n/catalogues.server";
import { StaticPage, staticPageMeta, type StaticPageContent } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale } = await requestContext({ request, context });
  return { content: pageContent(locale, "returns") as unknown as StaticPageContent };
}

export default function ReturnsPage() {
  const { content } = useLoaderData<typeof loader>();
  return <StaticPage content={content} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
