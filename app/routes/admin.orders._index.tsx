import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { useT } from "~/i18n/use-t";
import { listOrders } from "~/models/order-admin.server";
import { parsePage } from "~/models/paging";
import { adminPageMeta } from "~/components/admin/admin-ui";
import { OrdersTable } from "~/components/admin/orders-table";
import { Pagination } from "~/components/pagination";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.orders")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

const PAGE_SIZE = 20;

/** Every order, newest first; ?payment=unpaid: those still waiting for their money (any other value: all). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const unpaid = params.get("payment") === "unpaid";
  return { ...(await listOrders(parsePage(params.get("page")), PAGE_SIZE, { unpaid })), unpaid };
}

function FilterLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded-full border px-3 py-1 text-sm font-semibold ${current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white hover:bg-slate-100"}`}
    >
      {children}
    </Link>
  );
}

export default function AdminOrders() {
  const list = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section aria-labelledby="orders-heading" className="card p-4 sm:p-6">
      <h2 id="orders-heading" className="text-xl font-bold">{t("admin.orders.title", { count: list.total })}</h2>
      <nav aria-label={t("admin.orders.filter.label")} className="mt-3 flex flex-wrap gap-2" data-testid="payment-filter">
        <FilterLink to="/admin/orders" current={!list.unpaid}>{t("admin.orders.filter.all")}</FilterLink>
        <FilterLink to="/admin/orders?payment=unpaid" current={list.unpaid}>{t("admin.orders.filter.unpaid")}</FilterLink>
      </nav>
      {list.orders.length === 0 ? (
        <p className="mt-4 text-slate-600" data-testid="empty-state">{t(list.unpaid ? "admin.orders.unpaidEmpty" : "admin.orders.empty")}</p>
      ) : (
        <OrdersTable orders={list.orders} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}
