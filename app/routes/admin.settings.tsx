import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { flashToast } from "~/utils/session.server";
import { readFormData } from "~/utils/form-data.server";
import { demoteAdmin, listAdmins, promoteAdmin } from "~/models/admin-roles.server";
import { adminPageMeta } from "~/components/admin/admin-ui";
import { AddAdminForm, AdminList } from "~/components/admin/settings";
import { FormErrors } from "~/components/forms";
import { addAdminSchema } from "~/components/admin/settings.schema";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.settings")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

/** The administrators, and the form that adds one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return { admins: await listAdmins(), userId: user.id };
}

/**
 * Promotes an existing account (found by e-mail in the profiles) to administrator, or takes the
 * role back. Only admins may: anyone else signed in gets the spec's message with a 403.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const t = getTranslator((await requestContext({ request, context })).locale);
  const admin = await requireAdmin(request).catch((error: unknown) => {
    if (error instanceof Response && error.status === 403) {
      throw new Response(t("admin.settings.onlyAdmins"), { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    throw error;
  });
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "promote") {
    const submission = parseWithZod(form, { schema: addAdminSchema });
    if (submission.status !== "success") return data({ intent: "promote" as const, reply: submission.reply() }, { status: 400 });
    const result = await promoteAdmin(submission.value.email);
    if (!result.ok) {
      const reply = submission.reply({ fieldErrors: { email: [`admin.settings.${result.reason}`] } });
      return data({ intent: "promote" as const, reply }, { status: result.reason === "unknown" ? 404 : 409 });
    }
    return redirect("/admin/settings", {
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
      return data({ intent: "demote" as const, error: t(`admin.settings.demote.${result.reason}`) }, { status: result.reason === "notFound" ? 404 : 409 });
    }
    return redirect("/admin/settings", {
      headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.settings.removed" }) },
    });
  }
  throw new Response(t("admin.errors.unknownIntent"), { status: 400 });
}

export default function AdminSettings() {
  const { admins, userId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <h2 id="settings-heading" className="text-xl font-bold">{t("admin.tabs.settings")}</h2>
      <FormErrors errors={answer?.intent === "demote" ? [answer.error] : null} />
      <AddAdminForm result={answer?.intent === "promote" ? answer.reply : null} />
      <AdminList admins={admins} currentUserId={userId} />
    </section>
  );
}
