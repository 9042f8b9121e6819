import { useFetchers } from "@remix-run/react";

/**
 * The header badge while cart forms are in flight (JavaScript on): the server's count plus what the
 * pending posts to /cart will change, so the badge moves at once. Each form sends `previousQuantity`
 * (the line's quantity as shown) for this sum only; the server ignores it. Once the root loader has
 * revalidated, the fetchers are idle and the server's count stands alone.
 */
export function useOptimisticCartCount(serverCount: number): number {
  const fetchers = useFetchers();
  let count = serverCount;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form || !fetcher.formAction?.startsWith("/cart")) continue;
    const quantity = Number(form.get("quantity"));
    const previous = Number(form.get("previousQuantity") ?? 0) || 0;
    const intent = form.get("intent");
    if (intent === "add" && Number.isInteger(quantity) && quantity > 0) count += quantity;
    else if (intent === "update" && Number.isInteger(quantity)) count += Math.max(0, quantity) - previous;
    else if (intent === "remove") count -= previous;
    else if (intent === "clear") count = 0;
  }
  return Math.max(0, count);
}
