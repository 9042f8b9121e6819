import { useFetcher } from "@remix-run/react";
import { useFetcherToast } from "~/components/client-toast";
import type { CartActionData } from "./cart-action-data";

/**
 * Shows the answer's toast of one cart form. Rendered by the page for every line, whatever the lines
 * show, so a toast still appears when its line (or the whole list) has already gone from view.
 */
export function FetcherToast({ fetcherKey }: { fetcherKey: string }) {
  const fetcher = useFetcher<CartActionData>({ key: fetcherKey });
  useFetcherToast(fetcher.data);
  return null;
}
