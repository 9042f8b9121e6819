import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { categories, categoryName, findCategory } from "~/data/categories";
import { flashToast } from "~/utils/session.server";
import { centsToDecimal } from "~/utils/money";
import { getProduct } from "~/models/product.server";
import { submitProductForm } from "~/services/product-form.server";
import { AdminSection, adminPageMeta } from "~/components/admin/admin-ui";
import { ProductForm } from "~/components/admin/product-form";
import type { ProductFormDefaults } from "~/components/admin/product-form.schema";

export const meta: MetaFunction<typeof loader> = (args) =>
  adminPageMeta(args, (t) => ({
    title: args.data ? `${t("admin.product.form.editTitle")}: ${args.data.name}` : t("admin.product.form.editTitle"),
    description: t("admin.meta.description") }));

const money = (cents: number | null) => (cents === null ? "" : centsToDecimal(cents));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = getTranslator((await requestContext({ request, context })).locale);
  const product = await getProduct(params.id ?? "");
  if (!product) throw new Response(t("admin.product.errors.notFound"), { status: 404 });
  const { locale } = await requestContext({ request, context });
  const defaults: ProductFormDefaults = {
    name: product.name,
    nameDE: product.nameDE,
    nameFr: product.nameFr,
    nameAr: product.nameAr,
    description: product.description,
    descriptionDE: product.descriptionDE,
    descriptionFr: product.descriptionFr,
    descriptionAr: product.descriptionAr,
    price: money(product.price),
    priceEUR: money(product.priceEUR),
    priceCHF: money(product.priceCHF),
    salePrice: money(product.salePrice),
    salePriceEUR: money(product.salePriceEUR),
    salePriceCHF: money(product.salePriceCHF),
    stock: String(product.stock),
    category: findCategory(product.category)?.slug ?? product.category,
    featured: product.featured,
    inStock: product.inStock,
    tags: product.tags,
    manufacturerName: product.manufacturerName,
    manufacturerAddress: product.manufacturerAddress,
    manufacturerEmail: product.manufacturerEmail,
    responsiblePerson: product.responsiblePerson,
    gtin: product.gtin ?? "",
    safetyInfo: product.safetyInfo,
    safetyInfoDE: product.safetyInfoDE,
    safetyInfoFr: product.safetyInfoFr,
    safetyInfoAr: product.safetyInfoAr,
  };
  return {
    id: product.id,
    name: product.name,
    defaults,
    images: product.images.length > 0 ? product.images : product.image ? [product.image] : [],
    videoUrl: product.videoUrl,
    categoryOptions: categories.map((category) => ({ value: category.slug, label: categoryName(category, locale) })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  const t = getTranslator((await requestContext({ request, context })).locale);
  const product = await getProduct(params.id ?? "");
  if (!product) throw new Response(t("admin.product.errors.notFound"), { status: 404 });
  const result = await submitProductForm(request, product);
  if (!result.ok) return data(result.reply, { status: result.status });
  return redirect("/admin/products", {
    headers: {
      "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.product.toast.updated", vars: { name: product.name } }),
    },
  });
}

export default function EditProduct() {
  const product = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  return (
    <AdminSection
      title={t("admin.product.form.editTitle")}
      actions={
        <>
          <Link to={`/products/${product.id}`} className="btn-secondary">{t("admin.product.form.viewInShop")}</Link>
          <Link to="/admin/products" className="btn-secondary">{t("admin.backToDashboard")}</Link>
        </>
      }
    >
      <p className="mt-2 text-slate-600">{product.name}</p>
      <div className="card mt-6 p-4 sm:p-6">
        <ProductForm
          mode="edit"
          lastResult={lastResult}
          defaults={product.defaults}
          categories={product.categoryOptions}
          current={{ images: product.images, videoUrl: product.videoUrl, name: product.name }}
        />
      </div>
    </AdminSection>
  );
}
