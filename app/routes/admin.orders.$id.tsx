import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { flashToast } from "~/utils/session.server";
import { changeOrderStatus, getAdminOrder, orderNumberOf } from "~/models/order-admin.server";
import { ORDER_STATUSES, nextStatuses } from "~/models/order-status";
import { AdminSection, OrderStatusBadge, useAdminDateTime, adminPageMeta } from "~/components/admin/admin-ui";
import { FormErrors, StatusButton } from "~/components/forms";
import { readFormData } from "~/utils/form-data.server";
import { OrderLinesTable } from "~/components/order-documents";
import { OrderDocumentList } from "~/components/order-document-list";
import { AdminPaymentPanel } from "~/components/admin/order-payment-panel";
import { paymentAction } from "~/services/admin-order-payment.server";
import { creditableLines, listOrderDocuments } from "~/models/order-documents.server";
import { invoiceNumber } from "~/models/order-number";
import { formatCreditorReference } from "~/utils/creditor-reference";
import { OrderWithdrawals } from "~/components/withdrawal-list";
import { listOrderWithdrawals } from "~/models/withdrawal.server";
import { shopTimeZone } from "~/utils/shop-time.server";
import { formatShopDateTime } from "~/utils/shop-time";

export const meta: MetaFunction<typeof loader> = (args) =>
  adminPageMeta(args, (t) => ({
    title: args.data ? t("admin.orders.detailTitle", { number: args.data.order.number }) : t("admin.orders.notFound"),
    description: t("admin.meta.description") }));

/** The status form: one button per next status, each posting its status. */
const statusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "admin.orders.invalidStatus" }) }),
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getAdminOrder(params.id ?? "");
  const { locale } = await requestContext({ request, context });
  if (!order) throw new Response(getTranslator(locale)("admin.orders.notFound"), { status: 404 });
  const withdrawals = await listOrderWithdrawals(order.id);
  const timeZone = shopTimeZone();
  const withdrawalTimes = Object.fromEntries(withdrawals.map((w) => [w.id, formatShopDateTime(w.createdAt, { locale, timeZone })]));
  const [documents, refundLines] = await Promise.all([listOrderDocuments(order.id), creditableLines(order.id)]);
  return {
    order,
    next: nextStatuses(order.status),
    withdrawals,
    withdrawalTimes,
    documents,
    refundLines,
    invoice: invoiceNumber(order.invoiceNumber),
    reference: formatCreditorReference(order.paymentReference),
    // The mark-paid form's default date: today in the shop's time zone (YYYY-MM-DD).
    today: new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date()),
  };
}

