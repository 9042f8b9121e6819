import { useEffect, useState } from "react";
import type { ShownToast as Toast } from "~/utils/session.server";

/**
 * Toasts that arrive in a fetcher's answer (JavaScript on) rather than as a flash in the session
 * (plain form posts). They go to the one Toaster in the root, so there is one live region.
 */
const EVENT = "shop:toast";

export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(EVENT, { detail: toast }));
}

/** For the Toaster: calls `listener` with every toast shown from the browser. */
export function onClientToast(listener: (toast: Toast) => void): () => void {
  const handler = (event: Event) => listener({ ...(event as CustomEvent<Toast>).detail });
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}

// Each answer is shown once, even when the component that owns the fetcher mounts again.
const shown = new WeakSet<object>();

/** Shows the toast carried by a fetcher's answer, exactly once per answer. */
export function useFetcherToast(data: unknown) {
  useEffect(() => {
    if (!data || typeof data !== "object" || shown.has(data)) return;
    shown.add(data);
    const toast = (data as { toast?: Toast }).toast;
    if (toast) showToast(toast);
  }, [data]);
}

/**
 * True once React runs in the browser. Forms add a hidden `_fetcher` field then, so the server can
 * answer a fetcher with data (and a toast) instead of redirecting a plain form post.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
