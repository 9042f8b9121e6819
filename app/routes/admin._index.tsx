import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { listOrders } from "~/models/order-admin.server";
import { listLowStock } from "~/models/admin-products.server";
import { localizedName } from "~/models/product.server";
import { ADMIN_SECTIONS, StockBadge, adminPageMeta, adminSectionPath, type AdminSectionKey } from "~/components/admin/admin-ui";
import { OrdersTable } from "~/components/admin/orders-table";
import { backupAlert } from "~/services/backup.server";
import { formatShopDateTime } from "~/utils/shop-time";
import { shopTimeZone } from "~/utils/shop-time.server";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.meta.title"), description: t("admin.meta.description") }));

const RECENT_ORDERS = 5;
const LOW_STOCK_SHOWN = 10;

/**
 * The first round's dashboard had its sections as /admin?tab=…: such links lead to the section's
 * own URL, keeping every other parameter (/admin?tab=products&q=lamp → /admin/products?q=lamp).
 */
function sectionRedirect(url: URL): Response | null {
  const tab = url.searchParams.get("tab");
  if (tab === null) return null;
  const params = new URLSearchParams(url.searchParams);
  params.delete("tab");
  const known = (ADMIN_SECTIONS as readonly string[]).includes(tab) ? (tab as AdminSectionKey) : "overview";
  const search = params.toString();
  return redirect(`${adminSectionPath(known)}${search ? `?${search}` : ""}`, 301);
}

/** The overview: the frame's stat cards (from the layout), the latest orders and what is running out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const moved = sectionRedirect(new URL(request.url));
  if (moved) throw moved;
  await requireAdmin(request);
  const { locale } = await requestContext({ request, context });
  const [orders, lowStock, backup] = await Promise.all([listOrders(1, RECENT_ORDERS), listLowStock(LOW_STOCK_SHOWN), backupAlert()]);
  // A failed or overdue backup (app/services/backup.server.ts) is said here until one succeeds.
  const backupAt = backup ? (backup.kind === "failed" ? backup.at : backup.newestAt) : null;
  return {
    backup: backup && {
      kind: backup.kind,
      at: backupAt ? formatShopDateTime(backupAt, { locale, timeZone: shopTimeZone(), withTime: true }) : null,
      message: backup.kind === "failed" ? backup.message : null,
    },
    orders: orders.orders,
    lowStock: lowStock.map((product) => ({ id: product.id, name: localizedName(product, locale), stock: product.stock })),
  };
}

/** The first round's forms posted here (/admin?index); they live in their sections now. A stray post is refused like the layout's. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response(getTranslator((await requestContext({ request, context })).locale)("admin.errors.unknownIntent"), { status: 400 });
}

export default function AdminOverview() {
  const { orders, lowStock, backup } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="grid gap-8 xl:grid-cols-[3fr_2fr]">
      {backup ? (
        <p role="alert" data-testid="backup-alert" className="card border-red-300 bg-red-50 p-4 text-red-900 xl:col-span-2">
          {backup.kind === "failed"
            ? t("admin.overview.backupFailed", { time: backup.at ?? "" })
            : backup.at
              ? t("admin.overview.backupStale", { time: backup.at })
              : t("admin.overview.backupNone")}
          {backup.message ? <span className="mt-1 block font-mono text-xs">{backup.message}</span> : null}
        </p>
      ) : null}
      <section aria-labelledby="recent-orders-heading" className="card p-4 sm:p-6" data-testid="recent-orders">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recent-orders-heading" className="text-xl font-bold">{t("admin.overview.recentOrders")}</h2>
          <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 hover:underline">{t("admin.overview.allOrders")}</Link>
        </div>
        {orders.length === 0 ? <p className="mt-4 text-slate-600">{t("admin.orders.empty")}</p> : <OrdersTable orders={orders} />}
      </section>
      <section aria-labelledby="low-stock-heading" className="card p-4 sm:p-6" data-testid="low-stock">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="low-stock-heading" className="text-xl font-bold">{t("admin.overview.lowStock")}</h2>
          <Link to="/admin/inventory" className="text-sm font-semibold text-brand-700 hover:underline">{t("admin.alert.toInventory")}</Link>
        </div>
        {lowStock.length === 0 ? (
          <p className="mt-4 text-slate-600">{t("admin.alert.allGood")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {lowStock.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-3 py-2" data-testid="low-stock-product">
                <Link to={`/admin/products/${product.id}`} className="min-w-0 truncate font-medium hover:underline">{product.name}</Link>
                <span className="flex shrink-0 items-center gap-2 text-sm">
                  {t("admin.products.stock", { count: product.stock })}
                  <StockBadge stock={product.stock} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
