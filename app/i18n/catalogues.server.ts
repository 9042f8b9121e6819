import { defaultLocale, type Locale } from "./config";
import { createTranslator, type Messages } from "./translate";
import type { I18nHandle } from "./namespaces";
import type { ShownToast, Toast } from "~/utils/session.server";

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
const serverOnlyNamespaces = new Set<string>(["pages", "email", "mail"]);

const sentMessages = new Map<string, Messages>();

/** Copies the part of `source` at `path` (a leaf with its plural forms, or a whole subtree) into `target`. */
function pick(target: Messages, source: Messages, path: string[]) {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    for (const [key, value] of Object.entries(source)) {
      if (key === head || (typeof value === "string" && key.startsWith(`${head}_`))) target[key] = value;
    }
    return;
  }
  const next = source[head];
  if (typeof next !== "object") return;
  const into = (target[head] ??= {}) as Messages;
  pick(into, next, rest);
}

/**
 * The interface texts a loader sends to the browser: the scopes its route's `handle.i18n` names —
 * whole namespaces ("catalogue") or parts of one ("product.addToCart", with its plural forms). The
 * root sends the shell's (SHELL: header, footer, toasts' close button, error pages); each route the
 * ones its page uses, so a page carries only its own texts and a client-side navigation only the
 * next page's. `useT()` merges what the matched routes sent.
 */
export function routeMessages(locale: Locale, handle: I18nHandle, viewer: { admin?: boolean } = {}): Messages {
  const scopes = viewer.admin && handle.adminI18n ? [...handle.i18n, ...handle.adminI18n] : handle.i18n;
  const key = `${locale}:${scopes.join(",")}`;
  let messages = sentMessages.get(key);
  if (!messages) {
    const catalogue = allMessages(locale);
    messages = {};
    for (const scope of scopes) {
      const path = scope.split(".");
      if (!serverOnlyNamespaces.has(path[0]!)) pick(messages, catalogue, path);
    }
    sentMessages.set(key, messages);
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

/** A flash or fetcher toast in the visitor's language, as the Toaster shows it. */
export function translateToast(toast: Toast, locale: Locale): ShownToast {
  const t = getTranslator(locale);
  return {
    kind: toast.kind,
    title: t(toast.title, toast.vars),
    ...(toast.description ? { description: t(toast.description, toast.vars) } : {}),
  };
}
