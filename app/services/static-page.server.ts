import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageContent, routeMessages } from "~/i18n/catalogues.server";
import type { I18nHandle } from "~/i18n/namespaces";
import type { Messages } from "~/i18n/translate";
import type { StaticPageContent } from "~/components/static-page";
import { requestContext } from "./request-context.server";

/**
 * The loader data of a page written in the server-only catalogue namespace "pages" (/about, /faq,
 * /contact, …): its texts in the visitor's language (`Content`: the page's own parts besides the
 * common layout's), and, for a route that shows interface texts too (a form's), those its `handle` names.
 */
export async function staticPageData<Content extends StaticPageContent = StaticPageContent>(
  args: Pick<LoaderFunctionArgs, "request" | "context">,
  page: string,
): Promise<{ content: Content }>;
export async function staticPageData<Content extends StaticPageContent = StaticPageContent>(
  args: Pick<LoaderFunctionArgs, "request" | "context">,
  page: string,
  handle: I18nHandle,
): Promise<{ messages: Messages; content: Content }>;
export async function staticPageData(args: Pick<LoaderFunctionArgs, "request" | "context">, page: string, handle?: I18nHandle) {
  const { locale } = await requestContext(args);
  const content = pageContent(locale, page) as unknown as StaticPageContent;
  return handle ? { messages: routeMessages(locale, handle), content } : { content };
}
