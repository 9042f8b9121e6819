import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { requestContext } from "~/services/request-context.server";
import { customerOrderAccess, guestOrderAccess, type OrderAccess } from "~/services/withdrawal-access.server";
import { logActionFailure } from "~/services/action-failure.server";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { type I18nHandle } from "~/i18n/namespaces";
import {
  getWithdrawal,
  listOrdersForWithdrawal,
  recordWithdrawal,
  resolveLines,
  type WithdrawableOrder,
  type WithdrawalSelection,
} from "~/models/withdrawal.server";
import { orderNumber } from "~/models/order-number";
import { REASON_MAX } from "~/models/withdrawal-limits";
import { isUuid } from "~/models/product.server";
import { clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { commitSession, getSession } from "~/utils/session.server";
import { formatReceiptDateTime, formatShopDateTime } from "~/utils/shop-time";
import { shopTimeZone } from "~/utils/shop-time.server";
import { maxChars, plainText } from "~/utils/text";
import { pageMeta } from "~/utils/seo";
import { Field, FormErrors, SelectField, StatusButton, TextareaField } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

/*
 * The withdrawal function (§ 356a BGB): a button "Vertrag widerrufen", a form (which order: order
 * number and e-mail for guests, one of their orders for customers; the whole order or lines and
 * quantities; an optional reason), a confirmation step with the button "Widerruf bestätigen", and
 * the receipt. Plain POST forms (intent per step): the later steps carry the first step's values in
 * hidden fields and the server checks them again each time.
 */

const guestFields = {
  orderNumber: plainText(z.string({ required_error: "withdrawal.errors.orderNumberRequired" }).trim()).refine(maxChars(40), "withdrawal.errors.orderNumberRequired"),
  email: plainText(z.string({ required_error: "withdrawal.errors.emailRequired" }).trim().email("withdrawal.errors.emailInvalid")).refine(maxChars(254), "withdrawal.errors.emailInvalid"),
};
const customerFields = { orderId: z.string({ required_error: "withdrawal.errors.orderRequired" }) };
const detailsFields = {
  scope: z.enum(["whole", "lines"], { errorMap: () => ({ message: "withdrawal.errors.scopeRequired" }) }),
  reason: plainText(z.string().trim().optional(), { multiline: true }).refine((value) => !value || maxChars(REASON_MAX)(value), "withdrawal.errors.reasonTooLong"),
};
const keyField = { idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{8,100}$/, "withdrawal.errors.expired") };

export const guestIdentifySchema = z.object({ ...guestFields, ...keyField });
export const customerIdentifySchema = z.object({ ...customerFields, ...keyField });
export const guestDetailsSchema = z.object({ ...guestFields, ...keyField, ...detailsFields });
export const customerDetailsSchema = z.object({ ...customerFields, ...keyField, ...detailsFields });

export const handle = { i18n: ["withdrawal"] } satisfies I18nHandle;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("withdrawal.meta.title"), description: t("withdrawal.meta.description") }));

