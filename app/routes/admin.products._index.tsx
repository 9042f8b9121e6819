import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { refuseControlCharactersInAddress } from "~/utils/form-data.server";
import { requestContext } from "~/services/request-context.server";
import { useT } from "~/i18n/use-t";
import { categories, categoryName, findCategory } from "~/data/categories";
import { flashToast } from "~/utils/session.server";
import { formatPrice } from "~/utils/money";
import { localizedName } from "~/models/product.server";
import { listAdminProducts } from "~/models/admin-products.server";
import { parsePage } from "~/models/paging";
import { submitProductForm } from "~/services/product-form.server";
import { adminPageMeta } from "~/components/admin/admin-ui";
import { ProductForm } from "~/components/admin/product-form";
import { Pagination } from "~/components/pagination";
import { ProductImage } from "~/components/product-image";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.products")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

const PAGE_SIZE = 20;

/** The product list (search in every language and the tags, category filter, paginated) and the add form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  await refuseControlCharactersInAddress(request);
  const url = new URL(request.url);
  const { locale } = await requestContext({ request, context });
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const category = findCategory(url.searchParams.get("category"))?.slug ?? "";
  const result = await listAdminProducts({ q: q || undefined, category: category || undefined, page: parsePage(url.searchParams.get("page")), pageSize: PAGE_SIZE });
  return {
    q,
    category,
    categoryOptions: categories.map((option) => ({ value: option.slug, label: categoryName(option, locale) })),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    products: result.products.map((product) => ({
      id: product.id,
      name: localizedName(product, locale),
      image: product.image,
      category: categoryName(findCategory(product.category) ?? categories[0]!, locale),
      priceEUR: product.priceEUR,
      stock: product.stock,
    })),
  };
}

/** The add form (multipart): see services/product-form.server.ts. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const result = await submitProductForm(request);
  if (!result.ok) return data(result.reply, { status: result.status });
  return redirect("/admin/products", {
    headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.product.toast.added" }) },
  });
}

export default function AdminProducts() {
  const list = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useT();
  // After a successful add (a redirect, so no action data) the form starts empty again.
  const [formKey, setFormKey] = useState(0);
  const submitting = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "create-product") submitting.current = true;
    if (navigation.state === "idle" && submitting.current) {
      submitting.current = false;
      if (!lastResult) setFormKey((key) => key + 1);
    }
  }, [navigation.state, navigation.formData, lastResult]);
  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_1fr]">
      <section id="new-product" aria-labelledby="new-product-heading" className="card scroll-mt-24 p-4 sm:p-6">
        <h2 id="new-product-heading" className="mb-4 text-xl font-bold">{t("admin.product.form.addTitle")}</h2>
        <ProductForm key={formKey} mode="create" lastResult={lastResult ?? null} categories={list.categoryOptions} />
      </section>
      <section aria-labelledby="product-list-heading" className="card p-4 sm:p-6">
        <h2 id="product-list-heading" className="text-xl font-bold" data-testid="product-count">
          {t("admin.products.listTitle", { count: list.total })}
        </h2>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search">
          <div className="min-w-40 flex-1">
            <label htmlFor="admin-search" className="label">{t("admin.products.search")}</label>
            <input id="admin-search" name="q" type="search" defaultValue={list.q} maxLength={200} className="input" />
          </div>
          <div>
            <label htmlFor="admin-category" className="label">{t("admin.products.category")}</label>
            <select id="admin-category" name="category" defaultValue={list.category} className="input">
              <option value="">{t("admin.products.allCategories")}</option>
              {list.categoryOptions.map((category) => (
                <option key={category.value} value={category.value}>{category.label}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">{t("admin.products.filter")}</button>
        </Form>
        {list.products.length === 0 ? (
          <p className="mt-6 text-slate-600" data-testid="empty-state">{t("admin.products.empty")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" data-testid="admin-product-list">
            {list.products.map((product) => (
              <li key={product.id} className="flex items-center gap-3 py-3" data-testid="admin-product">
                <ProductImage src={product.image} width={48} height={48} sizes="48px" className="h-12 w-12 shrink-0 rounded border border-slate-200 object-cover" />
                <div className="min-w-0 flex-1">
                  <Link to={`/products/${product.id}`} className="block truncate font-semibold hover:underline">{product.name}</Link>
                  <p className="text-xs text-slate-600">
                    {product.category} · <span dir="ltr">{formatPrice(product.priceEUR, "EUR")}</span> · {t("admin.products.stock", { count: product.stock })}
                  </p>
                </div>
                <Link to={`/admin/products/${product.id}`} className="btn-secondary px-3 py-1">
                  {t("admin.products.edit")}
                  <span className="sr-only"> {product.name}</span>
                </Link>
                <Link to={`/admin/products/${product.id}/delete`} className="btn-danger px-3 py-1">
                  {t("admin.products.delete")}
                  <span className="sr-only"> {product.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} />
      </section>
    </div>
  );
}
