import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { categories, categoryName, findCategory } from "~/data/categories";
import { requireSameOrigin } from "~/utils/csrf.server";
import { flashToast } from "~/utils/session.server";
import { safeRedirect } from "~/utils/redirect";
import { formatPrice } from "~/utils/money";
import { localizedName } from "~/models/product.server";
import { MAX_STOCK, listAdminProducts, listInventory, submitProductForm, updateStock } from "~/models/product-admin.server";
import { getProductStats, revenueByDay, topProducts } from "~/models/admin-stats.server";
import { listCustomers, listOrders } from "~/models/order-admin.server";
import { listAdmins } from "~/models/admin-roles.server";
import { loadMessagesTab } from "~/models/admin-inbox.server";
import { ADMIN_TABS, AdminErrorBoundary, AdminPage, AdminTabs, StatCards, StockBadge, OrderStatusBadge, adminPageMeta, formatDateTime, type AdminTab } from "~/components/admin/admin-ui";
import { ProductForm } from "~/components/admin/product-form";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { AddAdminForm, AdminList } from "~/components/admin/settings";
import { Pagination } from "~/components/catalogue";
import { MessagesTab } from "~/components/admin/messages-tab";
import { readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.meta.title"), description: t("admin.meta.description") }));

const PRODUCTS_PAGE_SIZE = 20;
const INVENTORY_PAGE_SIZE = 25;
const ORDERS_PAGE_SIZE = 20;
const CUSTOMERS_PAGE_SIZE = 20;

function pageParam(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

function parseTab(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "products";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("tab"));
  const page = pageParam(url.searchParams.get("page"));
  const locale = await getLocale(request);
  const stats = await getProductStats();
  const categoryOptions = categories.map((category) => ({ value: category.slug, label: categoryName(category, locale) }));
  const productRow = (product: Awaited<ReturnType<typeof listAdminProducts>>["products"][number]) => ({
    id: product.id,
    name: localizedName(product, locale),
    image: product.image,
    category: categoryName(findCategory(product.category) ?? categories[0]!, locale),
    priceEUR: product.priceEUR,
    priceCHF: product.priceCHF,
    stock: product.stock,
  });
  const base = { tab, stats, categoryOptions, userId: user.id };
  switch (tab) {
    case "inventory": {
      const result = await listInventory(page, INVENTORY_PAGE_SIZE);
      return { ...base, inventory: { ...result, products: result.products.map(productRow) } };
    }
    case "orders":
      return { ...base, orders: await listOrders(page, ORDERS_PAGE_SIZE) };
    case "customers":
      return { ...base, customers: await listCustomers(page, CUSTOMERS_PAGE_SIZE) };
    case "reports": {
      const [revenue, top] = await Promise.all([revenueByDay(30), topProducts(10)]);
      return { ...base, reports: { revenue, top } };
    }
    case "messages":
      return { ...base, messages: await loadMessagesTab(url) };
    case "settings":
      return { ...base, admins: await listAdmins() };
    default: {
      const q = (url.searchParams.get("q") ?? "").replace(/[\p{Cc}]/gu, " ").trim().slice(0, 200);
      const category = findCategory(url.searchParams.get("category"))?.slug ?? "";
      const result = await listAdminProducts({ q: q || undefined, category: category || undefined, page, pageSize: PRODUCTS_PAGE_SIZE });
      return { ...base, products: { ...result, products: result.products.map(productRow), q, category } };
    }
  }
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  await requireAdmin(request);
  const t = getTranslator(await getLocale(request));
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    // The add-product form (the only multipart form here).
    const result = await submitProductForm(request);
    if (!result.ok) return data({ intent: "create-product" as const, reply: result.reply }, { status: result.status });
    return redirect("/admin?tab=products", {
      headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.product.toast.added" }) },
    });
  }
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "update-stock") {
    const productId = String(form.get("productId") ?? "");
    const raw = String(form.get("stock") ?? "").trim();
    const back = safeRedirect(form.get("redirectTo"), "/admin?tab=inventory");
    if (!/^\d{1,7}$/.test(raw) || Number(raw) > MAX_STOCK) {
      return data({ intent: "update-stock" as const, productId, error: t("admin.product.errors.stock") }, { status: 400 });
    }
    const updated = await updateStock(productId, Number(raw));
    if (!updated) {
      return data({ intent: "update-stock" as const, productId, error: t("admin.inventory.unknown") }, { status: 404 });
    }
    return redirect(back.startsWith("/admin") ? back : "/admin?tab=inventory", {
      headers: {
        "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.inventory.updated", vars: { stock: Number(raw) } }),
      },
    });
  }
  throw new Response(t("admin.errors.unknownIntent"), { status: 400 });
}