/** A refusal for too many attempts (429) tells the client when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export interface ReceiptView {
  number: string;
  receivedAt: string;
  wholeOrder: boolean;
  lines: Array<{ productName: string; quantity: number }>;
  reason: string;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale, user } = await requestContext({ request, context });
  const url = new URL(request.url);
  const messages = routeMessages(locale, handle);
  const done = url.searchParams.get("done");
  if (done) {
    const withdrawal = await getWithdrawal(done);
    const session = await getSession(request);
    const mine = withdrawal && (session.get("withdrawalId") === withdrawal.id || (user && withdrawal.userId === user.id));
    if (!withdrawal || !mine) throw new Response(getTranslator(locale)("withdrawal.errors.receiptNotFound"), { status: 404 });
    const receipt: ReceiptView = {
      number: withdrawal.orderNumber,
      receivedAt: formatReceiptDateTime(withdrawal.createdAt, { locale, timeZone: shopTimeZone() }),
      wholeOrder: withdrawal.wholeOrder,
      lines: withdrawal.lines.map((line) => ({ productName: line.productName, quantity: line.quantity })),
      reason: withdrawal.reason,
    };
    return { messages, stage: "done" as const, receipt, signedIn: Boolean(user), orders: [], prefill: {}, idempotencyKey: "" };
  }
  const order = url.searchParams.get("order") ?? "";
  const stage = url.searchParams.get("step") === "form" || order ? ("identify" as const) : ("start" as const);
  const timeZone = shopTimeZone();
  const orders = user
    ? (await listOrdersForWithdrawal(user.id)).map((o) => ({
        id: o.id,
        label: `${o.number} – ${formatShopDateTime(o.createdAt, { locale, timeZone, withTime: false })}`,
      }))
    : [];
  const prefill = user
    ? { orderId: orders.some((o) => o.id === order) ? order : orders[0]?.id }
    : { orderNumber: isUuid(order) ? orderNumber(order) : undefined };
  return { messages, stage, receipt: null, signedIn: Boolean(user), orders, prefill, idempotencyKey: crypto.randomUUID() };
}

interface OrderView {
  number: string;
  lines: Array<{ id: string; productName: string; quantity: number }>;
}
type Carry = Record<string, string>;
type StepView =
  | { stage: "details"; order: OrderView; carry: Carry; defaults: { scope: "whole" | "lines"; qty: Record<string, number>; reason: string } }
  | { stage: "confirm"; order: OrderView; carry: Carry; summary: { wholeOrder: boolean; lines: Array<{ productName: string; quantity: number }>; reason: string } };
type ActionAnswer = { result: SubmissionResult<string[]>; view: StepView | null };

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

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale, user } = await requestContext({ request, context });
  const t = getTranslator(locale);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const isIdentify = intent === "identify";
  if (!["identify", "review", "edit", "confirm"].includes(intent)) throw new Response(t("withdrawal.errors.unknownStep"), { status: 400 });
  const answer = (result: SubmissionResult<string[]>, view: StepView | null, init: ResponseInit = {}) =>
    data<ActionAnswer>({ result, view }, { status: 200, ...init });

  // Which order, checked first (and again at every step: the later steps carry it in hidden fields).
  const identified = parseWithZod(formData, { schema: user ? customerIdentifySchema : guestIdentifySchema });
  if (identified.status !== "success") return answer(identified.reply(), null, { status: 400 });
  const value = identified.value as Record<string, string | undefined>;
  const submission = identified;

  let access: OrderAccess;
  try {
    access = user
      ? await customerOrderAccess(user.id, value.orderId ?? "")
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
    return answer(submission.reply({ formErrors: [t(user ? "withdrawal.errors.orderNotYours" : "withdrawal.errors.notFound")] }), null, {
      status: user ? 404 : 400,
    });
  }
  const order = access.order;
  const carry: Carry = user
    ? { orderId: order.id, idempotencyKey: value.idempotencyKey ?? "" }
    : { orderNumber: order.number, email: value.email ?? "", idempotencyKey: value.idempotencyKey ?? "" };

  const quantities = quantitiesOf(formData);
  const typed = { scope: formData.get("scope") === "lines" ? ("lines" as const) : ("whole" as const), reason: String(formData.get("reason") ?? "") };
  const details = (): Extract<StepView, { stage: "details" }> => ({ stage: "details", order: orderView(order), carry, defaults: { ...typed, qty: quantities } });
  if (isIdentify) return answer(submission.reply(), { ...details(), defaults: { scope: "whole", qty: {}, reason: "" } });
  if (intent === "edit") return answer(submission.reply(), details());
  const detailed = parseWithZod(formData, { schema: user ? customerDetailsSchema : guestDetailsSchema });
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
      userId: user?.id ?? null,
      wholeOrder: resolved.wholeOrder,
      lines: resolved.lines,
      reason,
      idempotencyKey: value.idempotencyKey ?? "",
    });
    if (!stored.ok) return answer(submission.reply({ formErrors: [t("withdrawal.errors.expired")] }), null, { status: 409 });
    const session = await getSession(request);
    session.set("withdrawalId", stored.withdrawal.id);
    return redirect(`/withdrawal?done=${stored.withdrawal.id}`, { status: 303, headers: { "Set-Cookie": await commitSession(session, request) } });
  } catch (error) {
    logActionFailure("withdrawal: storing failed", error);
    return answer(submission.reply({ formErrors: [t("withdrawal.errors.unexpected")] }), null, { status: 500 });
  }
}

function Hidden({ values }: { values: Carry }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function ReceiptContent({ receipt }: { receipt: ReceiptView }) {
  const { t } = useT();
  return (
    <dl className="grid gap-3 text-sm" data-testid="withdrawal-receipt">
      <div>
        <dt className="font-semibold">{t("withdrawal.summary.order")}</dt>
        <dd data-testid="receipt-order">
          <span dir="ltr">{receipt.number}</span>
        </dd>
      </div>
      {receipt.receivedAt ? (
        <div>
          <dt className="font-semibold">{t("withdrawal.summary.receivedAt")}</dt>
          <dd data-testid="receipt-time">{receipt.receivedAt}</dd>
        </div>
      ) : null}
      <div>
        <dt className="font-semibold">{t("withdrawal.summary.what")}</dt>
        <dd>
          <p>{receipt.wholeOrder ? t("withdrawal.summary.wholeOrder") : t("withdrawal.summary.someLines")}</p>
          <ul className="mt-1 list-disc ps-5" data-testid="receipt-lines">
            {receipt.lines.map((line, index) => (
              <li key={index} className="break-words">
                <span dir="ltr">{line.quantity} ×</span> {line.productName}
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div>
        <dt className="font-semibold">{t("withdrawal.summary.reason")}</dt>
        <dd className="whitespace-pre-line break-words" data-testid="receipt-reason">
          {receipt.reason || t("withdrawal.summary.noReason")}
        </dd>
      </div>
    </dl>
  );
}

function Start() {
  const { t } = useT();
  return (
    <Form method="get" className="mt-6">
      <button type="submit" name="step" value="form" className="btn-primary" data-testid="withdrawal-start">
        {t("withdrawal.start")}
      </button>
    </Form>
  );
}

function IdentifyForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const { signedIn, orders, prefill, idempotencyKey } = useLoaderData<typeof loader>();
  const { t } = useT();
  const schema = signedIn ? customerIdentifySchema : guestIdentifySchema;
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: prefill,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2" data-testid="withdrawal-identify">
      <FormErrors id={form.errorId} errors={form.errors} testId="form-alert" className="mb-4" />
      <input type="hidden" name="intent" value="identify" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {signedIn ? (
        orders.length > 0 ? (
          <SelectField meta={f.orderId!} label={t("withdrawal.fields.order")} options={orders.map((o) => ({ value: o.id, label: o.label }))} required />
        ) : (
          <p data-testid="no-orders">{t("withdrawal.noOrders")}</p>
        )
      ) : (
        <>
          <Field meta={f.orderNumber!} label={t("withdrawal.fields.orderNumber")} hint={t("withdrawal.fields.orderNumberHint")} required maxLength={40} autoComplete="off" />
          <Field meta={f.email!} type="email" label={t("withdrawal.fields.email")} required maxLength={254} autoComplete="email" />
        </>
      )}
      <StatusButton className="btn-primary" data-testid="withdrawal-next">
        {t("withdrawal.next")}
      </StatusButton>
    </Form>
  );
}

function DetailsForm({ view, result }: { view: Extract<StepView, { stage: "details" }>; result: SubmissionResult<string[]> | undefined }) {
  const { signedIn } = useLoaderData<typeof loader>();
  const { t } = useT();
  const schema = signedIn ? customerDetailsSchema : guestDetailsSchema;
  const [form, fields] = useForm({
    lastResult: result,
    defaultValue: { scope: view.defaults.scope, reason: view.defaults.reason },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="withdrawal-details">
      <FormErrors id={form.errorId} errors={form.errors} testId="form-alert" />
      <p className="font-semibold">
        {t("withdrawal.summary.order")}: <span dir="ltr">{view.order.number}</span>
      </p>
      <input type="hidden" name="intent" value="review" />
      <Hidden values={view.carry} />
      <fieldset className="space-y-2">
        <legend className="label">{t("withdrawal.fields.scope")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={fields.scope.name} value="whole" defaultChecked={view.defaults.scope === "whole"} className="h-4 w-4" data-testid="scope-whole" />
          {t("withdrawal.fields.whole")}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={fields.scope.name} value="lines" defaultChecked={view.defaults.scope === "lines"} className="h-4 w-4" data-testid="scope-lines" />
          {t("withdrawal.fields.lines")}
        </label>
      </fieldset>
      <ul className="space-y-2" data-testid="withdrawal-lines">
        {view.order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
            <label htmlFor={`qty-${line.id}`} className="min-w-0 flex-1 break-words">
              {line.productName}
              <span className="block text-xs text-slate-600">{t("withdrawal.fields.ordered", { count: line.quantity })}</span>
            </label>
            <input
              id={`qty-${line.id}`}
              name={`qty_${line.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.quantity}
              step={1}
              defaultValue={view.defaults.qty[line.id] ?? 0}
              className="input w-24"
              data-testid="line-quantity"
            />
          </li>
        ))}
      </ul>
      <TextareaField meta={fields.reason} label={t("withdrawal.fields.reason")} hint={t("withdrawal.fields.reasonHint")} maxLength={REASON_MAX} />
      <StatusButton className="btn-primary" data-testid="withdrawal-review">
        {t("withdrawal.review")}
      </StatusButton>
    </Form>
  );
}

function ConfirmStep({ view }: { view: Extract<StepView, { stage: "confirm" }> }) {
  const { t } = useT();
  return (
    <div className="mt-6 space-y-4" data-testid="withdrawal-confirm">
      <h2 className="text-xl font-bold">{t("withdrawal.summary.title")}</h2>
      <div className="card p-4">
        <ReceiptContent receipt={{ number: view.order.number, receivedAt: "", ...view.summary }} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="confirm" />
          <Hidden values={view.carry} />
          <StatusButton className="btn-primary" data-testid="withdrawal-submit">
            {t("withdrawal.confirm")}
          </StatusButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="edit" />
          <Hidden values={view.carry} />
          <StatusButton className="btn-secondary" data-testid="withdrawal-edit">
            {t("withdrawal.edit")}
          </StatusButton>
        </Form>
      </div>
    </div>
  );
}

export default function WithdrawalPage() {
  const { stage, receipt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t } = useT();
  const view = answer?.view ?? null;
  return (
    <div className="container-page py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight">{stage === "done" ? t("withdrawal.done.title") : t("withdrawal.title")}</h1>
        {stage === "done" && receipt ? (
          <>
            <p className="mt-3 text-slate-700" role="status" data-testid="withdrawal-done">
              {t("withdrawal.done.text")}
            </p>
            <div className="card mt-6 p-4">
              <ReceiptContent receipt={receipt} />
            </div>
          </>
        ) : (
          <>
            <p className="mt-3 text-slate-700">{t("withdrawal.intro")}</p>
            {view?.stage === "confirm" ? (
              <ConfirmStep view={view} />
            ) : view?.stage === "details" ? (
              <DetailsForm key={JSON.stringify(view.carry)} view={view} result={answer?.result} />
            ) : stage === "start" && !answer ? (
              <Start />
            ) : (
              <IdentifyForm result={answer?.result} />
            )}
            <p className="mt-8 text-sm text-slate-600">
              <Link to="/returns" className="text-brand-700 hover:underline">
                {t("withdrawal.instructionsLink")}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
