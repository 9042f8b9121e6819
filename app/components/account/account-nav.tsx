import { Link, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

/**
 * The account's pages, each a child route of the account layout (app/routes/profile.tsx). The
 * navigation is made from this list: a new account page (password, privacy) is one more entry.
 * `label` is a catalogue key.
 */
export const ACCOUNT_SECTIONS = [
  { key: "profile", path: "/profile", label: "myaccount.nav.profile" },
  { key: "orders", path: "/profile/orders", label: "myaccount.nav.orders" },
  { key: "password", path: "/profile/password", label: "password.change.title" },
  { key: "privacy", path: "/profile/privacy", label: "privacy.navLabel" },
] as const satisfies ReadonlyArray<{ key: string; path: string; label: string }>;

/** The section a path belongs to: the one with the longest path that is the path or a parent of it. */
export function accountSectionOfPath(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: { key: string; path: string } | null = null;
  for (const section of ACCOUNT_SECTIONS) {
    const matches = path === section.path || path.startsWith(`${section.path}/`);
    if (matches && (!best || section.path.length > best.path.length)) best = section;
  }
  return best?.key ?? null;
}

/** The account's pages as links (they work without JavaScript); the current one is marked. */
export function AccountNav() {
  const { t } = useT();
  const { pathname } = useLocation();
  const current = accountSectionOfPath(pathname);
  return (
    <nav aria-label={t("myaccount.layout.navLabel")} data-testid="account-nav">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.key}>
            <Link
              to={section.path}
              aria-current={section.key === current ? "page" : undefined}
              data-testid={`account-nav-${section.key}`}
              className={`block rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap ${
                section.key === current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {t(section.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
