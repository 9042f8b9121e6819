import { defaultLocale, type Locale } from "./config";
import { createTranslator, type Messages } from "./translate";

/** Every catalogue file: app/locales/{locale}/{namespace}.json. */
const files = import.meta.glob<Messages>("../locales/*/*.json", { eager: true, import: "default" });

const catalogues = new Map<Locale, Messages>();
for (const [file, messages] of Object.entries(files)) {
  const [, locale, namespace] = file.match(/locales\/(\w+)\/([\w-]+)\.json$/) ?? [];
  if (!locale || !namespace) continue;
  const catalogue = catalogues.get(locale as Locale) ?? {};
  catalogue[namespace] = messages;
  catalogues.set(locale as Locale, catalogue);
}

/**
 * Long-form texts of the static pages (and the e-mails) stay on the server: the page's loader hands its own part to
 * the page, instead of every page carrying every text to the browser.
 */
const serverOnlyNamespaces = new Set(["pages", "email", "mail"]);

/** The admin area's texts go only to admins' browsers, not with every shopper's page. */
const adminOnlyNamespaces = new Set(["admin", "inbox", "backoffice"]);

const clientCatalogues = new Map<string, Messages>();

/** The messages the browser needs for the interface (all namespaces but the static pages; admin texts for admins). */
export function clientMessages(locale: Locale, options: { admin?: boolean } = {}): Messages {
  const cacheKey = `${locale}:${options.admin ? "admin" : "shop"}`;
  let messages = clientCatalogues.get(cacheKey);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(catalogues.get(locale) ?? {}).filter(
        ([ns]) => !serverOnlyNamespaces.has(ns) && (options.admin || !adminOnlyNamespaces.has(ns)),
      ),
    );
    clientCatalogues.set(cacheKey, messages);
  }
  return messages;
}

export function allMessages(locale: Locale): Messages {
  return catalogues.get(locale) ?? catalogues.get(defaultLocale) ?? {};
}

/** A translator for server code: actions (toasts, errors), meta, e-mails. */
export function getTranslator(locale: Locale) {
  return createTranslator(allMessages(locale), locale);
}

/** The texts of one static page (namespace "pages"), for its loader to return. */
export function pageContent(locale: Locale, page: string): Messages {
  const pages = allMessages(locale).pages;
  const content = typeof pages === "object" ? pages[page] : undefined;
  return typeof content === "object" ? content : {};
}
