import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { categories, categoryName, findCategory } from "~/data/categories";
import { flashToast } from "~/utils/session.server";
import { safeRedirect } from "~/utils/redirect";
import { Money } from "~/components/price";
import { deleteProductWithMedia } from "~/models/product-write.server";
import { listAdminProducts } from "~/models/admin-products.server";
import { parsePage } from "~/models/paging";
import { AdminSection, adminPageMeta } from "~/components/admin/admin-ui";
import { StatusButton } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import { ProductImage } from "~/components/product-image";
import { readFormData } from "~/utils/form-data.server";
import { DataTable } from "~/components/data-table";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.table.title"), description: t("admin.meta.description") }));

const PAGE_SIZE = 25;

/** The product table: one page at a time, never the whole table. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { locale } = await requestContext({ request, context });
  const result = await listAdminProducts({ page: parsePage(new URL(request.url).searchParams.get("page")), pageSize: PAGE_SIZE });
  return {
    ...result,
    products: result.products.map((product) => ({
      id: product.id,
      image: product.image,
      name: product.name,
      nameAr: product.nameAr,
      category: categoryName(findCategory(product.category) ?? categories[0]!, locale),
      priceEUR: product.priceEUR,
      priceCHF: product.priceCHF,
    })),
  };
}

/** Deleting here needs no confirmation step (as the spec has it for this page). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  const t = getTranslator((await requestContext({ request, context })).locale);
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") throw new Response(t("admin.errors.unknownIntent"), { status: 400 });
  const deleted = await deleteProductWithMedia(String(form.get("productId") ?? ""));
  if (!deleted) {
    throw new Response(`${t("admin.delete.failureTitle")}: ${t("admin.delete.failureText")} – ${t("admin.delete.notFound")}`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const back = safeRedirect(form.get("redirectTo"), "/admin/edit");
  return redirect(back.startsWith("/admin/edit") ? back : "/admin/edit", {
    headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.table.deleted" }) },
  });
}

export default function AdminProductTable() {
  const list = useLoaderData<typeof loader>();
  const { t } = useT();
  const location = useLocation();
  return (
    <AdminSection
      title={t("admin.table.title")}
      actions={<Link to="/admin" className="btn-secondary">{t("admin.backToDashboard")}</Link>}
    >
      <DataTable
        items={list.products}
        empty={<p className="card mt-6 p-8 text-center text-slate-600" data-testid="empty-state">{t("admin.table.empty")}</p>}
        className="card mt-6 overflow-x-auto p-2"
        testId="product-table"
        caption={t("admin.table.title")}
        cell="p-2"
        columns={[t("admin.table.image"), t("admin.table.name"), t("admin.table.nameAr"), t("admin.table.category"), { label: t("admin.table.price"), align: "end" }, { label: t("admin.table.actions"), align: "end" }]}
      >
        {(product) => (
          <tr key={product.id} className="border-b border-slate-100" data-testid="product-table-row">
            <td className="p-2">
              <ProductImage src={product.image} width={48} height={48} sizes="48px" className="h-12 w-12 rounded border border-slate-200 object-cover" />
            </td>
            <th scope="row" className="p-2 text-start font-medium">{product.name}</th>
            <td className="p-2" dir="rtl" lang="ar">{product.nameAr}</td>
            <td className="p-2">{product.category}</td>
            <td className="p-2 text-end" dir="ltr">
              <Money cents={product.priceEUR} currency={"EUR"} />
              <span className="block text-xs text-slate-600"><Money cents={product.priceCHF} currency={"CHF"} /></span>
            </td>
            <td className="p-2 text-end">
              <Form method="post" className="inline">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="productId" value={product.id} />
                <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                <StatusButton className="btn-danger px-3 py-1" aria-label={t("admin.products.deleteNamed", { name: product.name })}>
                  {t("admin.table.delete")}
                </StatusButton>
              </Form>
            </td>
          </tr>
        )}
      </DataTable>
      <Pagination page={list.page} pageCount={list.pageCount} />
      <p className="mt-6">
        <Link to="/admin" className="text-sm font-semibold text-brand-700 hover:underline">{t("admin.backToDashboard")}</Link>
      </p>
    </AdminSection>
  );
}
