import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { useT } from "~/i18n/use-t";
import { flashToast } from "~/utils/session.server";
import { getProduct, localizedName } from "~/models/product.server";
import { deleteProductWithMedia } from "~/models/product-write.server";
import { AdminSection, adminPageMeta } from "~/components/admin/admin-ui";
import { StatusButton } from "~/components/forms";
import { ProductImage } from "~/components/product-image";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: t("admin.delete.title"), description: t("admin.meta.description") }));

/**
 * Deleting from the dashboard asks first: this page is the confirmation step (with or without
 * JavaScript), and only its POST deletes.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { locale } = await requestContext({ request, context });
  const product = await getProduct(params.id ?? "");
  if (!product) throw new Response(getTranslator(locale)("admin.delete.notFound"), { status: 404 });
  return { id: product.id, name: localizedName(product, locale), image: product.image };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  const t = getTranslator((await requestContext({ request, context })).locale);
  const deleted = await deleteProductWithMedia(params.id ?? "");
  if (!deleted) {
    // Unknown (or already deleted) product: the spec's failure message, with a 404.
    throw new Response(`${t("admin.delete.failureTitle")}: ${t("admin.delete.failureText")} – ${t("admin.delete.notFound")}`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return redirect("/admin/products", {
    headers: {
      "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.delete.successTitle", description: "admin.delete.successText" }),
    },
  });
}

export default function ConfirmDelete() {
  const product = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <AdminSection title={t("admin.delete.title")}>
      <div className="card mt-6 max-w-xl p-6" data-testid="confirm-delete">
        <div className="flex items-center gap-4">
          {product.image ? <ProductImage src={product.image} width={64} height={64} sizes="64px" priority className="h-16 w-16 rounded border border-slate-200 object-cover" /> : null}
          <p className="font-semibold">{product.name}</p>
        </div>
        <p className="mt-4 text-lg" id="confirm-question">{t("admin.delete.confirm")}</p>
        <Form method="post" className="mt-6 flex flex-wrap gap-3" aria-describedby="confirm-question">
          <StatusButton className="btn-danger" data-testid="confirm-delete-button">
            {t("admin.delete.confirmButton")}
          </StatusButton>
          <Link to="/admin/products" className="btn-secondary">{t("admin.delete.cancel")}</Link>
        </Form>
      </div>
    </AdminSection>
  );
}
