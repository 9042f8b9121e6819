import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { getTranslator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/config";
import { orderNumberOf } from "~/models/order-admin.server";
import { issueCreditNote } from "~/models/order-documents.server";
import { markPaid, MAX_PAYMENT_CENTS } from "~/models/payment.server";
import { centsToDecimal, toCents } from "~/utils/money";
import { flashToast } from "~/utils/session.server";
import { shopTimeZone } from "~/utils/shop-time.server";
import { formatShopDateTime } from "~/utils/shop-time";

/**
 * The admin order page's payment forms (app/routes/admin.orders.$id.tsx): "payment received"
 * (intent=markPaid: amount and date; models/payment.server markPaid) and the credit note
 * (intent=refund: pieces of lines and/or an amount; models/order-documents.server issueCreditNote).
 * Validated on the server only; a refusal answers 400 (bad input) or 409 (the order's state does
 * not allow it: cancelled, paid already — a second admin is told — unpaid), with nothing written.
 */

const MARK = "documents.admin.markPaid.errors";
const REFUND = "documents.admin.refund.errors";
/** An amount as typed: "49.90", "49,9", "50" — at most ten digits before the separator and two after. */
const AMOUNT = /^\d{1,10}(?:[.,]\d{1,2})?$/;

export const markPaidSchema = z.object({
  intent: z.literal("markPaid"),
  amount: z.string({ required_error: `${MARK}.amount` }).trim().regex(AMOUNT, `${MARK}.amount`),
  paidAt: z.string({ required_error: `${MARK}.date` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${MARK}.date`),
});

export const refundSchema = z.object({
  intent: z.literal("refund"),
  amount: z.string().trim().regex(AMOUNT, `${REFUND}.invalid`).optional(),
  qty: z.record(z.string(), z.string().trim().regex(/^\d{1,6}$/, `${REFUND}.invalid`)).optional(),
});

function amountCents(text: string): number {
  return toCents(text.replace(",", "."));
}

/** Today in the shop's time zone, as YYYY-MM-DD. */
function shopToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: shopTimeZone(), year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

/** A real calendar day "YYYY-MM-DD" (not 2026-02-31). */
function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && date.getUTCFullYear() >= 2000;
}

async function done(request: Request, orderId: string, title: string, description: string, vars: Record<string, string>) {
  return redirect(`/admin/orders/${orderId}`, { headers: { "Set-Cookie": await flashToast(request, { kind: "success", title, description, vars }) } });
}

export async function paymentAction(request: Request, orderId: string, intent: "markPaid" | "refund", formData: FormData, locale: Locale) {
  const t = getTranslator(locale);
  if (intent === "markPaid") {
    const submission = parseWithZod(formData, { schema: markPaidSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { amount, paidAt } = submission.value;
    const cents = amountCents(amount);
    if (cents <= 0 || cents > MAX_PAYMENT_CENTS) return data({ intent, result: submission.reply({ fieldErrors: { amount: [`${MARK}.amount`] } }) }, { status: 400 });
    // A payment cannot arrive after today (the shop's day).
    if (!isCalendarDay(paidAt) || paidAt > shopToday()) return data({ intent, result: submission.reply({ fieldErrors: { paidAt: [`${MARK}.date`] } }) }, { status: 400 });
    const result = await markPaid(orderId, { amount: cents, paidAt: new Date(`${paidAt}T12:00:00Z`) });
    if (!result.ok) {
      if (result.reason === "notFound") throw new Response(t("admin.orders.notFound"), { status: 404 });
      if (result.reason === "invalidAmount") return data({ intent, result: submission.reply({ fieldErrors: { amount: [`${MARK}.amount`] } }) }, { status: 400 });
      const message =
        result.reason === "cancelled"
          ? t(`${MARK}.cancelled`)
          : t(`${MARK}.alreadyPaid`, {
              amount: centsToDecimal(result.amount),
              date: formatShopDateTime(result.paidAt, { locale, timeZone: shopTimeZone(), withTime: false }),
            });
      return data({ intent, result: submission.reply({ formErrors: [message] }) }, { status: 409 });
    }
    return done(request, orderId, "documents.admin.markPaid.success", "documents.admin.markPaid.successText", { number: (await orderNumberOf(orderId)) ?? "" });
  }

  const submission = parseWithZod(formData, { schema: refundSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const quantities = Object.fromEntries(Object.entries(submission.value.qty ?? {}).map(([itemId, value]) => [itemId, Number(value)]));
  const amount = submission.value.amount ? amountCents(submission.value.amount) : 0;
  const result = await issueCreditNote(orderId, { quantities, amount });
  if (!result.ok) {
    if (result.reason === "notFound") throw new Response(t("admin.orders.notFound"), { status: 404 });
    const reason = result.reason === "invalidAmount" ? "invalid" : result.reason;
    const status = reason === "cancelled" || reason === "unpaid" ? 409 : 400;
    return data({ intent, result: submission.reply({ formErrors: [t(`${REFUND}.${reason}`)] }) }, { status });
  }
  return done(request, orderId, "documents.admin.refund.success", "documents.admin.refund.successText", { number: result.document.number });
}
