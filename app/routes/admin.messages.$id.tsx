import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { applyInboxIntent, getInboxItem, type InboxItem } from "~/models/admin-inbox.server";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { safeRedirect } from "~/utils/redirect";
import { AdminSection, useAdminDateTime } from "~/components/admin/admin-ui";
import { EmailStatusBadge } from "~/components/admin/inbox-lists";
import { FormErrors, StatusButton } from "~/components/forms";
import { readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (t) => {
    const item = args.data?.item;
    const title = !item
      ? t("inbox.detail.notFound")
      : item.type === "email"
        ? t("inbox.detail.emailTitle", { subject: item.email.subject })
        : t("inbox.detail.messageTitle", { subject: item.message.subject });
    return { title, description: t("inbox.title"), noindex: true };
  });

/** Reading is a GET and changes nothing; marking the message read is a POST (see the page below). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await getInboxItem(params.id);
  if (!item) throw new Response(getTranslator((await requestContext({ request, context })).locale)("inbox.detail.notFound"), { status: 404 });
  return { item };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  const t = getTranslator((await requestContext({ request, context })).locale);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const result = await applyInboxIntent(params.id, intent);
  if (result === "notFound") throw new Response(t("inbox.detail.notFound"), { status: 404 });
  if (result === "invalid") return data({ error: t("inbox.detail.invalidIntent") }, { status: 400 });
  // Marked read on opening (a fetcher, with JavaScript): nothing to show, the page revalidates.
  if (intent === "read" && !form.has("redirectTo")) return data({ error: null });
  const titles = { read: "inbox.toast.read", done: "inbox.toast.done", reopen: "inbox.toast.reopened", retry: "inbox.toast.retried" } as const;
  const title = titles[intent as keyof typeof titles];
  // Done: back to the inbox (the next message); otherwise stay on the item.
  const here = `/admin/messages/${params.id}`;
  const back = safeRedirect(form.get("redirectTo"), here);
  const to = intent === "done" ? "/admin/messages" : back.startsWith("/admin/messages") ? back : here;
  return redirect(to, { headers: { "Set-Cookie": await flashToast(request, { kind: "success", title }) } });
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * With JavaScript, opening an unread message marks it read at once (a POST through a fetcher, once
 * per message); without, the page's "mark as read" button does.
 */
function useMarkReadOnOpen(item: InboxItem) {
  const fetcher = useFetcher({ key: "inbox-mark-read" });
  const sent = useRef<string | null>(null);
  const unread = item.type === "message" && !item.message.readAt ? `${item.message.kind}-${item.message.id}` : null;
  useEffect(() => {
    if (!unread || sent.current === unread) return;
    sent.current = unread;
    fetcher.submit({ intent: "read" }, { method: "post", action: `/admin/messages/${unread}` });
    // (fetcher.submit is stable; `sent` keeps a re-render from posting twice.)
  }, [unread, fetcher]);
}

