import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { getAdminCustomer } from "~/models/admin-customers.server";
import { AdminSection, adminPageMeta, useAdminDateTime } from "~/components/admin/admin-ui";
import { OrdersTable } from "~/components/admin/orders-table";

export const meta: MetaFunction<typeof loader> = (args) =>
  adminPageMeta(args, (t) => ({ title: `${args.data?.customer.name ?? t("admin.tabs.customers")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

/** A customer's page: contact data and the orders placed with the account (deleted accounts have none). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const customer = await getAdminCustomer(params.userId ?? "");
  if (!customer) throw new Response(getTranslator((await requestContext({ request, context })).locale)("backoffice.customer.notFound"), { status: 404 });
  return { customer };
}

export default function AdminCustomerPage() {
  const { customer } = useLoaderData<typeof loader>();
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  return (
    <AdminSection
      title={customer.name || customer.email}
      testId="admin-customer"
      actions={<Link to="/admin/customers" className="btn-secondary">{t("backoffice.customer.back")}</Link>}
    >
      <dl className="card mt-4 grid gap-2 p-4 text-sm sm:grid-cols-2">
        <div><dt className="text-slate-600">{t("account.fields.email")}</dt><dd>{customer.email}</dd></div>
        {customer.phone ? <div><dt className="text-slate-600">{t("backoffice.customer.phone")}</dt><dd dir="ltr">{customer.phone}</dd></div> : null}
        <div><dt className="text-slate-600">{t("admin.customers.country")}</dt><dd>{customer.country}</dd></div>
        <div><dt className="text-slate-600">{t("admin.customers.since")}</dt><dd>{formatDateTime(customer.createdAt, false)}</dd></div>
      </dl>
      <h3 className="mt-6 font-semibold">{t("backoffice.customer.orders", { count: customer.orders.length })}</h3>
      {customer.orders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="customer-no-orders">{t("backoffice.customer.noOrders")}</p>
      ) : (
        <OrdersTable orders={customer.orders} />
      )}
    </AdminSection>
  );
}
