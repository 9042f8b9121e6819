import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import { ErrorState } from "~/components/error-state";
import { pageMeta } from "~/utils/seo";
import type { Translate } from "~/i18n/translate";

export const ADMIN_TABS = ["products", "inventory", "orders", "customers", "reports", "messages", "settings"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The dashboard's tabs are links (?tab=…), so they work without JavaScript and can be shared. */
export function AdminTabs({ active }: { active: AdminTab }) {
  const { t } = useT();
  return (
    <nav aria-label={t("admin.tabs.label")} className="mt-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {ADMIN_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={`/admin?tab=${tab}`}
              aria-current={tab === active ? "page" : undefined}
              data-testid={`tab-${tab}`}
              className={`-mb-px block border-b-2 px-4 py-2 text-sm font-semibold ${
                tab === active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-ink"
              }`}
            >
              {t(`admin.tabs.${tab}`)}
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
}

/** The four stat cards (two carry the spec's fixed trend texts) and the stock alert card. */
export function StatCards({ stats }: { stats: StatsView }) {
  const { t } = useT();
  const cards = [
    { key: "totalProducts", value: String(stats.totalProducts), trend: "+12%" },
    { key: "stockValue", value: formatPrice(stats.stockValue, "EUR"), trend: "+8%" },
    { key: "lowStock", value: String(stats.lowStock) },
    { key: "soldOut", value: String(stats.soldOut) },
  ];
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-[1fr_18rem]">
      <ul className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.key} className="card p-4" data-testid={`stat-${card.key}`}>
            <p className="text-sm text-slate-600">{t(`admin.stats.${card.key}`)}</p>
            <p className="mt-1 text-2xl font-bold" dir="ltr" data-testid="stat-value">
              {card.value}
            </p>
            {card.trend ? (
              <p className="mt-1 text-xs font-semibold text-emerald-700">
                <span dir="ltr">{card.trend}</span> {t("admin.stats.trendNote")}
              </p>
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
        <Link to="/admin?tab=inventory" className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
          {t("admin.alert.toInventory")}
        </Link>
      </div>
    </div>
  );
}

export function AdminPage({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A status pill for stock: sold out, low, or fine. */
export function StockBadge({ stock }: { stock: number }) {
  const { t } = useT();
  const [label, tone] =
    stock === 0
      ? [t("admin.inventory.soldOut"), "bg-red-100 text-red-800"]
      : stock < 5
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
 * Admin routes' error boundary: a 403 says "no permission", a 404 or 400 shows the server's own
 * (already translated) message, anything else the general error with a retry.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t } = useT();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" && error.data.length < 300 ? error.data : undefined;
    if (error.status === 403) {
      return <ErrorState status={403} title={t("common.error.forbidden")} message={message ?? t("common.error.forbiddenMessage")} />;
    }
    if (error.status < 500) return <ErrorState status={error.status} message={message} />;
    return <ErrorState status={error.status} />;
  }
  return <ErrorState status={500} />;
}

/**
 * A date as YYYY-MM-DD HH:MM (UTC): the same on the server and in every browser (Intl's output
 * differs between ICU versions and would break hydration), and unambiguous in every language.
 */
export function formatDateTime(iso: string, withTime = true): string {
  const text = new Date(iso).toISOString();
  return withTime ? `${text.slice(0, 10)} ${text.slice(11, 16)} UTC` : text.slice(0, 10);
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