/** One status step at a time, checked and applied under the order's row lock (see order-admin.server). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  const { locale } = await requestContext({ request, context });
  const t = getTranslator(locale);
  const formData = await readFormData(request);
  // Payment received (intent=markPaid) and credit notes (intent=refund): services/admin-order-payment.server.
  const intent = formData.get("intent");
  if (intent === "markPaid" || intent === "refund") return paymentAction(request, params.id ?? "", intent, formData, locale);
  const submission = parseWithZod(formData, { schema: statusSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { status } = submission.value;
  const result = await changeOrderStatus(params.id ?? "", status);
  if (!result.ok && result.reason === "notFound") throw new Response(t("admin.orders.notFound"), { status: 404 });
  if (!result.ok) {
    const message = t("admin.orders.invalidTransition", { from: t(`admin.orders.statuses.${result.from}`), to: t(`admin.orders.statuses.${status}`) });
    return data(submission.reply({ formErrors: [message] }), { status: 409 });
  }
  return redirect(`/admin/orders/${params.id}`, {
    headers: {
      "Set-Cookie": await flashToast(request, {
        kind: "success",
        title: "admin.orders.statusChanged",
        description: `admin.orders.statusChangedText.${status}`,
        vars: { number: (await orderNumberOf(params.id ?? "")) ?? "" },
      }),
    },
  });
}

export default function AdminOrderPage() {
  const { order, next, withdrawals, withdrawalTimes, documents, refundLines, invoice, reference, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The payment forms answer { intent, result }; the status form answers its submission's reply.
  const paymentResult = actionData && "result" in actionData && "intent" in actionData ? actionData : undefined;
  const lastResult = actionData && !("result" in actionData) ? actionData : undefined;
  const [form, fields] = useForm<{ status: string }>({ id: "order-status", lastResult, shouldValidate: "onSubmit" });
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  const address = (title: string, value: typeof order.shippingAddress, testId: string) => (
    <div className="card p-4" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      <address className="mt-2 text-sm not-italic leading-relaxed">
        {order.customerName}
        <br />
        {value.street}
        <br />
        {value.postalCode} {value.city}
        <br />
        {value.country}
      </address>
    </div>
  );
  return (
    <AdminSection
      title={t("admin.orders.detailTitle", { number: order.number })}
      actions={<Link to="/admin/orders" className="btn-secondary">{t("admin.orders.back")}</Link>}
    >
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span dir="ltr">{formatDateTime(order.createdAt)}</span>
        <OrderStatusBadge status={order.status} />
      </div>

      <section className="card mt-6 p-4" aria-labelledby="status-heading">
        <h3 id="status-heading" className="font-semibold">{t("admin.orders.changeStatus")}</h3>
        <div className="mt-2">
          <FormErrors id={form.errorId} title={t("admin.orders.changeStatus")} errors={[...(form.errors ?? []), ...(fields.status.errors ?? [])]} testId="form-alert" className="mb-6" />
        </div>
        {next.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600" data-testid="status-final">{t("admin.orders.final")}</p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="set-status" />
            {next.map((status) => (
              <StatusButton
                key={status}
                name={fields.status.name}
                value={status}
                className={status === "cancelled" ? "btn-danger" : "btn-primary"}
                data-testid={`set-status-${status}`}
              >
                {t(`admin.orders.actions.${status}`)}
              </StatusButton>
            ))}
          </Form>
        )}
        {next.includes("cancelled") ? <p className="mt-2 text-xs text-slate-600">{t("admin.orders.cancelNote")}</p> : null}
      </section>

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <div className="card p-4">
          <h3 className="font-semibold">{t("admin.orders.contact")}</h3>
          <p className="mt-2 text-sm">
            {order.userId ? (
              <Link to={`/admin/customers/${order.userId}`} className="text-brand-700 hover:underline" data-testid="order-account-link">
                {order.customerName}
              </Link>
            ) : (
              order.customerName
            )}
          </p>
          <p className="text-sm"><a href={`mailto:${order.customerEmail}`} className="text-brand-700 hover:underline">{order.customerEmail}</a></p>
          {order.customerPhone ? <p className="text-sm" dir="ltr">{order.customerPhone}</p> : null}
          <p className="mt-2 text-sm">
            {t("admin.orders.payment")}: {t(`admin.orders.paymentMethods.${order.paymentMethod}`)}
          </p>
        </div>
        {address(t("admin.orders.shipping"), order.shippingAddress, "shipping-address")}
        {address(t("admin.orders.billing"), order.billingAddress, "billing-address")}
      </div>

      <OrderLinesTable
        lines={order.items}
        total={order.total}
        currency={order.currency}
        vat={order.vat}
        labels={{ items: t("admin.orders.items"), product: t("admin.orders.product"), quantity: t("admin.orders.quantity"), unitPrice: t("admin.orders.unitPrice"), lineTotal: t("admin.orders.lineTotal"), total: t("admin.orders.total") }}
      />
      <AdminPaymentPanel order={order} reference={reference} today={today} refundLines={refundLines} result={paymentResult} />
      <OrderDocumentList orderId={order.id} invoiceNumber={invoice} documents={documents} deliveryNote />
      <OrderWithdrawals withdrawals={withdrawals} times={withdrawalTimes} />
    </AdminSection>
  );
}
