import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "~/styles/app.css?url";
import { getLocale } from "~/i18n/i18n.server";
import { clientMessages } from "~/i18n/catalogues.server";
import { defaultLocale, directionOf } from "~/i18n/config";
import { getPreferences } from "~/utils/preferences.server";
import { commitSession } from "~/utils/session.server";
import { getAuthState } from "~/auth/user.server";
import { cartOwnerFor, countCartItems } from "~/models/cart.server";
import { siteUrl } from "~/utils/env.server";
import { SiteHeader } from "~/components/site-header";
import { SiteFooter } from "~/components/site-footer";
import { Toaster } from "~/components/toaster";
import { NavigationProgress } from "~/components/navigation-progress";
import { ErrorState } from "~/components/error-state";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // getAuthState reads the session, refreshes expired Supabase tokens and resolves user and role.
  const [locale, preferences, { user, session, sessionChanged }] = await Promise.all([
    getLocale(request),
    getPreferences(request),
    getAuthState(request),
  ]);
  const cartCount = await countCartItems(cartOwnerFor(user?.id ?? null, request));
  const toast = session.get("toast") ?? null;
  return data(
    {
      locale,
      dir: directionOf(locale),
      messages: clientMessages(locale, { admin: Boolean(user?.isAdmin) }),
      currency: preferences.currency,
      country: preferences.country,
      siteUrl: siteUrl(request),
      user: user
        ? { id: user.id, email: user.email, firstName: user.firstName, isAdmin: user.isAdmin }
        : null,
      cartCount,
      toast,
    },
    // Reading the flash toast empties it, and refreshed tokens must be kept: the cookie has to say so.
    toast || sessionChanged ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? defaultLocale;
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
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster />
    </>
  );
}

/**
 * The last line of defence: the root loader itself failed (for example, the database is gone).
 * The header needs the root's data, so only a plain page with a retry is shown.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="flex-1">
      <ErrorState status={status} />
    </main>
  );
}
