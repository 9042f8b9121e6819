import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { useT } from "~/i18n/use-t";
import { Honeypot } from "~/components/honeypot";
import { StatusButton } from "~/components/forms";

const shopLinks = [
  { to: "/", key: "common.nav.home" },
  { to: "/products", key: "common.nav.products" },
  { to: "/about", key: "common.nav.about" },
  { to: "/blog", key: "common.footer.blog" },
  { to: "/contact", key: "common.nav.contact" },
] as const;
const serviceLinks = [
  { to: "/shipping", key: "common.footer.shipping" },
  { to: "/returns", key: "common.footer.returns" },
  { to: "/withdrawal", key: "common.footer.withdrawal" },
  { to: "/warranty", key: "common.footer.warranty" },
  { to: "/faq", key: "common.footer.faq" },
  { to: "/support", key: "common.footer.support" },
] as const;
const legalLinks = [
  { to: "/privacy", key: "common.footer.privacy" },
  { to: "/terms", key: "common.footer.terms" },
  { to: "/cookies", key: "common.footer.cookies" },
  { to: "/impressum", key: "common.footer.impressum" },
  { to: "/accessibility", key: "common.footer.accessibility" },
] as const;

function LinkList({ title, links }: { title: string; links: ReadonlyArray<{ to: string; key: string }> }) {
  const { t } = useT();
  return (
    <div>
      <h2 className="mb-3 text-sm font-bold uppercase tracking-wide text-white">{title}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.to}>
            {/* Rarely followed from every page: the route is looked up when clicked, not on every page load. */}
            <Link to={link.to} discover="none">
              {t(link.key)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useT();
  const location = useLocation();
  // No root data (its loader failed): the links and the address, no forms (they need the database).
  const degraded = !root;
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300" data-degraded={degraded ? "true" : undefined}>
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-lg font-extrabold text-white">{t("common.brand")}</p>
          <p className="mt-2 max-w-sm text-sm">{t("common.footer.tagline")}</p>
          {degraded ? null : (
            <Form method="post" action="/newsletter" className="relative mt-6 max-w-sm">
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
              <Honeypot id="newsletter-website" />
              <label htmlFor="newsletter-email" className="mb-1 block text-sm font-semibold text-white">
                {t("common.footer.newsletterLabel")}
              </label>
              <div className="flex gap-2">
                <input
                  id="newsletter-email"
                  type="email"
                  name="email"
                  required
                  autoComplete="email"
                  placeholder={t("common.footer.newsletterPlaceholder")}
                  className="min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-white placeholder:text-slate-400"
                />
                <StatusButton className="btn-primary">{t("common.footer.newsletterSubmit")}</StatusButton>
              </div>
            </Form>
          )}
        </div>
        <LinkList title={t("common.footer.shop")} links={shopLinks} />
        <LinkList title={t("common.footer.service")} links={serviceLinks} />
        <div>
          <LinkList title={t("common.footer.legal")} links={legalLinks} />
          {degraded ? null : (
            <Link to="/admin" className="mt-4 inline-block rounded-md border border-slate-600 px-3 py-1.5 text-sm text-slate-200 hover:bg-slate-800">
              {t("common.footer.adminPanel")}
            </Link>
          )}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="container-page flex flex-col gap-2 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <address className="not-italic">
            {t("common.company.address")} · <a href={`tel:${t("common.company.phoneHref")}`} className="hover:text-white" dir="ltr">{t("common.company.phone")}</a> ·{" "}
            <a href={`mailto:${t("common.company.email")}`} className="hover:text-white" dir="ltr">
              {t("common.company.email")}
            </a>
          </address>
          <p>{t("common.footer.copyright")}</p>
        </div>
      </div>
    </footer>
  );
}
