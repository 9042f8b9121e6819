import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requestContext } from "~/services/request-context.server";
import { identifyDefaults, submitWithdrawalStep, withdrawalReceipt } from "~/services/withdrawal-form.server";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { type I18nHandle } from "~/i18n/namespaces";
import { pageMeta } from "~/utils/seo";
import { retryAfterHeaders } from "~/utils/retry-after.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ConfirmStep } from "~/components/withdrawal/confirm-step";
import { DetailsForm } from "~/components/withdrawal/details-step";
import { IdentifyForm, StartStep } from "~/components/withdrawal/identify-step";
import { ReceiptContent } from "~/components/withdrawal/receipt-content";
import type { ActionAnswer } from "~/components/withdrawal/withdrawal.schema";

/*
 * The withdrawal function (§ 356a BGB): a button "Vertrag widerrufen", a form (which order: order
 * number and e-mail for guests, one of their orders for customers; the whole order or lines and
 * quantities; an optional reason), a confirmation step with the button "Widerruf bestätigen", and
 * the receipt. Plain POST forms (intent per step, app/services/withdrawal-form.server.ts); the steps'
 * components and schemas are in app/components/withdrawal/.
 */

export const handle = { i18n: ["withdrawal"] } satisfies I18nHandle;

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("withdrawal.meta.title"), description: t("withdrawal.meta.description") }));

/** A refusal for too many attempts (429) tells the client when to try again. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { locale, user } = await requestContext({ request, context });
  const viewer = { locale, userId: user?.id ?? null };
  const url = new URL(request.url);
  const messages = routeMessages(locale, handle);
  const done = url.searchParams.get("done");
  if (done) {
    const receipt = await withdrawalReceipt(request, done, viewer);
    if (!receipt) throw new Response(getTranslator(locale)("withdrawal.errors.receiptNotFound"), { status: 404 });
    // again=1: the same withdrawal was declared again and not stored again (the page says so).
    const repeated = url.searchParams.get("again") === "1";
    return { messages, stage: "done" as const, receipt, repeated, signedIn: Boolean(user), orders: [], prefill: {}, idempotencyKey: "" };
  }
  const order = url.searchParams.get("order") ?? "";
  const stage = url.searchParams.get("step") === "form" || order ? ("identify" as const) : ("start" as const);
  const { orders, prefill } = await identifyDefaults(order, viewer);
  return { messages, stage, receipt: null, repeated: false, signedIn: Boolean(user), orders, prefill, idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale, user } = await requestContext({ request, context });
  return submitWithdrawalStep(request, { locale, userId: user?.id ?? null });
}

export default function WithdrawalPage() {
  const { stage, receipt, repeated, signedIn, orders, prefill, idempotencyKey } = useLoaderData<typeof loader>();
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
              {repeated
                ? t("withdrawal.done.repeated", { date: receipt.receivedAt })
                : receipt.receiptHeldBack
                  ? t("withdrawal.done.heldBack")
                  : t("withdrawal.done.text")}
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
              <DetailsForm key={JSON.stringify(view.carry)} view={view} result={answer?.result} signedIn={signedIn} />
            ) : stage === "start" && !answer ? (
              <StartStep />
            ) : (
              <IdentifyForm result={answer?.result} signedIn={signedIn} orders={orders} prefill={prefill} idempotencyKey={idempotencyKey} />
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
