import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { formatPrice, type Currency } from "~/utils/money";
import { AdminSection, useAdminDateTime } from "./admin-ui";
import { FormErrors, StatusButton } from "../forms";

/**
 * The bank-statement page of the admin (/admin/payments): the upload form for a camt.053/054 file,
 * the result of the last import, and the open credits, each with a form to assign it to an order by
 * hand (or to set it aside). Every form is a plain post: it works without JavaScript.
 */

const K = "backoffice.statements";

type Outcome = "matched" | "amountDiffers" | "alreadyPaid" | "cancelled" | "noOrder" | "otherCurrency";

export interface CreditView {
  id: string;
  amount: number;
  currency: string;
  bookingDate: string;
  reference: string | null;
  remittance: string | null;
  debtorName: string | null;
  outcome: Outcome;
  orderId: string | null;
  orderNumber: string | null;
  orderTotal: number | null;
  orderCurrency: string | null;
  applied: boolean;
  dismissed: boolean;
}

export interface ImportResultView {
  id: string;
  fileName: string;
  kind: string;
  version: string;
  importedAt: string;
  entries: number;
  credits: number;
  duplicates: number;
  transactions: CreditView[];
}

/** An amount in a statement's currency: the shop's way for EUR and CHF, "12.50 USD" for any other. */
export function formatAmount(cents: number, currency: string): string {
  if (currency === "EUR" || currency === "CHF") return formatPrice(cents, currency as Currency);
  return `${(cents / 100).toFixed(2)}\u00a0${currency}`;
}

export function BankStatementsPage({
  imported,
  already,
  open,
  uploadError,
  assignAnswer,
}: {
  imported: ImportResultView | null;
  already: boolean;
  open: { credits: CreditView[]; total: number };
  uploadError: string | null;
  assignAnswer: { creditId: string; reply: SubmissionResult<string[]> } | null;
}) {
  const { t } = useT();
  return (
    <AdminSection title={t(`${K}.title`)} testId="admin-payments">
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t(`${K}.intro`)}</p>
      <UploadForm error={uploadError} />
      {imported ? <ImportResult imported={imported} already={already} /> : null}
      <OpenCredits open={open} assignAnswer={assignAnswer} />
    </AdminSection>
  );
}

function UploadForm({ error }: { error: string | null }) {
  const { t } = useT();
  return (
    <Form method="post" encType="multipart/form-data" className="card mt-4 max-w-3xl p-4" data-testid="statement-upload" aria-labelledby="statement-upload-heading">
      <h3 id="statement-upload-heading" className="font-semibold">{t(`${K}.upload.title`)}</h3>
      <input type="hidden" name="intent" value="import" />
      <FormErrors id="statement-error" errors={error ? [error] : null} title={t(`${K}.errors.title`)} testId="statement-error" className="mt-3" />
      <label htmlFor="statement-file" className="label mt-3">{t(`${K}.upload.label`)}</label>
      <input
        id="statement-file"
        name="statement"
        type="file"
        required
        accept=".xml,.053,.054,application/xml,text/xml"
        className="mt-1 block w-full text-sm"
        aria-describedby={error ? "statement-error" : undefined}
      />
      <StatusButton className="btn-primary mt-3" pendingLabel={t(`${K}.upload.pending`)}>
        {t(`${K}.upload.submit`)}
      </StatusButton>
    </Form>
  );
}

function useDay() {
  const dateTime = useAdminDateTime();
  // A booking date is a calendar day: noon UTC is that day in every time zone a shop is in.
  return (day: string) => dateTime(`${day}T12:00:00Z`, false);
}

function ReferenceText({ credit }: { credit: Pick<CreditView, "reference" | "remittance"> }) {
  return (
    <span className="break-words">
      {credit.reference ? <span className="block font-mono text-xs" dir="ltr">{credit.reference}</span> : null}
      {credit.remittance ? <span className="block text-xs text-slate-600">{credit.remittance}</span> : null}
    </span>
  );
}

