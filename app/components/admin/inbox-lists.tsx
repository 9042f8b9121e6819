import { Form, Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { useAdminDateTime } from "~/components/admin/admin-ui";
import type { InboxData } from "~/models/admin-inbox.server";
import { DataTable } from "~/components/data-table";

const emailStatusTone: Record<string, string> = {
  queued: "bg-slate-100 text-slate-800",
  sending: "bg-blue-100 text-blue-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-800",
};

export function EmailStatusBadge({ status }: { status: string }) {
  const { t } = useT();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${emailStatusTone[status] ?? ""}`} data-testid="email-status" data-status={status}>
      {t(`inbox.outbox.statuses.${status}`)}
    </span>
  );
}

/** The look of the inbox's two lists (messages, e-mails). */
const LIST_TABLE = {
  className: "mt-4 overflow-x-auto",
  tableClassName: "w-full text-start text-sm",
  row: "border-b border-slate-200 text-slate-600",
  cell: "py-2 pe-3",
} as const;

function messageState(message: InboxData["messages"][number]): "done" | "read" | "unread" {
  return message.doneAt ? "done" : message.readAt ? "read" : "unread";
}

/**
 * The messages section (/admin/messages): contact messages and support requests, unread first and
 * newest first, and the e-mail outbox with each e-mail's state. Rows link to the detail page, where
 * a message is marked read or done and an e-mail's text is read.
 */
export function InboxLists({ data }: { data: InboxData }) {
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  return (
    <div className="space-y-8">
      <section aria-labelledby="inbox-messages-heading" className="card p-4 sm:p-6" data-testid="inbox-messages">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="inbox-messages-heading" className="text-xl font-bold">
            {t("inbox.messages.heading")}
          </h2>
          <Link
            to={data.showDone ? "/admin/messages" : "/admin/messages?done=1"}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {data.showDone ? t("inbox.messages.hideDone") : t("inbox.messages.showDone")}
          </Link>
        </div>
        <DataTable
          {...LIST_TABLE}
          items={data.messages}
          empty={<p className="mt-4 text-slate-600">{t("inbox.messages.empty")}</p>}
          columns={[t("inbox.messages.state"), t("inbox.messages.kind"), t("inbox.messages.from"), t("inbox.messages.subject"), t("inbox.messages.received")]}
        >
          {(message) => {
            const state = messageState(message);
            return (
              <tr
                key={`${message.kind}-${message.id}`}
                className={`border-b border-slate-100 ${state === "unread" ? "font-semibold" : ""}`}
                data-testid="inbox-message"
                data-state={state}
              >
                <td className="py-2 pe-3">{t(`inbox.messages.states.${state}`)}</td>
                <td className="py-2 pe-3">
                  {t(`inbox.messages.kinds.${message.kind}`)}
                  {message.orderNumber ? (
                    <span className="block text-xs text-slate-600" dir="ltr">
                      {t("inbox.messages.order", { number: message.orderNumber })}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pe-3">
                  {message.name}
                  <span className="block text-xs font-normal text-slate-600">{message.email}</span>
                </td>
                <td className="py-2 pe-3">
                  <Link to={`/admin/messages/${message.kind}-${message.id}`} className="text-brand-700 hover:underline">
                    {message.subject}
                  </Link>
                </td>
                <td className="whitespace-nowrap py-2 pe-3" dir="ltr">{formatDateTime(message.createdAt)}</td>
              </tr>
            );
          }}
        </DataTable>
      </section>

      <section aria-labelledby="inbox-outbox-heading" className="card p-4 sm:p-6" data-testid="inbox-outbox">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="inbox-outbox-heading" className="text-xl font-bold">
            {t("inbox.outbox.heading")}
          </h2>
          <Form method="get" className="flex items-end gap-2">
            {data.showDone ? <input type="hidden" name="done" value="1" /> : null}
            <div>
              <label htmlFor="outbox-status" className="label">
                {t("inbox.outbox.filter")}
              </label>
              <select id="outbox-status" name="mail" defaultValue={data.outboxStatus ?? ""} className="input">
                <option value="">
                  {t("inbox.outbox.all")}
                </option>
                {(["queued", "sending", "sent", "failed"] as const).map((status) => (
                  <option key={status} value={status}>
                    {t(`inbox.outbox.statuses.${status}`)} ({data.outboxCounts[status]})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              {t("inbox.outbox.apply")}
            </button>
          </Form>
        </div>
        {data.smtpConfigured ? null : (
          <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="no-smtp">
            {t("inbox.outbox.noSmtp")}
          </p>
        )}
        <DataTable
          {...LIST_TABLE}
          items={data.outbox}
          empty={<p className="mt-4 text-slate-600">{t("inbox.outbox.empty")}</p>}
          columns={[
            t("inbox.outbox.status"),
            t("inbox.outbox.kind"),
            t("inbox.outbox.to"),
            t("inbox.outbox.subject"),
            { label: t("inbox.outbox.attempts"), align: "end" },
            t("inbox.outbox.lastError"),
            t("inbox.outbox.created"),
          ]}
        >
          {(email) => (
            <tr key={email.id} className="border-b border-slate-100" data-testid="outbox-email" data-kind={email.kind}>
              <td className="py-2 pe-3">
                <EmailStatusBadge status={email.status} />
              </td>
              <td className="py-2 pe-3">{t(`inbox.outbox.kinds.${email.kind}`)}</td>
              <td className="py-2 pe-3" dir="ltr">
                {email.to}
              </td>
              <td className="py-2 pe-3">
                <Link to={`/admin/messages/email-${email.id}`} className="text-brand-700 hover:underline">
                  {email.subject}
                </Link>
              </td>
              <td className="py-2 pe-3 text-end">{email.attempts}</td>
              <td className="max-w-56 truncate py-2 pe-3 text-xs text-red-800" title={email.lastError ?? undefined}>
                {email.lastError ?? ""}
              </td>
              <td className="whitespace-nowrap py-2 pe-3" dir="ltr">{formatDateTime(email.createdAt)}</td>
            </tr>
          )}
        </DataTable>
      </section>
    </div>
  );
}
