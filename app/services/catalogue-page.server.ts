import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCatalogue } from "~/models/catalogue.server";
import { refuseControlCharactersInAddress } from "~/utils/form-data.server";
import { requestContext } from "./request-context.server";

/** A listing page's loader data (products, category, search): the request's parts, then the model. */
export async function catalogueForRequest(args: Pick<LoaderFunctionArgs, "request" | "context">, fixed: { category?: string } = {}) {
  await refuseControlCharactersInAddress(args.request);
  const { locale, currency, cartOwner } = await requestContext(args);
  return loadCatalogue({ searchParams: new URL(args.request.url).searchParams, locale, currency, owner: cartOwner }, fixed);
}
