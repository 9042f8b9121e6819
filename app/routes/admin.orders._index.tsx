import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listOrders(parsePage(new URL(request.url).searchParams.get("page")), PAGE_SIZE);
}

export default function AdminOrders() {
  const list = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section aria-labelledby="orders-heading" className="card p-4 sm:p-6">
      <h2 id="orders-heading" className="text-xl font-bold">{t("admin.orders.title", { count: list.total })}</h2>
      {list.orders.length === 0 ? (
        <p className="mt-4 text-slate-600" data-testid="empty-state">{t("admin.orders.empty")}</p>
      ) : (
        <OrdersTable orders={list.orders} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}