function OutcomeText({ credit }: { credit: CreditView }) {
  const { t } = useT();
  const key = credit.dismissed ? "dismissed" : credit.applied && credit.outcome !== "matched" ? "assigned" : credit.outcome;
  const tone = credit.applied ? "text-emerald-800" : credit.dismissed ? "text-slate-600" : "text-amber-900";
  return (
    <span className={`text-sm font-medium ${tone}`} data-testid="credit-outcome" data-outcome={key}>
      {t(`${K}.outcome.${key}`, {
        total: credit.orderTotal !== null && credit.orderCurrency ? formatAmount(credit.orderTotal, credit.orderCurrency) : "",
        currency: credit.orderCurrency ?? "",
      })}
    </span>
  );
}

function OrderLink({ credit }: { credit: CreditView }) {
  if (!credit.orderId || !credit.orderNumber) return <span className="text-slate-500">–</span>;
  return (
    <Link to={`/admin/orders/${credit.orderId}`} className="font-semibold text-brand-700 hover:underline" dir="ltr">
      {credit.orderNumber}
    </Link>
  );
}

function ImportResult({ imported, already }: { imported: ImportResultView; already: boolean }) {
  const { t } = useT();
  const dateTime = useAdminDateTime();
  const day = useDay();
  const matched = imported.transactions.filter((credit) => credit.outcome === "matched").length;
  const toCheck = imported.transactions.length - matched;
  return (
    <section className="card mt-6 p-4" aria-labelledby="import-result-heading" data-testid="import-result">
      <h3 id="import-result-heading" className="font-semibold">{t(`${K}.result.title`)}</h3>
      <p className="mt-1 text-sm text-slate-600">
        {t(`${K}.result.file`, { file: imported.fileName || "–", kind: imported.kind, version: imported.version, date: dateTime(imported.importedAt) })}
      </p>
      {already ? (
        <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="import-already">
          {t(`${K}.result.already`, { date: dateTime(imported.importedAt) })}
        </p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="import-summary">
        <li>{t(`${K}.result.entries`, { count: imported.entries })}</li>
        <li>{t(`${K}.result.credits`, { count: imported.credits })}</li>
        <li className="font-semibold text-emerald-800" data-testid="import-matched" data-count={matched}>{t(`${K}.result.matched`, { count: matched })}</li>
        <li className="font-semibold text-amber-900" data-testid="import-open" data-count={toCheck}>{t(`${K}.result.open`, { count: toCheck })}</li>
      </ul>
      {imported.duplicates > 0 ? <p className="mt-2 text-sm text-slate-600">{t(`${K}.result.duplicates`, { count: imported.duplicates })}</p> : null}
      {imported.transactions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t(`${K}.result.none`)}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[44rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="px-2 py-2 text-start">{t(`${K}.columns.date`)}</th>
                <th scope="col" className="px-2 py-2 text-end">{t(`${K}.columns.amount`)}</th>
                <th scope="col" className="px-2 py-2 text-start">{t(`${K}.columns.debtor`)}</th>
                <th scope="col" className="px-2 py-2 text-start">{t(`${K}.columns.reference`)}</th>
                <th scope="col" className="px-2 py-2 text-start">{t(`${K}.columns.order`)}</th>
                <th scope="col" className="px-2 py-2 text-start">{t(`${K}.columns.result`)}</th>
              </tr>
            </thead>
            <tbody>
              {imported.transactions.map((credit) => (
                <tr key={credit.id} className="border-b border-slate-100 align-top" data-testid="import-row" data-outcome={credit.outcome}>
                  <td className="whitespace-nowrap px-2 py-2">{day(credit.bookingDate)}</td>
                  <td className="whitespace-nowrap px-2 py-2 text-end font-semibold" dir="ltr">{formatAmount(credit.amount, credit.currency)}</td>
                  <td className="px-2 py-2">{credit.debtorName ?? "–"}</td>
                  <td className="max-w-xs px-2 py-2"><ReferenceText credit={credit} /></td>
                  <td className="px-2 py-2"><OrderLink credit={credit} /></td>
                  <td className="px-2 py-2"><OutcomeText credit={credit} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OpenCredits({ open, assignAnswer }: { open: { credits: CreditView[]; total: number }; assignAnswer: { creditId: string; reply: SubmissionResult<string[]> } | null }) {
  const { t } = useT();
  const day = useDay();
  return (
    <section className="mt-8" aria-labelledby="open-credits-heading" data-testid="open-credits">
      <h3 id="open-credits-heading" className="text-lg font-bold">{t(`${K}.open.title`)}</h3>
      {open.total === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="open-credits-empty">{t(`${K}.open.empty`)}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t(`${K}.open.count`, { count: open.total })}
            {open.total > open.credits.length ? ` ${t(`${K}.open.more`, { shown: open.credits.length })}` : ""}
          </p>
          <ul className="mt-3 space-y-3">
            {open.credits.map((credit) => (
              <li key={credit.id} className="card p-4" data-testid="open-credit" data-credit-id={credit.id}>
                <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm">
                  <span className="font-semibold" dir="ltr" data-testid="open-credit-amount">{formatAmount(credit.amount, credit.currency)}</span>
                  <span>{day(credit.bookingDate)}</span>
                  <span>{credit.debtorName ?? "–"}</span>
                  <OutcomeText credit={credit} />
                  {credit.orderId ? <OrderLink credit={credit} /> : null}
                </div>
                <div className="mt-1 text-sm"><ReferenceText credit={credit} /></div>
                <AssignForm credit={credit} lastResult={assignAnswer?.creditId === credit.id ? assignAnswer.reply : undefined} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function AssignForm({ credit, lastResult }: { credit: CreditView; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT();
  const day = useDay();
  const [form, fields] = useForm<{ order: string; confirm: boolean }>({
    id: `assign-${credit.id}`,
    lastResult,
    defaultValue: { order: credit.orderNumber ?? "" },
    // Checked on the server; the browser gets `required` only.
    shouldValidate: "onSubmit",
  });
  const amount = formatAmount(credit.amount, credit.currency);
  const orderErrors = fields.order.errors ?? [];
  const confirmErrors = fields.confirm.errors ?? [];
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3" preventScrollReset data-testid="assign-form">
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="creditId" value={credit.id} />
        <div>
          <label htmlFor={fields.order.id} className="label">
            {t(`${K}.assign.order`)}
            <span className="sr-only"> ({t(`${K}.assign.orderFor`, { amount, date: day(credit.bookingDate) })})</span>
          </label>
          <input
            {...getInputProps(fields.order, { type: "text" })}
            required
            maxLength={40}
            autoComplete="off"
            dir="ltr"
            className={`input w-56 ${orderErrors.length > 0 ? "border-red-600" : ""}`}
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm font-medium">
          <input {...getInputProps(fields.confirm, { type: "checkbox" })} required className="h-4 w-4" />
          {t(`${K}.assign.confirm`, { amount })}
        </label>
        <StatusButton className="btn-primary">{t(`${K}.assign.submit`)}</StatusButton>
        <div className="w-full" id={form.errorId}>
          {[...orderErrors, ...confirmErrors, ...(form.errors ?? [])].length > 0 ? (
            <p role="alert" className="text-sm font-medium text-red-700" data-testid="assign-error">
              {[...new Set([...orderErrors, ...confirmErrors, ...(form.errors ?? [])].map((error) => t(error)))].join(" ")}
            </p>
          ) : null}
        </div>
      </Form>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="dismiss" />
        <input type="hidden" name="creditId" value={credit.id} />
        <StatusButton className="btn-secondary mb-6">{t(`${K}.assign.dismiss`)}</StatusButton>
      </Form>
    </div>
  );
}
