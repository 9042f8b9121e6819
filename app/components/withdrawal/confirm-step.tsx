import { Form } from "@remix-run/react";
import { StatusButton } from "~/components/forms";
import { useT } from "~/i18n/use-t";
import { CarriedFields } from "./carried-fields";
import { ReceiptContent } from "./receipt-content";
import type { ConfirmView } from "./withdrawal.schema";

/** The summary before it counts: "Widerruf bestätigen", or back to change it. */
export function ConfirmStep({ view }: { view: ConfirmView }) {
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
          <CarriedFields values={view.carry} />
          <StatusButton className="btn-primary" data-testid="withdrawal-submit">
            {t("withdrawal.confirm")}
          </StatusButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="edit" />
          <CarriedFields values={view.carry} />
          <StatusButton className="btn-secondary" data-testid="withdrawal-edit">
            {t("withdrawal.edit")}
          </StatusButton>
        </Form>
      </div>
    </div>
  );
}