export default function AdminDashboard() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <AdminPage
      title={t("admin.title")}
      actions={
        <>
          <a href="/admin/export.csv" className="btn-secondary" download data-testid="export-csv">
            {t("admin.header.export")}
          </a>
          <Link to="/admin?tab=products#new-product" className="btn-primary" data-testid="new-product">
            {t("admin.header.newProduct")}
          </Link>
          <Link to="/admin/edit" className="btn-secondary">
            {t("admin.header.table")}
          </Link>
        </>
      }
    >
      <StatCards stats={loaderData.stats} />
      <AdminTabs active={loaderData.tab} />
      <div className="mt-6">
        {"products" in loaderData && loaderData.products ? <ProductsTab data={loaderData.products} categories={loaderData.categoryOptions} /> : null}
        {"inventory" in loaderData && loaderData.inventory ? <InventoryTab data={loaderData.inventory} /> : null}
        {"orders" in loaderData && loaderData.orders ? <OrdersTab data={loaderData.orders} /> : null}
        {"customers" in loaderData && loaderData.customers ? <CustomersTab data={loaderData.customers} /> : null}
        {"reports" in loaderData && loaderData.reports ? <ReportsTab data={loaderData.reports} /> : null}
        {"messages" in loaderData && loaderData.messages ? <MessagesTab data={loaderData.messages} /> : null}
        {"admins" in loaderData && loaderData.admins ? (
          <section aria-labelledby="settings-heading" className="space-y-6">
            <h2 id="settings-heading" className="text-xl font-bold">{t("admin.tabs.settings")}</h2>
            <AddAdminForm />
            <AdminList admins={loaderData.admins} currentUserId={loaderData.userId} />
          </section>
        ) : null}
      </div>
    </AdminPage>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ProductsData = NonNullable<Extract<LoaderData, { products: unknown }>["products"]>;
type InventoryData = NonNullable<Extract<LoaderData, { inventory: unknown }>["inventory"]>;
type OrdersData = NonNullable<Extract<LoaderData, { orders: unknown }>["orders"]>;
type CustomersData = NonNullable<Extract<LoaderData, { customers: unknown }>["customers"]>;
type ReportsData = NonNullable<Extract<LoaderData, { reports: unknown }>["reports"]>;

