import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import { revenueByDay, topProducts } from "~/models/admin-stats.server";
import { adminPageMeta } from "~/components/admin/admin-ui";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { DataTable } from "~/components/data-table";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.reports")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [revenue, top] = await Promise.all([revenueByDay(30), topProducts(10)]);
  return { revenue, top };
}

export default function AdminReports() {
  const reports = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section aria-labelledby="reports-heading" className="space-y-6">
      <h2 id="reports-heading" className="text-xl font-bold">{t("admin.tabs.reports")}</h2>
      <RevenueChart days={reports.revenue} />
      <div className="card p-4 sm:p-6">
        <h3 className="font-semibold">{t("admin.reports.topTitle")}</h3>
        <DataTable
          items={reports.top}
          empty={<p className="mt-2 text-sm text-slate-600">{t("admin.reports.noSales")}</p>}
          tableClassName="mt-2 w-full text-sm"
          testId="top-products"
          columns={["#", t("admin.reports.product"), { label: t("admin.reports.units"), align: "end" }, { label: t("admin.reports.revenue"), align: "end" }]}
        >
          {(product, index) => (
            <tr key={`${product.productId ?? ""}-${product.name}`} className="border-b border-slate-100">
              <td className="py-2">{index + 1}</td>
              <th scope="row" className="py-2 text-start font-medium">
                {product.productId ? <Link to={`/products/${product.productId}`} className="hover:underline">{product.name}</Link> : product.name}
              </th>
              <td className="py-2 text-end">{product.units}</td>
              <td className="py-2 text-end" dir="ltr">
                {[product.revenueEUR > 0 ? formatPrice(product.revenueEUR, "EUR") : null, product.revenueCHF > 0 ? formatPrice(product.revenueCHF, "CHF") : null]
                  .filter(Boolean)
                  .join(" · ")}
              </td>
            </tr>
          )}
        </DataTable>
      </div>
    </section>
  );
}
