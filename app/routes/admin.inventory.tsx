import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { useT } from "~/i18n/use-t";
import { flashToast } from "~/utils/session.server";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/form-data.server";
import { localizedName } from "~/models/product.server";
import { listInventory } from "~/models/admin-products.server";
import { updateStock } from "~/models/product-write.server";
import { MAX_STOCK } from "~/models/product-limits";
import { parsePage } from "~/models/paging";
import { StockBadge, adminPageMeta } from "~/components/admin/admin-ui";
import { Pagination } from "~/components/pagination";
import { StatusButton } from "~/components/forms";
import { DataTable } from "~/components/data-table";

export const meta: MetaFunction = (args) =>
  adminPageMeta(args, (t) => ({ title: `${t("admin.tabs.inventory")} – ${t("admin.meta.title")}`, description: t("admin.meta.description") }));

const PAGE_SIZE = 25;
const STOCK_ERROR = "admin.product.errors.stock";

/** One row's stock form. Messages are catalogue keys. */
const stockSchema = z.object({
  productId: z.string({ required_error: "admin.inventory.unknown" }),
  stock: z
    .number({ required_error: STOCK_ERROR, invalid_type_error: STOCK_ERROR })
    .int(STOCK_ERROR)
    .min(0, STOCK_ERROR)
    .max(MAX_STOCK, STOCK_ERROR),
  redirectTo: z.string().optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { locale } = await requestContext({ request, context });
  const result = await listInventory(parsePage(new URL(request.url).searchParams.get("page")), PAGE_SIZE);
  return {
    ...result,
    products: result.products.map((product) => ({ id: product.id, name: localizedName(product, locale), stock: product.stock })),
  };
}

/** Sets one product's stock; the answer to a refused value names the row it belongs to. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: stockSchema });
  const productId = String(submission.payload.productId ?? "");
  if (submission.status !== "success") {
    return data({ productId, reply: submission.reply() }, { status: 400 });
  }
  const { stock, redirectTo } = submission.value;
  if (!(await updateStock(submission.value.productId, stock))) {
    return data({ productId, reply: submission.reply({ formErrors: ["admin.inventory.unknown"] }) }, { status: 404 });
  }
  const back = safeRedirect(redirectTo, "/admin/inventory");
  return redirect(back.startsWith("/admin/inventory") ? back : "/admin/inventory", {
    headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: "admin.inventory.updated", vars: { stock } }) },
  });
}

export default function AdminInventory() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section aria-labelledby="inventory-heading" className="card p-4 sm:p-6">
      <h2 id="inventory-heading" className="text-xl font-bold">{t("admin.inventory.title", { count: list.total })}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin.inventory.hint")}</p>
      <DataTable
        items={list.products}
        className="mt-4 overflow-x-auto"
        testId="inventory-table"
        columns={[t("admin.inventory.product"), t("admin.inventory.status"), t("admin.inventory.stock")]}
      >
        {(product) => (
          <tr key={product.id} className="border-b border-slate-100" data-testid="inventory-row" data-product-id={product.id}>
            <th scope="row" className="py-2 pe-2 text-start font-medium">{product.name}</th>
            <td className="py-2 pe-2"><StockBadge stock={product.stock} /></td>
            <td className="py-2">
              <StockForm product={product} lastResult={answer?.productId === product.id ? answer.reply : undefined} />
            </td>
          </tr>
        )}
      </DataTable>
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}

function StockForm({ product, lastResult }: { product: { id: string; name: string; stock: number }; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT();
  const location = useLocation();
  const [form, fields] = useForm<{ stock: string }>({
    id: `stock-${product.id}`,
    lastResult,
    defaultValue: { stock: String(product.stock) },
    // Checked on the server (the schema above); the browser gets the limits as attributes only.
    shouldValidate: "onSubmit",
  });
  const errors = [...(fields.stock.errors ?? []), ...(form.errors ?? [])];
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2" preventScrollReset>
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={fields.stock.id} className="sr-only">{t("admin.inventory.stockFor", { name: product.name })}</label>
      <input
        {...getInputProps(fields.stock, { type: "number" })}
        required
        min={0}
        max={MAX_STOCK}
        step={1}
        inputMode="numeric"
        className={`input w-28 ${errors.length > 0 ? "border-red-600" : ""}`}
        aria-describedby={errors.length > 0 ? fields.stock.errorId : undefined}
      />
      <StatusButton className="btn-secondary">{t("admin.inventory.save")}</StatusButton>
      {errors.length > 0 ? (
        <p id={fields.stock.errorId} role="alert" className="w-full text-sm font-medium text-red-700" data-testid="error-stock">
          {errors.map((error) => t(error)).join(" ")}
        </p>
      ) : null}
    </Form>
  );
}
