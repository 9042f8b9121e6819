import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCatalogue } from "~/models/catalogue.server";
import { refuseControlCharactersInAddress } from "~/utils/form-data.server";
import { requestContext } from "./request-context.server";
import { routeMessages } from "~/i18n/catalogues.server";
import type { I18nHandle } from "~/i18n/namespaces";

/**
 * A listing page's loader data (products, category, search): the request's parts, then the model,
 * the visitor's favourites (from the request context) and the page's interface texts (its route's `handle`).
 */
export async function catalogueForRequest(
  args: Pick<LoaderFunctionArgs, "request" | "context">,
  handle: I18nHandle,
  fixed: { category?: string } = {},
) {
  await refuseControlCharactersInAddress(args.request);
  const ctx = await requestContext(args);
  const { locale, currency } = ctx;
  const [catalogue, favoriteIds] = await Promise.all([
    loadCatalogue({ searchParams: new URL(args.request.url).searchParams, locale, currency }, fixed),
    ctx.favoriteIds(),
  ]);
  return { ...catalogue, favoriteIds, messages: routeMessages(locale, handle) };
}
