import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { formatPrice, type Currency } from "~/utils/money";
import { Field, FieldErrors, FormErrors, StatusButton } from "~/components/forms";
import { useAdminDateTime } from "./admin-ui";

/**
 * The admin order page's payment part: the payment state (status, when, the amount received —
 * flagged when it differs from the total —, paid back), the RF reference, the form "payment
 * received" (intent=markPaid) while unpaid, and the credit-note form (intent=refund) once paid.
 * Validated on the server (services/admin-order-payment.server); without JavaScript alike.
 */

export interface PaymentPanelOrder {
  id: string;
  status: string;
  total: number;
  currency: Currency;
  paymentMethod: string;
  paymentStatus: string;
  paidAt: string | null;
  amountReceived: number | null;
  amountRefunded: number;
  paymentSource: string | null;
}

export interface RefundLine {
  itemId: string;
  name: string;
  quantity: number;
  left: number;
}

type Result = { intent: "markPaid" | "refund"; result: SubmissionResult<string[]> };

export function AdminPaymentPanel({
  order,
  reference,
  today,
  refundLines,
  result,
}: {
  order: PaymentPanelOrder;
  reference: string;
  today: string;
  refundLines: readonly RefundLine[];
  result?: Result;
}) {
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  const money = (cents: number) => formatPrice(cents, order.currency);
  const differs = order.amountReceived !== null && order.amountReceived !== order.total;
  const [paidForm, paidFields] = useForm<{ amount: string; paidAt: string }>({
    id: "mark-paid",
    lastResult: result?.intent === "markPaid" ? result.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: { amount: (order.total / 100).toFixed(2), paidAt: today },
  });
  const [refundForm, refundFields] = useForm<{ amount: string; qty: Record<string, string> }>({
    id: "refund",
    lastResult: result?.intent === "refund" ? result.result : undefined,
    shouldValidate: "onSubmit",
  });
  const canMarkPaid = order.paymentStatus === "unpaid" && order.status !== "cancelled";
  const canRefund = order.status !== "cancelled" && (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded");
  const qty = refundFields.qty.getFieldset();
  return (
    <section className="card mt-6 p-4" aria-labelledby="payment-heading" data-testid="payment-panel">
      <h3 id="payment-heading" className="font-semibold">{t("documents.admin.payment.title")}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t("documents.admin.payment.status")}</dt>
        <dd data-testid="payment-status" data-status={order.paymentStatus}>
          {t(`admin.orders.paymentStates.${order.paymentStatus}`)}
          {order.paymentSource ? <span className="text-slate-600"> · {t(`documents.admin.payment.source.${order.paymentSource}`)}</span> : null}
        </dd>
        {order.paidAt ? (
          <>
            <dt className="text-slate-600">{t("documents.admin.payment.paidAt")}</dt>
            <dd dir="ltr" className="text-start" data-testid="payment-paid-at">{formatDateTime(order.paidAt, false)}</dd>
          </>
        ) : null}
        {order.amountReceived !== null ? (
          <>
            <dt className="text-slate-600">{t("documents.admin.payment.amountReceived")}</dt>
            <dd data-testid="payment-amount" data-differs={differs ? "true" : undefined}>
              <bdi dir="ltr" className={differs ? "font-semibold text-red-800" : undefined}>{money(order.amountReceived)}</bdi>
              {differs ? (
                <span className="ms-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="payment-amount-differs">
                  ⚠ {t("documents.admin.payment.amountDiffers", { total: money(order.total) })}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {order.amountRefunded > 0 ? (
          <>
            <dt className="text-slate-600">{t("documents.admin.payment.refunded")}</dt>
            <dd><bdi dir="ltr" data-testid="payment-refunded">{money(order.amountRefunded)}</bdi></dd>
          </>
        ) : null}
        {order.paymentMethod === "bank_transfer" ? (
          <>
            <dt className="text-slate-600">{t("documents.admin.payment.reference")}</dt>
            <dd className="font-mono"><bdi dir="ltr" data-testid="payment-reference">{reference}</bdi></dd>
          </>
        ) : null}
      </dl>

      {canMarkPaid || result?.intent === "markPaid" ? (
        <Form method="post" {...getFormProps(paidForm)} className="mt-4 border-t border-slate-200 pt-4" data-testid="mark-paid-form">
          <h4 className="font-semibold">{t("documents.admin.markPaid.title")}</h4>
          <FormErrors id={paidForm.errorId} errors={paidForm.errors} testId="mark-paid-alert" className="mt-2" />
          <input type="hidden" name="intent" value="markPaid" />
          <div className="mt-2 flex flex-wrap items-start gap-4">
            <Field meta={paidFields.amount} label={`${t("documents.admin.markPaid.amount")} (${order.currency})`} inputMode="decimal" required autoComplete="off" className="w-48" />
            <div className="w-48">
              <label htmlFor={paidFields.paidAt.id} className="label">{t("documents.admin.markPaid.date")}</label>
              <input {...getInputProps(paidFields.paidAt, { type: "date" })} max={today} required className="input" />
              <FieldErrors meta={paidFields.paidAt} />
            </div>
          </div>
          <StatusButton className="btn-primary mt-2" pendingLabel={t("documents.admin.markPaid.pending")} data-testid="mark-paid-submit">
            {t("documents.admin.markPaid.submit")}
          </StatusButton>
        </Form>
      ) : null}

      {canRefund || result?.intent === "refund" ? (
        <Form method="post" {...getFormProps(refundForm)} className="mt-4 border-t border-slate-200 pt-4" data-testid="refund-form">
          <h4 className="font-semibold">{t("documents.admin.refund.title")}</h4>
          <p className="mt-1 text-sm text-slate-600">{t("documents.admin.refund.intro")}</p>
          <FormErrors id={refundForm.errorId} errors={[...(refundForm.errors ?? []), ...(refundFields.amount.errors ?? [])]} testId="refund-alert" className="mt-2" />
          <input type="hidden" name="intent" value="refund" />
          <div className="mt-2 flex flex-col gap-2">
            {refundLines.filter((line) => line.left > 0).map((line) => {
              const meta = qty[line.itemId];
              return (
                <label key={line.itemId} className="flex flex-wrap items-center gap-2 text-sm">
                  <input
                    type="number"
                    name={`${refundFields.qty.name}.${line.itemId}`}
                    min={0}
                    max={line.left}
                    step={1}
                    defaultValue={0}
                    className="input w-20"
                    aria-invalid={meta?.errors ? true : undefined}
                    data-testid="refund-quantity"
                  />
                  {t("documents.admin.refund.quantityOf", { name: line.name, left: String(line.left) })}
                </label>
              );
            })}
          </div>
          <Field meta={refundFields.amount} label={`${t("documents.admin.refund.amount")} (${order.currency})`} inputMode="decimal" autoComplete="off" className="mt-2 w-64" />
          <StatusButton className="btn-secondary mt-2" pendingLabel={t("documents.admin.refund.pending")} data-testid="refund-submit">
            {t("documents.admin.refund.submit")}
          </StatusButton>
        </Form>
      ) : order.paymentStatus === "unpaid" && order.status !== "cancelled" ? (
        <p className="mt-4 text-xs text-slate-600">{t("documents.admin.refund.onlyPaid")}</p>
      ) : null}
    </section>
  );
}
