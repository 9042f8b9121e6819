import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import type { BankCredit, ImportView } from "~/models/bank-statement.server";
import { formatPrice, type Currency } from "~/utils/money";
import { AdminSection, useAdminDateTime } from "./admin-ui";
import { FormErrors, StatusButton } from "../forms";

/**
 * The bank-statement page of the admin (/admin/payments): the upload form for a camt.053/054 file,
 * the result of the last import, and the open credits, each with a form to assign it to an order by
 * hand (or to set it aside). Every form is a plain post: it works without JavaScript.
 */

const K = "backoffice.statements";

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
  imported: ImportView | null;
  already: boolean;
  /** null while the import shown runs. */
  open: { credits: BankCredit[]; total: number; capped: boolean } | null;
  uploadError: string | null;
  assignAnswer: { creditId: string; reply: SubmissionResult<string[]> } | null;
}) {
  const { t } = useT();
  return (
    <AdminSection title={t(`${K}.title`)} testId="admin-payments">
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t(`${K}.intro`)}</p>
      {/* The import asked for (its progress or its result) first: it is what the admin came back for. */}
      {imported ? <ImportResult imported={imported} already={already} /> : null}
      <UploadForm error={uploadError} />
      {open ? <OpenCredits open={open} assignAnswer={assignAnswer} /> : null}
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

function ReferenceText({ credit }: { credit: Pick<BankCredit, "reference" | "remittance"> }) {
  return (
    <span className="break-words">
      {credit.reference ? <span className="block font-mono text-xs" dir="ltr">{credit.reference}</span> : null}
      {credit.remittance ? <span className="block text-xs text-slate-600">{credit.remittance}</span> : null}
    </span>
  );
}

function OutcomeText({ credit }: { credit: BankCredit }) {
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

function OrderLink({ credit }: { credit: BankCredit }) {
  if (!credit.orderId || !credit.orderNumber) return <span className="text-slate-500">–</span>;
  return (
    <Link to={`/admin/orders/${credit.orderId}`} className="font-semibold text-brand-700 hover:underline" dir="ltr">
      {credit.orderNumber}
    </Link>
  );
}

function ImportResult({ imported, already }: { imported: ImportView; already: boolean }) {
  const { t } = useT();
  const dateTime = useAdminDateTime();
  const file = t(`${K}.result.file`, { file: imported.fileName || "–", kind: imported.kind, version: imported.version, date: dateTime(imported.importedAt) });
  if (imported.state !== "done") return <ImportState imported={imported} file={file} />;
  const recorded = imported.credits - imported.duplicates;
  const toCheck = recorded - imported.matched;
  return (
    <section className="card mt-4 p-4" aria-labelledby="import-result-heading" data-testid="import-result" data-state="done">
      <h3 id="import-result-heading" className="font-semibold">{t(`${K}.result.title`)}</h3>
      <p className="mt-1 text-sm text-slate-600">{file}</p>
      {already ? (
        <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="import-already">
          {t(`${K}.result.already`, { date: dateTime(imported.importedAt) })}
        </p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="import-summary">
        <li>{t(`${K}.result.entries`, { count: imported.entries })}</li>
        <li>{t(`${K}.result.credits`, { count: imported.credits })}</li>
        <li className="font-semibold text-emerald-800" data-testid="import-matched" data-count={imported.matched}>{t(`${K}.result.matched`, { count: imported.matched })}</li>
        <li className="font-semibold text-amber-900" data-testid="import-open" data-count={toCheck}>{t(`${K}.result.open`, { count: toCheck })}</li>
        {imported.duplicates > 0 ? (
          <li data-testid="import-skipped-count" data-count={imported.duplicates}>{t(`${K}.result.skipped`, { count: imported.duplicates })}</li>
        ) : null}
      </ul>
      {imported.credits === 0 ? <p className="mt-3 text-sm text-slate-600">{t(`${K}.result.none`)}</p> : null}
      {imported.transactions.length > 0 ? <CreditTable credits={imported.transactions} /> : null}
      {imported.transactions.length < recorded ? (
        <p className="mt-2 text-sm text-slate-600">{t(`${K}.result.firstShown`, { shown: imported.transactions.length, count: recorded })}</p>
      ) : null}
      {imported.skipped.length > 0 ? <SkippedList imported={imported} /> : null}
    </section>
  );
}

/** A running import's progress (the page looks again by itself), or why it failed. */
function ImportState({ imported, file }: { imported: ImportView; file: string }) {
  const { t } = useT();
  const number = (value: number) => value.toLocaleString("en-US").replace(/,/g, "\u202f");
  if (imported.state === "running") {
    const phase = imported.phase ?? "reading";
    const percent = imported.progressTotal > 0 ? Math.min(100, Math.floor((imported.progress / imported.progressTotal) * 100)) : 0;
    return (
      <section className="card mt-4 p-4" aria-labelledby="import-result-heading" data-testid="import-result" data-state="running">
        <h3 id="import-result-heading" className="font-semibold">{t(`${K}.progress.title`)}</h3>
        <p className="mt-1 text-sm text-slate-600">{file}</p>
        <p role="status" className="mt-3 text-sm font-medium" data-testid="import-progress">
          {t(`${K}.progress.${phase}`, { done: number(imported.progress), total: number(imported.progressTotal) })}
        </p>
        <progress className="mt-2 h-2 w-full max-w-md" max={100} value={phase === "applying" ? undefined : percent} aria-label={t(`${K}.progress.title`)} />
        <p className="mt-2 text-sm text-slate-600">{t(`${K}.progress.note`)}</p>
      </section>
    );
  }
  const message = imported.state === "interrupted"
    ? t(`${K}.progress.interrupted`)
    : t(`${K}.errors.${imported.failure?.key ?? "internal"}`, imported.failure?.vars);
  return (
    <section className="card mt-4 p-4" aria-labelledby="import-result-heading" data-testid="import-result" data-state={imported.state}>
      <h3 id="import-result-heading" className="font-semibold">{t(`${K}.errors.title`)}</h3>
      <p className="mt-1 text-sm text-slate-600">{file}</p>
      <p role="alert" className="mt-3 text-sm font-medium text-red-700" data-testid="import-failure">{message}</p>
    </section>
  );
}

function CreditTable({ credits }: { credits: BankCredit[] }) {
  const { t } = useT();
  const day = useDay();
  return (
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
          {credits.map((credit) => (
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
  );
}

/** The credits not recorded again, one by one: imported before from another file, or repeated in this one. */
function SkippedList({ imported }: { imported: ImportView }) {
  const { t } = useT();
  const day = useDay();
  const dateTime = useAdminDateTime();
  return (
    <div className="mt-4" data-testid="import-skipped">
      <h4 className="text-sm font-semibold">{t(`${K}.skipped.title`, { count: imported.duplicates })}</h4>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[40rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="px-2 py-2 text-start">{t(`${K}.columns.date`)}</th>
              <th scope="col" className="px-2 py-2 text-end">{t(`${K}.columns.amount`)}</th>
              <th scope="col" className="px-2 py-2 text-start">{t(`${K}.columns.debtor`)}</th>
              <th scope="col" className="px-2 py-2 text-start">{t(`${K}.skipped.bankReference`)}</th>
              <th scope="col" className="px-2 py-2 text-start">{t(`${K}.skipped.why`)}</th>
            </tr>
          </thead>
          <tbody>
            {imported.skipped.map((skip, index) => (
              <tr key={`${skip.entryRef}-${index}`} className="border-b border-slate-100 align-top" data-testid="skipped-row" data-reason={skip.reason}>
                <td className="whitespace-nowrap px-2 py-2">{day(skip.bookingDate)}</td>
                <td className="whitespace-nowrap px-2 py-2 text-end font-semibold" dir="ltr">{formatAmount(skip.amount, skip.currency)}</td>
                <td className="px-2 py-2">{skip.debtorName ?? "–"}</td>
                <td className="px-2 py-2"><span className="break-all font-mono text-xs" dir="ltr">{skip.entryRef.startsWith("hash:") ? "–" : skip.entryRef}</span>{skip.reference ? <span className="block font-mono text-xs" dir="ltr">{skip.reference}</span> : null}</td>
                <td className="px-2 py-2">
                  {skip.reason === "repeatedInFile" ? (
                    t(`${K}.skipped.repeatedInFile`)
                  ) : skip.earlier ? (
                    <Link to={`/admin/payments?import=${skip.earlier.id}`} className="text-brand-700 hover:underline">
                      {t(`${K}.skipped.importedBefore`, { file: skip.earlier.fileName || "–", date: dateTime(skip.earlier.importedAt) })}
                    </Link>
                  ) : (
                    t(`${K}.skipped.importedBeforeUnknown`)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {imported.skipped.length < imported.duplicates ? (
        <p className="mt-2 text-sm text-slate-600">{t(`${K}.result.firstShown`, { shown: imported.skipped.length, count: imported.duplicates })}</p>
      ) : null}
    </div>
  );
}

function OpenCredits({ open, assignAnswer }: { open: { credits: BankCredit[]; total: number; capped: boolean }; assignAnswer: { creditId: string; reply: SubmissionResult<string[]> } | null }) {
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
            {open.capped ? t(`${K}.open.countMore`, { count: open.total }) : t(`${K}.open.count`, { count: open.total })}
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

function AssignForm({ credit, lastResult }: { credit: BankCredit; lastResult?: SubmissionResult<string[]> }) {
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
