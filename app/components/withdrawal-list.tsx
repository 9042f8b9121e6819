import { useT } from "~/i18n/use-t";
import type { Withdrawal } from "~/models/withdrawal.server";

/** The "late" mark: declared more than 14 days after delivery (accepted all the same). */
export function LateBadge() {
  const { t } = useT();
  return (
    <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" title={t("withdrawal.list.lateHint")} data-testid="late-badge">
      {t("withdrawal.list.late")}
    </span>
  );
}

/** What a withdrawal covers: the whole order, or "2 × Pen" per line. */
export function WithdrawnWhat({ withdrawal }: { withdrawal: Pick<Withdrawal, "wholeOrder" | "lines"> }) {
  const { t } = useT();
  return (
    <>
      {withdrawal.wholeOrder ? <p className="font-semibold">{t("withdrawal.list.wholeOrder")}</p> : null}
      <ul className="text-sm">
        {withdrawal.lines.map((line, index) => (
          <li key={index} className="break-words">
            <span dir="ltr">{line.quantity} ×</span> {line.productName}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * An order's withdrawals (the order pages of the customer and the admin), each with the time it was
 * received (`times`: already written out in the shop's time zone, by id).
 */
export function OrderWithdrawals({ withdrawals, times }: { withdrawals: ReadonlyArray<Withdrawal>; times: Record<string, string> }) {
  const { t } = useT();
  if (withdrawals.length === 0) return null;
  return (
    <section className="card mt-6 p-4" aria-labelledby="withdrawals-heading" data-testid="order-withdrawals">
      <h3 id="withdrawals-heading" className="font-semibold">
        {t("withdrawal.list.title")}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {withdrawals.map((withdrawal) => (
          <li key={withdrawal.id} className="py-2" data-testid="order-withdrawal">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span>{times[withdrawal.id]}</span>
              {withdrawal.late ? <LateBadge /> : null}
            </p>
            <WithdrawnWhat withdrawal={withdrawal} />
            {withdrawal.reason ? <p className="mt-1 whitespace-pre-line break-words text-sm">{withdrawal.reason}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
