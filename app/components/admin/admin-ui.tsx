import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_SHOP_TIME_ZONE, formatShopDateTime, formatTrend, trendPercent } from "~/utils/shop-time";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import { LOW_STOCK_BELOW } from "~/models/product-limits";
import { pageMeta } from "~/utils/seo";
import type { Translate } from "~/i18n/translate";

/**
 * The admin's sections, each its own URL under the admin layout (app/routes/admin.tsx). The
 * navigation is made from this list, so a new section (the newsletter's) is one more entry here.
 */
export const ADMIN_SECTIONS = [
  "overview",
  "products",
  "inventory",
  "orders",
  "payments",
  "customers",
  "reports",
  "messages",
  "offers",
  "newsletter",
  "withdrawals",
  "settings",
] as const;
export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number];

export function adminSectionPath(section: AdminSectionKey): string {
  return section === "overview" ? "/admin" : `/admin/${section}`;
}

/** The section a path belongs to (its detail pages included), or null (/admin/edit, the product table). */
export function sectionOfPath(pathname: string): AdminSectionKey | null {
  const segment = pathname.replace(/\/+$/, "").split("/")[2];
  if (segment === undefined) return "overview";
  return (ADMIN_SECTIONS as readonly string[]).includes(segment) ? (segment as AdminSectionKey) : null;
}

/** The sections as links (they work without JavaScript and can be shared); the current one is marked. */
export function AdminNav() {
  const { t } = useT();
  const { pathname } = useLocation();
  const current = sectionOfPath(pathname);
  return (
    <nav aria-label={t("admin.tabs.label")} className="mt-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section}>
            <Link
              to={adminSectionPath(section)}
              aria-current={section === current ? "page" : undefined}
              data-testid={`tab-${section}`}
              className={`-mb-px block border-b-2 px-4 py-2 text-sm font-semibold ${
                section === current ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-ink"
              }`}
            >
              {t(`admin.tabs.${section}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface StatsView {
  totalProducts: number;
  stockValue: number;
  lowStock: number;
  soldOut: number;
  /** Orders and EUR revenue of the last 30 days and of the 30 days before (admin-trends.server). */
  trends?: { current: { orders: number; revenueEur: number }; previous: { orders: number; revenueEur: number } };
}

/**
 * The stat cards: the catalogue's figures, and the last 30 days' orders and revenue, each with its
 * change against the 30 days before, computed (no trend where the 30 days before had nothing).
 */
export function StatCards({ stats }: { stats: StatsView }) {
  const { t, locale } = useT();
  const trend = (current: number, previous: number) => ({ percent: trendPercent(current, previous) });
  const cards: Array<{ key: string; value: string; trend?: { percent: number | null } }> = [
    { key: "totalProducts", value: String(stats.totalProducts) },
    { key: "stockValue", value: formatPrice(stats.stockValue, "EUR") },
    ...(stats.trends
      ? [
          { key: "orders30", value: String(stats.trends.current.orders), trend: trend(stats.trends.current.orders, stats.trends.previous.orders) },
          {
            key: "revenue30",
            value: formatPrice(stats.trends.current.revenueEur, "EUR"),
            trend: trend(stats.trends.current.revenueEur, stats.trends.previous.revenueEur),
          },
        ]
      : []),
    { key: "lowStock", value: String(stats.lowStock) },
    { key: "soldOut", value: String(stats.soldOut) },
  ];
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-[1fr_18rem]">
      <ul className="grid grid-cols-2 gap-4 xl:grid-cols-3">
        {cards.map((card) => (
          <li key={card.key} className="card p-4" data-testid={`stat-${card.key}`}>
            <p className="text-sm text-slate-600">{t(card.key.endsWith("30") ? `backoffice.stats.${card.key}` : `admin.stats.${card.key}`)}</p>
            <p className="mt-1 text-2xl font-bold" dir="ltr" data-testid="stat-value">
              {card.value}
            </p>
            {card.trend ? (
              card.trend.percent === null ? (
                <p className="mt-1 text-xs text-slate-600" data-testid="stat-trend" data-trend="none">
                  {t("backoffice.trends.none")}
                </p>
              ) : (
                <p
                  className={`mt-1 text-xs font-semibold ${card.trend.percent < 0 ? "text-red-700" : "text-emerald-700"}`}
                  data-testid="stat-trend"
                  data-trend={card.trend.percent}
                >
                  <span dir="ltr">{formatTrend(card.trend.percent, locale)}</span> {t("backoffice.trends.note")}
                </p>
              )
            ) : null}
          </li>
        ))}
      </ul>
      <div
        className={`card p-4 ${stats.soldOut + stats.lowStock > 0 ? "border-amber-300 bg-amber-50" : ""}`}
        role="status"
        data-testid="stock-alert"
      >
        <p className="font-semibold">{t("admin.alert.title")}</p>
        {stats.soldOut + stats.lowStock > 0 ? (
          <ul className="mt-2 space-y-1 text-sm">
            <li>{t("admin.alert.soldOut", { count: stats.soldOut })}</li>
            <li>{t("admin.alert.lowStock", { count: stats.lowStock })}</li>
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t("admin.alert.allGood")}</p>
        )}
        <Link to="/admin/inventory" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
          {t("admin.alert.toInventory")}
        </Link>
      </div>
    </div>
  );
}

/** A section's content inside the admin frame: its heading (the frame holds the page's h1) and its actions. */
export function AdminSection({
  title,
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section aria-labelledby="admin-section-heading" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-section-heading" className="text-xl font-bold">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A status pill for stock: sold out, low, or fine. */
export function StockBadge({ stock }: { stock: number }) {
  const { t } = useT();
  const [label, tone] =
    stock === 0
      ? [t("admin.inventory.soldOut"), "bg-red-100 text-red-800"]
      : stock < LOW_STOCK_BELOW
        ? [t("admin.inventory.low"), "bg-amber-100 text-amber-900"]
        : [t("admin.inventory.ok"), "bg-emerald-100 text-emerald-800"];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}

/** An order status as a coloured pill. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useT();
  const tone: Record<string, string> = {
    pending: "bg-slate-100 text-slate-800",
    confirmed: "bg-blue-100 text-blue-900",
    shipped: "bg-indigo-100 text-indigo-900",
    delivered: "bg-emerald-100 text-emerald-900",
    cancelled: "bg-red-100 text-red-800",
  };
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[status] ?? ""}`} data-testid="order-status" data-status={status}>
      {t(`admin.orders.statuses.${status}`)}
    </span>
  );
}

/**
 * The admin's date formatter: every date and time in the shop's time zone (SHOP_TIME_ZONE, given by
 * the admin layout's loader) in the admin's language, the same on the server and in the browser.
 */
export function useAdminDateTime(): (iso: string, withTime?: boolean) => string {
  const { locale } = useT();
  const frame = useRouteLoaderData<{ timeZone?: string }>("routes/admin");
  const timeZone = frame?.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  return (iso, withTime = true) => formatShopDateTime(iso, { locale, timeZone, withTime });
}

type MetaArgs = Parameters<typeof pageMeta>[0];

/**
 * An admin page's head: never indexed. Admin texts reach only admins' browsers, so for anyone
 * else (who sees the 403 page) a missing admin key falls back to the "access denied" title.
 */
export function adminPageMeta(args: MetaArgs, build: (t: Translate) => { title: string; description: string }) {
  return pageMeta(args, (t) => {
    const own: Translate = (key, vars) => {
      const text = t(key, vars);
      return text === key ? t("common.error.forbidden") : text;
    };
    return { ...build(own), noindex: true };
  });
}
