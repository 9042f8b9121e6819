import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { useT } from "~/i18n/use-t";
import { listWithdrawals } from "~/models/withdrawal.server";
import { AdminSection, adminPageMeta, useAdminDateTime } from "~/components/admin/admin-ui";
import { LateBadge, WithdrawnWhat } from "~/components/withdrawal-list";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.withdrawals")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

/** Every withdrawal declared through /withdrawal, newest first (the 200 latest). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listWithdrawals({ limit: 200 });
}

export default function AdminWithdrawals() {
  const { withdrawals, total } = useLoaderData<typeof loader>();
  const { t } = useT();
  const dateTime = useAdminDateTime();
  return (
    <AdminSection title={t("withdrawal.admin.title")} testId="admin-withdrawals">
      <p className="mt-1 text-sm text-slate-600">{t("withdrawal.admin.total", { count: total })}</p>
      {withdrawals.length === 0 ? (
        <p className="mt-4 text-slate-600" data-testid="withdrawals-empty">
          {t("withdrawal.admin.empty")}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-start text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th className="px-2 py-2 text-start">{t("withdrawal.admin.order")}</th>
                <th className="px-2 py-2 text-start">{t("withdrawal.admin.time")}</th>
                <th className="px-2 py-2 text-start">{t("withdrawal.admin.what")}</th>
                <th className="px-2 py-2 text-start">{t("withdrawal.admin.reason")}</th>
                <th className="px-2 py-2 text-start">{t("withdrawal.admin.status")}</th>
              </tr>
            </thead>
            <tbody>
              {withdrawals.map((withdrawal) => (
                <tr key={withdrawal.id} className="border-b border-slate-100 align-top" data-testid="withdrawal-row">
                  <td className="px-2 py-2">
                    <Link to={`/admin/orders/${withdrawal.orderId}`} className="font-semibold text-brand-700 hover:underline" dir="ltr">
                      {withdrawal.orderNumber}
                    </Link>
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">{dateTime(withdrawal.createdAt)}</td>
                  <td className="px-2 py-2">
                    <WithdrawnWhat withdrawal={withdrawal} />
                  </td>
                  <td className="max-w-xs px-2 py-2 whitespace-pre-line break-words">{withdrawal.reason || t("withdrawal.list.noReason")}</td>
                  <td className="px-2 py-2">{withdrawal.late ? <LateBadge /> : t("withdrawal.admin.onTime")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  );
}