export default function AdminMessagePage() {
  const { item } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { t } = useT();
  const formatDateTime = useAdminDateTime();
  useMarkReadOnOpen(item);
  const back = (
    <Link to="/admin/messages" className="btn-secondary">
      {t("inbox.detail.back")}
    </Link>
  );
  const error = <FormErrors errors={actionData?.error ? [actionData.error] : null} className="mt-4" />;

  if (item.type === "email") {
    const { email } = item;
    return (
      <AdminSection title={t("inbox.detail.emailTitle", { subject: email.subject })} actions={back}>
        {error}
        <div className="card mt-6 p-4 sm:p-6" data-testid="email-detail">
          <Facts
            rows={[
              [t("inbox.detail.to"), <span dir="ltr">{email.to}</span>],
              [t("inbox.outbox.kind"), t(`inbox.outbox.kinds.${email.kind}`)],
              [t("inbox.detail.status"), <EmailStatusBadge status={email.status} />],
              [t("inbox.detail.attempts"), String(email.attempts)],
              [t("inbox.detail.created"), <span dir="ltr">{formatDateTime(email.createdAt)}</span>],
              ...(email.sentAt ? [[t("inbox.detail.sentAt"), <span dir="ltr">{formatDateTime(email.sentAt)}</span>] as [string, ReactNode]] : []),
              ...(email.status === "queued"
                ? [[t("inbox.detail.nextAttempt"), <span dir="ltr">{formatDateTime(email.nextAttemptAt)}</span>] as [string, ReactNode]]
                : []),
              ...(email.lastError ? [[t("inbox.detail.lastError"), <span className="text-red-800">{email.lastError}</span>] as [string, ReactNode]] : []),
            ]}
          />
          {email.status === "failed" ? (
            <Form method="post" className="mt-4">
              <StatusButton name="intent" value="retry" className="btn-primary">
                {t("inbox.detail.retry")}
              </StatusButton>
            </Form>
          ) : null}
        </div>
        <section aria-labelledby="email-text-heading" className="card mt-6 p-4 sm:p-6">
          <h2 id="email-text-heading" className="text-lg font-bold">
            {t("inbox.detail.text")}
          </h2>
          <pre
            className="mt-3 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-sans text-sm"
            dir={email.locale === "ar" ? "rtl" : "ltr"}
            lang={email.locale}
            data-testid="email-text"
          >
            {email.text}
          </pre>
        </section>
      </AdminSection>
    );
  }

  const { message } = item;
  return (
    <AdminSection title={t("inbox.detail.messageTitle", { subject: message.subject })} actions={back}>
      {error}
      <div className="card mt-6 p-4 sm:p-6" data-testid="message-detail" data-done={message.doneAt ? "true" : "false"} data-read={message.readAt ? "true" : "false"}>
        <Facts
          rows={[
            [t("inbox.messages.kind"), t(`inbox.messages.kinds.${message.kind}`)],
            [t("inbox.detail.from"), message.name],
            [
              t("inbox.detail.email"),
              <a href={`mailto:${message.email}`} className="text-brand-700 underline" dir="ltr">
                {message.email}
              </a>,
            ],
            [t("inbox.detail.received"), <span dir="ltr">{formatDateTime(message.createdAt)}</span>],
            [t("inbox.detail.language"), message.locale],
            ...(message.orderNumber
              ? [
                  [
                    t("inbox.detail.order"),
                    message.orderId ? (
                      <Link to={`/admin/orders/${message.orderId}`} className="text-brand-700 underline" dir="ltr">
                        {message.orderNumber}
                      </Link>
                    ) : (
                      <span dir="ltr">{message.orderNumber}</span>
                    ),
                  ] as [string, ReactNode],
                ]
              : []),
          ]}
        />
        <p
          className="mt-6 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 text-sm"
          dir="auto"
          data-testid="message-body"
        >
          {message.body}
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Form method="post">
            {message.doneAt ? (
              <StatusButton name="intent" value="reopen" className="btn-secondary">
                {t("inbox.detail.reopen")}
              </StatusButton>
            ) : (
              <StatusButton name="intent" value="done" className="btn-primary">
                {t("inbox.detail.markDone")}
              </StatusButton>
            )}
          </Form>
          {message.readAt ? null : (
            <Form method="post">
              <input type="hidden" name="redirectTo" value={location.pathname} />
              <StatusButton name="intent" value="read" className="btn-secondary" data-testid="mark-read">
                {t("inbox.detail.markRead")}
              </StatusButton>
            </Form>
          )}
          <a
            href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
            className="btn-secondary"
          >
            {t("inbox.detail.reply")}
          </a>
          {message.doneAt ? (
            <span className="text-sm text-slate-600">{t("inbox.detail.doneAt", { date: formatDateTime(message.doneAt) })}</span>
          ) : null}
        </div>
      </div>
    </AdminSection>
  );
}

