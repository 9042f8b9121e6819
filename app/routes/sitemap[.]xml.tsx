import { siteUrl } from "~/utils/env.server";
import { categories } from "~/data/categories";
import { listProductSitemapEntries } from "~/models/product.server";
import { locales } from "~/i18n/config";
import { localizedUrl } from "~/utils/seo";

const STATIC_PATHS = [
  "/", "/products", "/about", "/contact", "/shipping", "/returns", "/warranty", "/privacy",
  "/terms", "/cookies", "/faq", "/blog", "/support", "/impressum", "/accessibility",
];

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

/** Every indexable page, with its four language versions as hreflang alternates. */
export async function loader() {
  const site = siteUrl();
  const products = await listProductSitemapEntries();
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: undefined as string | undefined })),
    ...categories.map((category) => ({ path: `/category/${category.slug}`, lastmod: undefined })),
    ...products.map((product) => ({ path: `/products/${product.id}`, lastmod: product.updatedAt })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries
  .map(
    (entry) => `  <url>
    <loc>${escapeXml(localizedUrl(site, entry.path, "de"))}</loc>${entry.lastmod ? `\n    <lastmod>${entry.lastmod}</lastmod>` : ""}
${locales.map((lng) => `    <xhtml:link rel="alternate" hreflang="${lng}" href="${escapeXml(localizedUrl(site, entry.path, lng))}"/>`).join("\n")}
  </url>`,
  )
  .join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
