import { Link, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";

/**
 * The home page's light part of the offers admin: whether the visitor is an admin and in edit mode,
 * and the toggle. The editor itself (offers-editor.tsx, with its form library) loads only in edit mode.
 */

/** Whether the visitor is an admin (from the root loader) and the home page is in offers edit mode (?editOffers=1). */
export function useOffersAdmin() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [params] = useSearchParams();
  const isAdmin = Boolean(root?.user?.isAdmin);
  return { isAdmin, editing: isAdmin && params.get("editOffers") === "1" };
}

/** The admin's toggle between view and edit mode: a link, so it works without JavaScript. */
export function OffersAdminToggle({ editing }: { editing: boolean }) {
  const { t } = useT();
  return (
    <Link
      to={editing ? "/" : "/?editOffers=1"}
      preventScrollReset
      className={editing ? "btn-secondary" : "btn-primary"}
      aria-pressed={editing}
      data-testid="offers-edit-toggle"
    >
      {editing ? t("admin.offers.done") : t("admin.offers.edit")}
    </Link>
  );
}
