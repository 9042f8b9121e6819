import { useEffect, useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { useT } from "~/i18n/use-t";
import type { ShownToast } from "~/utils/session.server";
import { onClientToast } from "./client-toast";

/**
 * Flash messages from the server (set by an action, read once by the root loader), so they show
 * after a plain form post too. Announced to screen readers through a live region.
 */
export function Toaster() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useT();
  const flash = root?.toast ?? null;
  // The latest toast: a flash from the root loader, or one a fetcher's answer carried (client-toast.ts).
  const [toast, setToast] = useState<ShownToast | null>(flash);
  const [hidden, setHidden] = useState<typeof toast>(null);
  useEffect(() => {
    if (flash) setToast(flash);
  }, [flash]);
  useEffect(() => onClientToast(setToast), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setHidden(toast), 6000);
    return () => clearTimeout(timer);
  }, [toast]);

  const visible = toast && hidden !== toast ? toast : null;
  const tone =
    visible?.kind === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : visible?.kind === "info"
        ? "border-slate-300 bg-white text-ink"
        : "border-emerald-300 bg-emerald-50 text-emerald-900";
  return (
    <div
      role={visible?.kind === "error" ? "alert" : "status"}
      aria-live={visible?.kind === "error" ? "assertive" : "polite"}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {visible ? (
        <div data-testid="toast" data-kind={visible.kind} className={`pointer-events-auto w-full max-w-md rounded-xl border p-4 shadow-lg ${tone}`}>
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <p className="font-semibold">{visible.title}</p>
              {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => setHidden(visible)}
              className="rounded px-2 text-lg leading-none"
              aria-label={t("common.close")}
            >
              ×
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
