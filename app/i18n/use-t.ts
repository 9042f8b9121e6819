import { useMemo } from "react";
import { useMatches, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { defaultLocale, directionOf, type Locale } from "./config";
import { createTranslator, matchedMessages, type Messages } from "./translate";

/**
 * When the root loader itself failed (the database is gone) there are no catalogues, but the error
 * page still needs words: its own (in German and English), and the degraded header's and footer's
 * links in the default language (German). Kept equal to the German catalogue by a unit test.
 */
export const fallbackMessages: Messages = {
  common: {
    brand: "OfficeHaus",
    skipToContent: "Zum Inhalt springen",
    nav: { home: "Startseite", products: "Produkte", about: "Über uns", contact: "Kontakt", main: "Hauptnavigation" },
    footer: {
      tagline: "Ihr Partner für Büromöbel, Arbeitsplatz und Bürobedarf in Deutschland und der Schweiz.",
      shop: "Shop",
      service: "Service",
      legal: "Rechtliches",
      blog: "Blog",
      shipping: "Versand",
      returns: "Rückgabe",
      warranty: "Garantie",
      faq: "FAQ",
      support: "Support",
      privacy: "Datenschutz",
      terms: "AGB",
      cookies: "Cookie-Richtlinie",
      impressum: "Impressum",
      copyright: "© 2025 OfficeHaus GmbH. Alle Rechte vorbehalten.",
    },
    company: {
      address: "Friedrichstraße 123, 10117 Berlin, Deutschland",
      phone: "+49 30 1234 5678",
      phoneHref: "+493012345678",
      email: "info@officehaus.example",
    },
    error: {
      title: "Ein Fehler ist aufgetreten / Something went wrong",
      message: "Bitte versuchen Sie es in einem Moment erneut. / Please try again in a moment.",
      retry: "Neu laden / Reload",
    },
    notFound: {
      title: "Oops! Page not found",
      message: "Diese Seite gibt es nicht. / This page does not exist.",
      home: "Return to Home",
    },
  },
};

/** The active language's translator, over the texts the matched routes sent with the page. */
export function useT() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const matches = useMatches();
  const locale: Locale = root?.locale ?? defaultLocale;
  const t = useMemo(() => createTranslator(matchedMessages(matches, fallbackMessages), locale), [matches, locale]);
  return { t, locale, dir: directionOf(locale) };
}
