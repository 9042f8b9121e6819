import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { getLocale } from "~/i18n/i18n.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { requireSameOrigin } from "~/utils/csrf.server";
import { flashToast } from "~/utils/session.server";
import { MAX_EMAIL_LENGTH, demoteAdmin, promoteAdmin } from "~/models/admin-roles.server";
import { AdminErrorBoundary, AdminPage, adminPageMeta } from "~/components/admin/admin-ui";
import { AddAdminForm } from "~/components/admin/settings";
import { readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.settings.addAdmin"), description: t("admin.meta.description") }));

/**
 * The form lives in the dashboard's Settings tab; this page shows it on its own (and is what a
 * failed post without JavaScript answers with, so its loader must not redirect).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Promotes an existing account (found by e-mail in the profiles) to administrator, or takes the
 * role back. Only admins may: anyone else signed in gets the spec's message with a 403.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = getTranslator(await getLocale(request));
  const admin = await requireAdmin(request).catch((error: unknown) => {
    if (error instanceof Response && error.status === 403) {
      throw new Response(t("admin.settings.onlyAdmins"), { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    throw error;
  });
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "promote") {
    const email = String(form.get("email") ?? "").trim().slice(0, MAX_EMAIL_LENGTH + 1);
    const fail = (reason: string, status: number) =>
      data({ intent: "promote" as const, email, error: `${t("admin.settings.failed")}: ${t(`admin.settings.${reason}`)}` }, { status });
    if (!email) return fail("emailRequired", 400);
    if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return fail("emailInvalid", 400);
    const result = await promoteAdmin(email);
    if (!result.ok) return fail(result.reason, result.reason === "unknown" ? 404 : 409);
    return redirect("/admin?tab=settings", {
      headers: {
        "Set-Cookie": await flashToast(request, {
          kind: "success",
          title: "admin.settings.added",
          description: "admin.settings.addedText",
          vars: { email: result.email },
        }),
      },
    });
  }
  if (intent === "demote") {
    const result = await demoteAdmin(String(form.get("userId") ?? ""), admin.id);
    if (!result.ok) {
      return data(
        { intent: "demote" as const, email: "", error: t(`admin.settings.demote.${result.reason}`) },
        { status: result.reason === "notFound" ? 404 : 409 },
      );
    }
    return redirect("/admin?tab=settings", {
      headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.settings.removed" }) },
    });
  }
  throw new Response(t("admin.errors.unknownIntent"), { status: 400 });
}

/** The add-administrator form on its own; after a failed post without JavaScript with the message and the value kept. */
export default function AdminRoles() {
  const result = useActionData<typeof action>();
  const { t } = useT();
  return (
    <AdminPage title={t("admin.settings.addAdmin")}>
      <div className="mt-6 max-w-2xl space-y-4">
        {result?.intent === "demote" ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">{result.error}</p>
        ) : (
          <AddAdminForm result={result ?? null} open />
        )}
        <Link to="/admin?tab=settings" className="text-sm font-semibold text-brand-700 hover:underline">
          {t("admin.backToDashboard")}
        </Link>
      </div>
    </AdminPage>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
