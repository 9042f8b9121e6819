import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { useT } from "~/i18n/use-t";
import { locales, localeNames, type Locale } from "~/i18n/config";
import { useEffect, useId, useRef } from "react";
import { CartIcon, GlobeIcon, MenuIcon, SearchIcon, HeartIcon } from "./icons";
import { useHydrated } from "./client-toast";
import { useOptimisticCartCount } from "./optimistic-cart-count";
import { StatusButton } from "./forms";
import { NavigationProgress } from "./navigation-progress";

const navLinks = [
  { to: "/", key: "common.nav.home", end: true },
  { to: "/products", key: "common.nav.products", end: false },
  { to: "/about", key: "common.nav.about", end: false },
  { to: "/contact", key: "common.nav.contact", end: false },
] as const;

/** Header links and buttons: their classes are named once in styles/app.css (nav-link, icon-link). */
function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-link nav-link-active" : "nav-link";
}

function Brand() {
  const { t } = useT();
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-brand-800">
      <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-700 text-white">
        O
      </span>
      {/* On the narrowest phones the mark alone, so the bar keeps its controls on one line. */}
      <span className="sr-only sm:not-sr-only">{t("common.brand")}</span>
    </Link>
  );
}

/** The header on an error page without the root's data: the brand and the main links (texts in use-t's fallback). */
function DegradedHeader() {
  const { t } = useT();
  return (
    <header className="border-b border-slate-200 bg-white" data-degraded="true">
      <a href="#main" className="skip-link">
        {t("common.skipToContent")}
      </a>
      <div className="container-page flex min-h-16 flex-wrap items-center gap-3 py-2">
        <Brand />
        <nav aria-label={t("common.nav.main")} className="ms-4 flex flex-wrap items-center gap-1">
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
              {t(link.key)}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}

/**
 * The header of every page, each control rendered once: on phones the links fold behind a menu
 * button (a checkbox and its label, so it works without JavaScript), from `lg` they sit in the bar.
 * Every control is a link or a plain form, so it works without JavaScript.
 */
export function SiteHeader() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t, locale } = useT();
  const location = useLocation();
  const here = location.pathname + location.search;
  const user = root?.user ?? null;
  const cartCount = useOptimisticCartCount(root?.cartCount ?? 0);
  const menuToggle = useRef<HTMLInputElement>(null);
  // A followed link closes the phone menu (without JavaScript every page starts with it closed).
  useEffect(() => {
    if (menuToggle.current) menuToggle.current.checked = false;
  }, [location.key]);

  // No root data: its loader failed (the database is gone). Only what needs no data and no account.
  if (!root) return <DegradedHeader />;

  const iconLink = "icon-link";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="skip-link">
        {t("common.skipToContent")}
      </a>
      {/* Inside the banner landmark: a bar shown while a page loads is part of the header, not loose page content. */}
      <NavigationProgress />
      <div className="container-page relative flex min-h-16 flex-wrap items-center gap-x-1 lg:flex-nowrap lg:gap-3">
        <Brand />
        <input ref={menuToggle} type="checkbox" id="site-menu-toggle" className="peer sr-only lg:hidden" aria-controls="site-menu" />
        <div
          id="site-menu"
          className="order-last hidden w-full flex-col border-t border-slate-200 py-2 peer-checked:flex lg:order-none lg:flex lg:w-auto lg:flex-1 lg:flex-row lg:items-center lg:border-0 lg:py-0"
        >
          <nav aria-label={t("common.nav.main")} className="flex flex-col lg:ms-4 lg:flex-row lg:items-center lg:gap-1">
            {navLinks.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
                {t(link.key)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-2 flex flex-col items-start border-t border-slate-200 pt-2 lg:ms-auto lg:mt-0 lg:flex-row lg:items-center lg:gap-1 lg:border-0 lg:pt-0">
            {user ? (
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
                  <StatusButton className="nav-link">{t("common.nav.signOut")}</StatusButton>
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
            )}
          </div>
        </div>
        <div className="ms-auto flex items-center peer-focus-visible:[&_.menu-toggle]:outline-3 peer-focus-visible:[&_.menu-toggle]:outline-brand-600 lg:ms-0">
          <PreferencesControl country={root.country} currency={root.currency} locale={locale} redirectTo={here} />
          <Link to="/search" className={iconLink} aria-label={t("common.nav.search")}>
            <SearchIcon />
          </Link>
          <Link to="/favorites" className={iconLink} aria-label={t("common.nav.favorites")}>
            <HeartIcon />
          </Link>
          <Link
            to="/cart"
            className={`relative ${iconLink}`}
            aria-label={cartCount > 0 ? t("common.nav.cartWithCount", { count: cartCount }) : t("common.nav.cart")}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -end-0.5 top-0 grid min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          <label htmlFor="site-menu-toggle" className={`menu-toggle cursor-pointer lg:hidden ${iconLink}`} title={t("common.nav.menu")}>
            <MenuIcon />
            <span className="sr-only">{t("common.nav.menu")}</span>
          </label>
        </div>
      </div>
    </header>
  );
}

/**
 * Country/currency and language in one compact control: a <details> whose panel is one small form
 * posting to /preferences. With JavaScript a change applies at once and the OK button is gone;
 * without, the server's HTML has the button. The page reloads whole: the language changes every text.
 */
function PreferencesControl({
  country,
  currency,
  locale,
  redirectTo,
}: {
  country: string;
  currency: string;
  locale: Locale;
  redirectTo: string;
}) {
  const { t } = useT();
  const hydrated = useHydrated();
  const id = useId();
  const title = t("common.preferences.title");
  return (
    <details className="group" data-testid="preferences">
      <summary
        className="flex h-10 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <GlobeIcon className="h-4 w-4 shrink-0" />
        {/* The name says it in words and still contains what is shown (WCAG 2.5.3, label in name). */}
        <span className="sr-only">{`${title}: ${t(`common.preferences.${country === "CH" ? "CH" : "DE"}`)}, ${localeNames[locale]}: `}</span>
        <span dir="ltr">
          {locale.toUpperCase()}·{currency}
        </span>
      </summary>
      <Form
        method="post"
        action="/preferences"
        reloadDocument
        className="absolute end-4 top-full z-50 mt-1 flex w-64 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
        onChange={(event) => event.currentTarget.requestSubmit()}
      >
        <p className="text-sm font-bold">{title}</p>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div>
          <label htmlFor={`${id}-country`} className="label">
            {t("common.preferences.countryLabel")}
          </label>
          <select id={`${id}-country`} name="country" defaultValue={country} key={country} className="input">
            <option value="DE">{t("common.preferences.DE")}</option>
            <option value="CH">{t("common.preferences.CH")}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-lng`} className="label">
            {t("common.preferences.languageLabel")}
          </label>
          <select id={`${id}-lng`} name="lng" defaultValue={locale} key={locale} className="input">
            {locales.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {localeNames[lng]}
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <button type="submit" className="btn-secondary">
            {t("common.preferences.apply")}
          </button>
        )}
      </Form>
    </details>
  );
}
