import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { useT } from "~/i18n/use-t";
import { locales, localeNames } from "~/i18n/config";
import { CartIcon, MenuIcon, SearchIcon, HeartIcon } from "./icons";
import { AutoSubmitSelect } from "./auto-submit-select";
import { useOptimisticCartCount } from "./optimistic-cart-count";

const navLinks = [
  { to: "/", key: "common.nav.home", end: true },
  { to: "/products", key: "common.nav.products", end: false },
  { to: "/about", key: "common.nav.about", end: false },
  { to: "/contact", key: "common.nav.contact", end: false },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
  }`;
}

/** The header of every page. Every control is a link or a plain form, so it works without JavaScript. */
export function SiteHeader() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t, locale } = useT();
  const location = useLocation();
  const here = location.pathname + location.search;
  const user = root?.user ?? null;
  const cartCount = useOptimisticCartCount(root?.cartCount ?? 0);

  const accountLinks = user ? (
    <>
      {user.isAdmin ? (
        <NavLink to="/admin" className={navClass}>
          {t("common.nav.admin")}
        </NavLink>
      ) : null}
      <NavLink to="/profile" className={navClass}>
        {t("common.nav.profile")}
      </NavLink>
      <Form method="post" action="/logout">
        <input type="hidden" name="redirectTo" value="/" />
        <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
          {t("common.nav.signOut")}
        </button>
      </Form>
    </>
  ) : (
    <>
      <NavLink to={`/login?redirectTo=${encodeURIComponent(here)}`} className={navClass}>
        {t("common.nav.signIn")}
      </NavLink>
      <NavLink to="/register" className={navClass}>
        {t("common.nav.register")}
      </NavLink>
    </>
  );

  const preferenceForms = (
    <div className="flex flex-wrap items-center gap-2">
      <AutoSubmitSelect
        action="/preferences"
        redirectTo={here}
        name="country"
        label={t("common.preferences.countryLabel")}
        submitLabel={t("common.preferences.apply")}
        value={root?.country ?? "DE"}
        options={[
          { value: "DE", label: t("common.preferences.DE") },
          { value: "CH", label: t("common.preferences.CH") },
        ]}
      />
      <AutoSubmitSelect
        action="/preferences"
        redirectTo={here}
        name="lng"
        label={t("common.preferences.languageLabel")}
        submitLabel={t("common.preferences.apply")}
        value={locale}
        reloadDocument
        options={locales.map((lng) => ({ value: lng, label: localeNames[lng], lang: lng }))}
      />
    </div>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="skip-link">
        {t("common.skipToContent")}
      </a>
      <div className="container-page flex h-16 items-center gap-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-brand-800">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-700 text-white">
            O
          </span>
          <span>{t("common.brand")}</span>
        </Link>
        <nav aria-label={t("common.nav.main")} className="ms-4 hidden items-center gap-1 lg:flex">
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
              {t(link.key)}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 lg:flex">{accountLinks}</div>
          <Link to="/search" className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label={t("common.nav.search")}>
            <SearchIcon />
          </Link>
          <Link to="/favorites" className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label={t("common.nav.favorites")}>
            <HeartIcon />
          </Link>
          <Link
            to="/cart"
            className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
            aria-label={cartCount > 0 ? t("common.nav.cartWithCount", { count: cartCount }) : t("common.nav.cart")}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -end-1 -top-1 grid min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          <details className="relative lg:hidden">
            <summary
              className="list-none rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label={t("common.nav.menu")}
            >
              <MenuIcon />
            </summary>
            <div className="absolute end-0 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
              <nav aria-label={t("common.nav.mobile")} className="flex flex-col">
                {navLinks.map((link) => (
                  <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
                    {t(link.key)}
                  </NavLink>
                ))}
                <div className="my-2 border-t border-slate-200" />
                <div className="flex flex-col items-start">{accountLinks}</div>
              </nav>
              <div className="mt-3 border-t border-slate-200 pt-3">{preferenceForms}</div>
            </div>
          </details>
        </div>
      </div>
      <div className="hidden border-t border-slate-100 bg-slate-50 lg:block">
        <div className="container-page flex h-10 items-center justify-end">{preferenceForms}</div>
      </div>
    </header>
  );
}
