import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { getTranslator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/config";
import { orderNumberOf } from "~/models/order-admin.server";
import {
  getWithdrawal,
  listOrdersForWithdrawal,
  recordWithdrawal,
  resolveLines,
  type WithdrawableOrder,
  type WithdrawalSelection,
} from "~/models/withdrawal.server";
import { clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { commitSession, getSession } from "~/utils/session.server";
import { formatReceiptDateTime, formatShopDateTime } from "~/utils/shop-time";
import { shopTimeZone } from "~/utils/shop-time.server";
import {
  customerDetailsSchema,
  customerIdentifySchema,
  guestDetailsSchema,
  guestIdentifySchema,
  WITHDRAWAL_INTENTS,
  type ActionAnswer,
  type Carry,
  type DetailsView,
  type IdentifyDefaults,
  type OrderView,
  type ReceiptView,
  type StepView,
  type WithdrawalIntent,
} from "~/components/withdrawal/withdrawal.schema";
import { logActionFailure } from "./action-failure.server";
import { customerOrderAccess, guestOrderAccess, type OrderAccess } from "./withdrawal-access.server";

/*
 * The steps of the withdrawal form (§ 356a BGB, app/routes/withdrawal.tsx): which order (order
 * number and e-mail for guests, one of their orders for customers), the whole order or lines and
 * quantities with an optional reason, a confirmation, and the receipt. Plain POST forms, an intent
 * per step: the later steps carry the first step's values in hidden fields, and every step checks
 * them again (withdrawal-access.server.ts).
 */

/** The receipt of the withdrawal `withdrawalId`, for the browser that declared it or its customer; null for anyone else. */
export async function withdrawalReceipt(request: Request, withdrawalId: string, viewer: { locale: Locale; userId: string | null }): Promise<ReceiptView | null> {
  const withdrawal = await getWithdrawal(withdrawalId);
  const session = await getSession(request);
  if (!withdrawal) return null;
  const declared = session.get("withdrawalId") === withdrawal.id || Boolean(viewer.userId && withdrawal.userId === viewer.userId);
  // A browser that declared the same withdrawal again sees it, but not the first declarer's reason (their own words).
  const repeated = session.get("withdrawalRepeatId") === withdrawal.id;
  if (!declared && !repeated) return null;
  return {
    number: withdrawal.orderNumber,
    receivedAt: formatReceiptDateTime(withdrawal.createdAt, { locale: viewer.locale, timeZone: shopTimeZone() }),
    wholeOrder: withdrawal.wholeOrder,
    lines: withdrawal.lines.map((line) => ({ productName: line.productName, quantity: line.quantity })),
    reason: declared ? withdrawal.reason : "",
    reasonHidden: !declared && withdrawal.reason !== "",
    receiptHeldBack: withdrawal.receiptHeldBack,
  };
}

/**
 * The first step's choices: a customer's orders to pick from (`order`, from a link "withdraw from
 * this order", picked when it is one of them, else the newest), or a guest's order number from it.
 */
export async function identifyDefaults(order: string, viewer: { locale: Locale; userId: string | null }): Promise<IdentifyDefaults> {
  if (!viewer.userId) return { orders: [], prefill: { orderNumber: (await orderNumberOf(order)) ?? undefined } };
  const timeZone = shopTimeZone();
  const orders = (await listOrdersForWithdrawal(viewer.userId)).map((o) => ({
    id: o.id,
    label: `${o.number} – ${formatShopDateTime(o.createdAt, { locale: viewer.locale, timeZone, withTime: false })}`,
  }));
  return { orders, prefill: { orderId: orders.some((o) => o.id === order) ? order : orders[0]?.id } };
}

export const isWithdrawalIntent = (intent: string): intent is WithdrawalIntent => (WITHDRAWAL_INTENTS as readonly string[]).includes(intent);

const orderView = (order: WithdrawableOrder): OrderView => ({ number: order.number, lines: order.lines });

/** The quantities of the form (`qty_<order line id>`), as typed: a value that is no whole number stays NaN (refused later). */
function quantitiesOf(formData: FormData): Record<string, number> {
  const quantities: Record<string, number> = {};
  for (const [name, value] of formData.entries()) {
    if (!name.startsWith("qty_") || typeof value !== "string") continue;
    const text = value.trim();
    quantities[name.slice(4)] = text === "" ? 0 : /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  }
  return quantities;
}

/**
 * The action of the withdrawal form: one post of a step. Answers the next step to show (details
 * after "identify" and "edit", the confirmation after "review"), the same step again with the
 * errors (400; 404 for a customer's order that is not theirs; 429 with Retry-After for too many
 * guesses), or, after "confirm", redirects to the receipt of the stored withdrawal (stored once per
 * idempotency key, and once per order and set of lines: a repeat with a new form gets the first
 * one's receipt with `again=1`, which says it was received before; the browser's session
 * remembers it). An unknown intent is a 400 Response.
 */
export async function submitWithdrawalStep(request: Request, viewer: { locale: Locale; userId: string | null }) {
  const { userId } = viewer;
  const t = getTranslator(viewer.locale);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (!isWithdrawalIntent(intent)) throw new Response(t("withdrawal.errors.unknownStep"), { status: 400 });
  const answer = (result: SubmissionResult<string[]>, view: StepView | null, init: ResponseInit = {}) =>
    data<ActionAnswer>({ result, view }, { status: 200, ...init });

  // Which order, checked first (and again at every step: the later steps carry it in hidden fields).
  const submission = parseWithZod(formData, { schema: userId ? customerIdentifySchema : guestIdentifySchema });
  if (submission.status !== "success") return answer(submission.reply(), null, { status: 400 });
  const value = submission.value as Record<string, string | undefined>;

  let access: OrderAccess;
  try {
    access = userId
      ? await customerOrderAccess(userId, value.orderId ?? "")
      : await guestOrderAccess({ clientAddress: clientAddress(request), orderNumber: value.orderNumber ?? "", email: value.email ?? "" });
  } catch (error) {
    logActionFailure("withdrawal: order lookup failed", error);
    return answer(submission.reply({ formErrors: [t("withdrawal.errors.unexpected")] }), null, { status: 500 });
  }
  if (!access.ok && access.reason === "tooMany") {
    const minutes = Math.ceil(access.retryAfter / 60);
    return answer(submission.reply({ formErrors: [t("withdrawal.errors.tooMany", { minutes })] }), null, {
      status: 429,
      headers: { "Retry-After": String(access.retryAfter) },
    });
  }
  if (!access.ok) {
    // One message for a wrong number and a wrong e-mail: nothing tells which orders exist.
    return answer(submission.reply({ formErrors: [t(userId ? "withdrawal.errors.orderNotYours" : "withdrawal.errors.notFound")] }), null, {
      status: userId ? 404 : 400,
    });
  }
  const order = access.order;
  const carry: Carry = userId
    ? { orderId: order.id, idempotencyKey: value.idempotencyKey ?? "" }
    : { orderNumber: order.number, email: value.email ?? "", idempotencyKey: value.idempotencyKey ?? "" };

  const quantities = quantitiesOf(formData);
  const typed = { scope: formData.get("scope") === "lines" ? ("lines" as const) : ("whole" as const), reason: String(formData.get("reason") ?? "") };
  const details = (): DetailsView => ({ stage: "details", order: orderView(order), carry, defaults: { ...typed, qty: quantities } });
  if (intent === "identify") return answer(submission.reply(), { ...details(), defaults: { scope: "whole", qty: {}, reason: "" } });
  if (intent === "edit") return answer(submission.reply(), details());
  const detailed = parseWithZod(formData, { schema: userId ? customerDetailsSchema : guestDetailsSchema });
  if (detailed.status !== "success") return answer(detailed.reply(), details(), { status: 400 });
  const { scope, reason = "" } = detailed.value;

  const selection: WithdrawalSelection = scope === "whole" ? { wholeOrder: true } : { wholeOrder: false, quantities };
  const resolved = resolveLines(order, selection);
  if (!resolved.ok) {
    const message = t(resolved.reason === "noLines" ? "withdrawal.errors.noLines" : "withdrawal.errors.badLines");
    return answer(submission.reply({ formErrors: [message] }), details(), { status: 400 });
  }
  if (intent === "review") {
    const confirmCarry: Carry = { ...carry, scope, reason };
    if (scope === "lines") for (const line of resolved.lines) confirmCarry[`qty_${line.itemId}`] = String(line.quantity);
    return answer(submission.reply(), {
      stage: "confirm",
      order: orderView(order),
      carry: confirmCarry,
      summary: { wholeOrder: resolved.wholeOrder, lines: resolved.lines.map((l) => ({ productName: l.productName, quantity: l.quantity })), reason },
    });
  }

  try {
    const stored = await recordWithdrawal({
      order,
      userId,
      wholeOrder: resolved.wholeOrder,
      lines: resolved.lines,
      reason,
      idempotencyKey: value.idempotencyKey ?? "",
    });
    if (!stored.ok) return answer(submission.reply({ formErrors: [t("withdrawal.errors.expired")] }), null, { status: 409 });
    const session = await getSession(request);
    session.set(stored.repeated ? "withdrawalRepeatId" : "withdrawalId", stored.withdrawal.id);
    const again = stored.repeated ? "&again=1" : "";
    return redirect(`/withdrawal?done=${stored.withdrawal.id}${again}`, { status: 303, headers: { "Set-Cookie": await commitSession(session, request) } });
  } catch (error) {
    logActionFailure("withdrawal: storing failed", error);
    return answer(submission.reply({ formErrors: [t("withdrawal.errors.unexpected")] }), null, { status: 500 });
  }
}
