import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useT } from "~/i18n/use-t";
import { StatusButton } from "~/components/forms";

/** The settings action's answer to the add form. */
export interface AddAdminAnswer {
  intent: "promote";
  reply: SubmissionResult<string[]>;
}

/**
 * "Add administrator": a collapsed button that opens an inline form (a <details>, so it works
 * without JavaScript). It posts to /admin/settings; with JavaScript through a fetcher, so an error
 * shows right here; without, the answer is the settings page with this form open, the message at
 * the field and the address kept.
 */
export function AddAdminForm({ result, open = false }: { result?: SubmissionResult<string[]> | null; open?: boolean }) {
  const { t } = useT();
  const fetcher = useFetcher<AddAdminAnswer>({ key: "add-admin" });
  const details = useRef<HTMLDetailsElement>(null);
  // Checked on the server (settings.schema.ts); the browser gets the rules as attributes only.
  const [form, fields] = useForm<{ email: string }>({
    id: "add-admin-form",
    lastResult: fetcher.data?.reply ?? result ?? null,
    shouldValidate: "onSubmit",
  });
  const errors = fields.email.errors ?? [];
  useEffect(() => {
    if (errors.length > 0 && details.current) details.current.open = true;
  }, [errors.length]);
  return (
    <details ref={details} className="card group p-4 sm:p-6" open={open || errors.length > 0} data-testid="add-admin">
      <summary className="btn-primary w-fit cursor-pointer list-none group-open:hidden">{t("admin.settings.addAdmin")}</summary>
      <fetcher.Form method="post" action="/admin/settings" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="promote" />
        <h3 className="font-semibold">{t("admin.settings.addAdmin")}</h3>
        <p className="text-sm text-slate-600">{t("admin.settings.addAdminHint")}</p>
        <div>
          <label htmlFor={fields.email.id} className="label">{t("admin.settings.email")}</label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            required
            maxLength={254}
            autoComplete="off"
            className={`input max-w-md ${errors.length > 0 ? "border-red-600" : ""}`}
          />
          <p id={fields.email.errorId} className="mt-1 min-h-5 text-sm font-medium text-red-700" data-testid="error-email">
            {errors.length > 0 ? `${t("admin.settings.failed")}: ${errors.map((error) => t(error)).join(" ")}` : ""}
          </p>
        </div>
        <div className="flex gap-2">
          <StatusButton className="btn-primary">{t("admin.settings.submit")}</StatusButton>
          <CancelButton />
        </div>
      </fetcher.Form>
    </details>
  );
}

/** Cancel collapses the form: with JavaScript by closing the <details>, without it by a link back. */
function CancelButton() {
  const { t } = useT();
  return (
    <a
      href="/admin/settings"
      className="btn-secondary"
      onClick={(event) => {
        const details = event.currentTarget.closest("details");
        if (details) {
          event.preventDefault();
          details.open = false;
        }
      }}
    >
      {t("admin.settings.cancel")}
    </a>
  );
}

export interface AdminEntryView {
  userId: string | null;
  email: string;
  name: string;
  fixed: boolean;
}

export function AdminList({ admins, currentUserId }: { admins: AdminEntryView[]; currentUserId: string }) {
  const { t } = useT();
  const location = useLocation();
  return (
    <div className="card p-4 sm:p-6">
      <h3 className="font-semibold">{t("admin.settings.admins", { count: admins.length })}</h3>
      <ul className="mt-3 divide-y divide-slate-100" data-testid="admin-list">
        {admins.map((admin) => (
          <li key={admin.userId ?? admin.email} className="flex flex-wrap items-center gap-3 py-2" data-testid="admin-entry">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{admin.name || admin.email}</p>
              <p className="text-xs text-slate-600">
                {admin.email}
                {admin.userId === null ? ` · ${t("admin.settings.notRegistered")}` : ""}
                {admin.userId === currentUserId ? ` · ${t("admin.settings.you")}` : ""}
              </p>
            </div>
            {admin.fixed ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t("admin.settings.fixed")}</span>
            ) : admin.userId && admin.userId !== currentUserId ? (
              <Form method="post" action="/admin/settings">
                <input type="hidden" name="intent" value="demote" />
                <input type="hidden" name="userId" value={admin.userId} />
                <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                {/* The visible word starts the accessible name (WCAG 2.5.3); the e-mail says whose rights. */}
                <StatusButton className="btn-secondary px-3 py-1">
                  {t("admin.settings.remove")}
                  <span className="sr-only"> – {t("admin.settings.removeNamed", { email: admin.email })}</span>
                </StatusButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
