import type { MetaDescriptor } from "@remix-run/node";
import { defaultLocale, intlLocale, isLocale, locales, type Locale } from "~/i18n/config";
import { createTranslator, matchedMessages, type Translate } from "~/i18n/translate";

interface RootMetaData {
  locale: Locale;
  siteUrl: string;
}

export interface PageSeo {
  title: string;
  description: string;
  keywords?: string;
  /** cart, checkout, confirmation, account, search and admin pages are kept out of search engines. */
  noindex?: boolean;
  image?: string;
  type?: "website" | "product";
  jsonLd?: Record<string, unknown>;
}

interface MetaArgs {
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>;
  location: { pathname: string; search?: string };
}

function rootData(matches: MetaArgs["matches"]): RootMetaData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootMetaData | undefined;
}

export function localizedUrl(siteUrl: string, pathname: string, locale: Locale): string {
  return `${siteUrl}${pathname}${locale === defaultLocale ? "" : `?lng=${locale}`}`;
}

/**
 * Every page's head in one place: title, description, keywords, absolute canonical, hreflang
 * alternates for the four languages, Open Graph and Twitter tags, robots and JSON-LD.
 */
export function pageMeta(
  args: MetaArgs,
  build: (t: Translate, locale: Locale, context: { siteUrl: string; absolute: (path: string) => string }) => PageSeo,
): MetaDescriptor[] {
  const root = rootData(args.matches);
  const locale = root?.locale ?? defaultLocale;
  const siteUrl = root?.siteUrl ?? "";
  const t = createTranslator(matchedMessages(args.matches), locale);
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`);
  const seo = build(t, locale, { siteUrl, absolute });
  const siteName = t("common.brand");
  const title = seo.title.includes(siteName) ? seo.title : `${seo.title} | ${siteName}`;
  // Self-referential: the canonical names the language version this URL stands for (its ?lng=, else
  // German), even when the language was negotiated from a cookie or Accept-Language. Pointing at
  // another language's URL would contradict the hreflang alternates.
  const urlLocale = new URLSearchParams(args.location.search ?? "").get("lng");
  const canonical = localizedUrl(siteUrl, args.location.pathname, isLocale(urlLocale) ? urlLocale : defaultLocale);
  const image = absolute(seo.image ?? "/images/hero.svg");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { name: "keywords", content: seo.keywords ?? t("common.meta.keywords") },
    { tagName: "link", rel: "canonical", href: canonical },
    ...locales.map((lng) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: lng,
      href: localizedUrl(siteUrl, args.location.pathname, lng),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: localizedUrl(siteUrl, args.location.pathname, defaultLocale) },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:image", content: image },
    { property: "og:locale", content: intlLocale[locale].replace("-", "_") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  if (seo.jsonLd) tags.push({ "script:ld+json": seo.jsonLd });
  return tags;
}
