import { useT } from "~/i18n/use-t";
import type { ReceiptView } from "./withdrawal.schema";

/** What a withdrawal declares: the order, when it was received (once stored), what is withdrawn and why. */
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
          {receipt.reason || t(receipt.reasonHidden ? "withdrawal.summary.reasonHidden" : "withdrawal.summary.noReason")}
        </dd>
      </div>
    </dl>
  );
}
