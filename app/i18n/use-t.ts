import { useMemo } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { defaultLocale, directionOf, type Locale } from "./config";
import { createTranslator, type Messages } from "./translate";

/**
 * When the root loader itself failed there are no catalogues: the error page still needs words.
 */
const fallbackMessages: Messages = {
  common: {
    brand: "OfficeHaus",
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

/** The active language's translator, from the messages the root loader sent with the page. */
export function useT() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const locale: Locale = root?.locale ?? defaultLocale;
  const messages = (root?.messages ?? fallbackMessages) as Messages;
  const t = useMemo(() => createTranslator(messages, locale), [messages, locale]);
  return { t, locale, dir: directionOf(locale) };
}
