import type { LoaderFunctionArgs } from "@remix-run/node";
import { getTranslator } from "~/i18n/catalogues.server";
import { searchSuggestions } from "~/models/product-search.server";
import { requestContext } from "~/services/request-context.server";
import { refuseControlCharactersInAddress } from "~/utils/form-data.server";
import { MAX_QUERY_LENGTH } from "~/utils/search-text";

/**
 * GET /search/suggest?q=… → `{ query, suggestions: [{ kind, label, href }] }`: up to eight
 * categories and product names (in the shopper's language) for what has been typed, for the
 * search box's combobox. Read like a listing (kept until the catalogue changes: product-search.server.ts).
 * Text longer than the search form takes is refused with a message (400).
 */
export async function loader(args: LoaderFunctionArgs) {
  await refuseControlCharactersInAddress(args.request);
  const { locale } = await requestContext(args);
  const query = (new URL(args.request.url).searchParams.get("q") ?? "").replace(/\s+/g, " ").trim();
  if ([...query].length > MAX_QUERY_LENGTH) {
    const t = getTranslator(locale);
    return Response.json({ query: "", suggestions: [], error: t("catalogue.search.tooLong", { max: MAX_QUERY_LENGTH }) }, { status: 400 });
  }
  return Response.json({ query, suggestions: await searchSuggestions(query, locale) });
}