function ProductsTab({ data: list, categories }: { data: ProductsData; categories: Array<{ value: string; label: string }> }) {
  const { t } = useT();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lastResult = actionData && actionData.intent === "create-product" ? actionData.reply : null;
  // After a successful add (a redirect, so no action data) the form starts empty again.
  const [formKey, setFormKey] = useState(0);
  const submitting = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "create-product") submitting.current = true;
    if (navigation.state === "idle" && submitting.current) {
      submitting.current = false;
      if (!actionData) setFormKey((key) => key + 1);
    }
  }, [navigation.state, navigation.formData, actionData]);
  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_1fr]">
      <section id="new-product" aria-labelledby="new-product-heading" className="card scroll-mt-24 p-4 sm:p-6">
        <h2 id="new-product-heading" className="mb-4 text-xl font-bold">{t("admin.product.form.addTitle")}</h2>
        <ProductForm key={formKey} mode="create" lastResult={lastResult} categories={categories} />
      </section>
      <section aria-labelledby="product-list-heading" className="card p-4 sm:p-6">
        <h2 id="product-list-heading" className="text-xl font-bold" data-testid="product-count">
          {t("admin.products.listTitle", { count: list.total })}
        </h2>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search">
          <input type="hidden" name="tab" value="products" />
          <div className="min-w-40 flex-1">
            <label htmlFor="admin-search" className="label">{t("admin.products.search")}</label>
            <input id="admin-search" name="q" type="search" defaultValue={list.q} maxLength={200} className="input" />
          </div>
          <div>
            <label htmlFor="admin-category" className="label">{t("admin.products.category")}</label>
            <select id="admin-category" name="category" defaultValue={list.category} className="input">
              <option value="">{t("admin.products.allCategories")}</option>
              {categories.map((category) => (
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
                <img src={product.image} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded border border-slate-200 object-cover" />
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

function InventoryTab({ data: list }: { data: InventoryData }) {
  const { t } = useT();
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const error = actionData && actionData.intent === "update-stock" ? actionData : null;
  return (
    <section aria-labelledby="inventory-heading" className="card p-4 sm:p-6">
      <h2 id="inventory-heading" className="text-xl font-bold">{t("admin.inventory.title", { count: list.total })}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin.inventory.hint")}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm" data-testid="inventory-table">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 text-start">{t("admin.inventory.product")}</th>
              <th scope="col" className="py-2 text-start">{t("admin.inventory.status")}</th>
              <th scope="col" className="py-2 text-start">{t("admin.inventory.stock")}</th>
            </tr>
          </thead>
          <tbody>
            {list.products.map((product) => {
              const rowError = error?.productId === product.id ? error.error : null;
              return (
                <tr key={product.id} className="border-b border-slate-100" data-testid="inventory-row" data-product-id={product.id}>
                  <th scope="row" className="py-2 pe-2 text-start font-medium">{product.name}</th>
                  <td className="py-2 pe-2"><StockBadge stock={product.stock} /></td>
                  <td className="py-2">
                    <Form method="post" className="flex flex-wrap items-center gap-2" preventScrollReset>
                      <input type="hidden" name="intent" value="update-stock" />
                      <input type="hidden" name="productId" value={product.id} />
                      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                      <label htmlFor={`stock-${product.id}`} className="sr-only">{t("admin.inventory.stockFor", { name: product.name })}</label>
                      <input
                        id={`stock-${product.id}`}
                        name="stock"
                        type="number"
                        min={0}
                        max={MAX_STOCK_UI}
                        step={1}
                        inputMode="numeric"
                        defaultValue={product.stock}
                        className="input w-28"
                        aria-invalid={rowError ? true : undefined}
                        aria-describedby={rowError ? `stock-error-${product.id}` : undefined}
                      />
                      <button type="submit" className="btn-secondary">{t("admin.inventory.save")}</button>
                      {rowError ? (
                        <p id={`stock-error-${product.id}`} role="alert" className="w-full text-sm font-medium text-red-700">{rowError}</p>
                      ) : null}
                    </Form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}

const MAX_STOCK_UI = 1_000_000;

function OrdersTab({ data: list }: { data: OrdersData }) {
  const { t } = useT();
  return (
    <section aria-labelledby="orders-heading" className="card p-4 sm:p-6">
      <h2 id="orders-heading" className="text-xl font-bold">{t("admin.orders.title", { count: list.total })}</h2>
      {list.orders.length === 0 ? (
        <p className="mt-4 text-slate-600" data-testid="empty-state">{t("admin.orders.empty")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="orders-table">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 text-start">{t("admin.orders.number")}</th>
                <th scope="col" className="py-2 text-start">{t("admin.orders.date")}</th>
                <th scope="col" className="py-2 text-start">{t("admin.orders.customer")}</th>
                <th scope="col" className="py-2 text-end">{t("admin.orders.total")}</th>
                <th scope="col" className="py-2 text-start ps-4">{t("admin.orders.status")}</th>
              </tr>
            </thead>
            <tbody>
              {list.orders.map((order) => (
                <tr key={order.id} className="border-b border-slate-100" data-testid="order-row">
                  <th scope="row" className="py-2 text-start">
                    <Link to={`/admin/orders/${order.id}`} className="font-mono font-semibold text-brand-700 hover:underline">#{order.number}</Link>
                  </th>
                  <td className="py-2" dir="ltr">{formatDateTime(order.createdAt)}</td>
                  <td className="py-2">
                    <span className="block">{order.customerName}</span>
                    <span className="block text-xs text-slate-600">{order.customerEmail}</span>
                  </td>
                  <td className="py-2 text-end" dir="ltr">{formatPrice(order.total, order.currency)}</td>
                  <td className="py-2 ps-4"><OrderStatusBadge status={order.status} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}

function CustomersTab({ data: list }: { data: CustomersData }) {
  const { t } = useT();
  return (
    <section aria-labelledby="customers-heading" className="card p-4 sm:p-6">
      <h2 id="customers-heading" className="text-xl font-bold">{t("admin.customers.title", { count: list.total })}</h2>
      {list.customers.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("admin.customers.empty")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm" data-testid="customers-table">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 text-start">{t("admin.customers.name")}</th>
                <th scope="col" className="py-2 text-start">{t("admin.customers.country")}</th>
                <th scope="col" className="py-2 text-start">{t("admin.customers.since")}</th>
                <th scope="col" className="py-2 text-end">{t("admin.customers.orders")}</th>
                <th scope="col" className="py-2 text-end">{t("admin.customers.spent")}</th>
              </tr>
            </thead>
            <tbody>
              {list.customers.map((customer) => (
                <tr key={customer.userId} className="border-b border-slate-100" data-testid="customer-row">
                  <th scope="row" className="py-2 text-start font-normal">
                    <span className="block font-medium">{customer.name || "—"}</span>
                    <span className="block text-xs text-slate-600">{customer.email}</span>
                  </th>
                  <td className="py-2">{customer.country}</td>
                  <td className="py-2" dir="ltr">{formatDateTime(customer.createdAt, false)}</td>
                  <td className="py-2 text-end">{customer.orderCount}</td>
                  <td className="py-2 text-end" dir="ltr">
                    <span className="block">{formatPrice(customer.spent.EUR, "EUR")}</span>
                    <span className="block">{formatPrice(customer.spent.CHF, "CHF")}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}

function ReportsTab({ data: reports }: { data: ReportsData }) {
  const { t } = useT();
  return (
    <section aria-labelledby="reports-heading" className="space-y-6">
      <h2 id="reports-heading" className="text-xl font-bold">{t("admin.tabs.reports")}</h2>
      <RevenueChart days={reports.revenue} />
      <div className="card p-4 sm:p-6">
        <h3 className="font-semibold">{t("admin.reports.topTitle")}</h3>
        {reports.top.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("admin.reports.noSales")}</p>
        ) : (
          <table className="mt-2 w-full text-sm" data-testid="top-products">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 text-start">#</th>
                <th scope="col" className="py-2 text-start">{t("admin.reports.product")}</th>
                <th scope="col" className="py-2 text-end">{t("admin.reports.units")}</th>
                <th scope="col" className="py-2 text-end">{t("admin.reports.revenue")}</th>
              </tr>
            </thead>
            <tbody>
              {reports.top.map((product, index) => (
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
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
