import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "~/styles/app.css?url";
import { stickyLanguageCookie } from "~/services/preference-cookies.server";
import { routeMessages, translateToast } from "~/i18n/catalogues.server";
import { SHELL } from "~/i18n/namespaces";
import { defaultLocale, directionOf } from "~/i18n/config";
import { commitSession } from "~/utils/session.server";
import { requestContext } from "~/services/request-context.server";
import { siteUrl } from "~/utils/env.server";
import { SiteHeader } from "~/components/site-header";
import { SiteFooter } from "~/components/site-footer";
import { Toaster } from "~/components/toaster";
import { useNonce } from "~/components/nonce";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The request's context (memoized: a child loader asking again gets the same): locale,
  // preferences, and getAuthState's reading of the session (expired Supabase tokens refreshed).
  const ctx = await requestContext({ request, context });
  const { locale, country, currency, user, auth } = ctx;
  const { session, sessionChanged } = auth;
  const cartCount = await ctx.cartCount();
  const toast = session.get("toast") ?? null;
  const headers = new Headers();
  // Reading the flash toast empties it, and refreshed tokens must be kept: the cookie has to say so.
  if (toast || sessionChanged) headers.append("Set-Cookie", await commitSession(session, request));
  const lngCookie = stickyLanguageCookie(request);
  if (lngCookie) headers.append("Set-Cookie", lngCookie);
  return data(
    {
      locale,
      dir: directionOf(locale),
      messages: routeMessages(locale, SHELL),
      currency,
      country,
      siteUrl: siteUrl(),
      user: user
        ? { id: user.id, email: user.email, firstName: user.firstName, isAdmin: user.isAdmin }
        : null,
      cartCount,
      toast: toast ? translateToast(toast, locale) : null,
    },
    { headers },
  );
}

/**
 * What the root sends can change only through a form post (cart, sign-in and out, preferences: they
 * revalidate) or a language chosen with ?lng=. A plain navigation does not ask for it again, so a
 * client-side navigation fetches only the next page's own data.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.searchParams.get("lng") !== nextUrl.searchParams.get("lng")) return true;
  return false;
};

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * The document and the shop's frame: header, main, footer and toasts. It wraps every page and every
 * error page alike (Remix renders the Layout around the root's ErrorBoundary too), so a 404, a 403
 * or a 503 keeps the header, the footer and the language. When the root loader itself failed (the
 * database is gone) there is no root data: header and footer then show only what needs none.
 */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? defaultLocale;
  const nonce = useNonce();
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#174ca8" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The last line of defence: an error no page route caught, or the root loader's own (the database is gone). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
