import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { useT } from "~/i18n/use-t";
import { Money } from "~/components/price";
import { listCustomers } from "~/models/order-admin.server";
import { parsePage } from "~/models/paging";
import { adminPageMeta, useAdminDateTime } from "~/components/admin/admin-ui";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/data-table";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.customers")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listCustomers(parsePage(new URL(request.url).searchParams.get("page")), PAGE_SIZE);
}

export default function AdminCustomers() {
  const list = useLoaderData<typeof loader>();
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  return (
    <section aria-labelledby="customers-heading" className="card p-4 sm:p-6">
      <h2 id="customers-heading" className="text-xl font-bold">{t("admin.customers.title", { count: list.total })}</h2>
      <DataTable
        items={list.customers}
        empty={<p className="mt-4 text-slate-600">{t("admin.customers.empty")}</p>}
        className="mt-4 overflow-x-auto"
        testId="customers-table"
        columns={[t("admin.customers.name"), t("admin.customers.country"), t("admin.customers.since"), { label: t("admin.customers.orders"), align: "end" }, { label: t("admin.customers.spent"), align: "end" }]}
      >
        {(customer) => (
          <tr key={customer.userId} className="border-b border-slate-100" data-testid="customer-row">
            <th scope="row" className="py-2 text-start font-normal">
              <Link to={`/admin/customers/${customer.userId}`} className="block font-medium text-brand-700 hover:underline">
                {customer.name || "—"}
              </Link>
              <span className="block text-xs text-slate-600" dir="ltr">{customer.email}</span>
            </th>
            <td className="py-2">{customer.country}</td>
            <td className="py-2" dir="ltr">{formatDateTime(customer.createdAt, false)}</td>
            <td className="py-2 text-end">{customer.orderCount}</td>
            <td className="py-2 text-end" dir="ltr">
              <span className="block"><Money cents={customer.spent.EUR} currency={"EUR"} /></span>
              <span className="block"><Money cents={customer.spent.CHF} currency={"CHF"} /></span>
            </td>
          </tr>
        )}
      </DataTable>
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}
