import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { getProductStats } from "~/models/admin-stats.server";
import { shopTimeZone } from "~/utils/shop-time.server";
import { getOrderTrends } from "~/models/admin-trends.server";
import { AdminNav, StatCards, adminPageMeta, type StatsView } from "~/components/admin/admin-ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle, ALL_CLIENT_NAMESPACES } from "~/i18n/namespaces";

/**
 * The admin layout: the frame every admin page shares (heading, shortcuts, stat cards, the section
 * navigation) around the section's own route in <Outlet/>. It owns the frame's data only; every
 * child loads its own (in parallel with this loader) and checks requireAdmin itself, in its loader
 * and its action. Its error boundary is the admin area's one: an error in a section keeps the
 * frame; an error of the layout itself (a visitor's 403, the database gone) shows without it.
 */
export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.meta.title"), description: t("admin.meta.description") }));

/** The admin area's pages use most of the catalogue: the layout sends all of it, once, to admins only. */
export const handle = { i18n: ALL_CLIENT_NAMESPACES } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { locale } = await requestContext({ request, context });
  // The shop's time zone travels with the frame: every admin date is shown in it (useAdminDateTime).
  const [stats, trends] = await Promise.all([getProductStats(), getOrderTrends()]);
  return { stats: { ...stats, trends }, timeZone: shopTimeZone(), messages: routeMessages(locale, handle) };
}

/**
 * No form posts to the frame. A stray post (an old page's form, a forged request) gets what any
 * admin action gives: a visitor the login, anyone else 403, an admin "unknown action".
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response(getTranslator((await requestContext({ request, context })).locale)("admin.errors.unknownIntent"), { status: 400 });
}

function AdminFrame({ stats, children }: { stats: StatsView; children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="container-page py-8" data-testid="admin-frame">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <a href="/admin/export.csv" className="btn-secondary" download data-testid="export-csv">
            {t("admin.header.export")}
          </a>
          <Link to="/admin/products#new-product" className="btn-primary" data-testid="new-product">
            {t("admin.header.newProduct")}
          </Link>
          <Link to="/admin/edit" className="btn-secondary">
            {t("admin.header.table")}
          </Link>
        </div>
      </div>
      <StatCards stats={stats} />
      <AdminNav />
      <div className="mt-6">{children}</div>
    </div>
  );
}

export default function AdminLayout() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <AdminFrame stats={stats}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  // Present when a section failed and this layout's loader did not; absent when the layout failed.
  const frame = useRouteLoaderData<typeof loader>("routes/admin");
  const error = <GeneralErrorBoundary />;
  return frame ? <AdminFrame stats={frame.stats}>{error}</AdminFrame> : error;
}
