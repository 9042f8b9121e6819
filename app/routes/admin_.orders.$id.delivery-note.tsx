import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { directionOf, isLocale } from "~/i18n/config";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { requestContext } from "~/services/request-context.server";
import { getAdminOrder } from "~/models/order-admin.server";
import { seller } from "~/utils/shop-details.server";
import { documentDate } from "~/utils/shop-time.server";
import { pageMeta } from "~/utils/seo";
import { AddressBlock, countryName } from "~/components/address-block";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PrintableDocument } from "~/components/printable-document";
import { type I18nHandle } from "~/i18n/namespaces";
import { TableHead } from "~/components/data-table";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, () => ({ title: args.data?.texts.metaTitle ?? "", description: "", noindex: true }));

export const handle = { i18n: ["documents.deliveryNote", "checkout.countries", "admin.orders.notFound"] } satisfies I18nHandle;

/**
 * The packer's delivery note of an order: seller, delivery address, the lines with their quantities
 * and no prices, printable, in the language the order was placed in (it goes into the parcel).
 * Admins only; outside the admin frame so it prints as a page of its own.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { locale: viewerLocale } = await requestContext({ request, context });
  const order = await getAdminOrder(params.id ?? "");
  if (!order) throw new Response(getTranslator(viewerLocale)("admin.orders.notFound"), { status: 404 });
  const locale = isLocale(order.locale) ? order.locale : viewerLocale;
  const t = getTranslator(locale);
  return {
    lang: locale,
    dir: directionOf(locale),
    // The country named in the order's language, as the rest of the note (the page around it is the viewer's).
    order: { id: order.id, number: order.number, customerName: order.customerName, shipping: { ...order.shippingAddress, country: countryName(t, order.shippingAddress.country) } },
    lines: order.items.map((line) => ({ name: line.productName, quantity: line.quantity })),
    date: documentDate(order.createdAt, locale),
    seller,
    texts: {
      metaTitle: t("documents.deliveryNote.metaTitle", { number: order.number }),
      title: t("documents.deliveryNote.title"),
      order: t("documents.deliveryNote.order"),
      date: t("documents.deliveryNote.date"),
      shipTo: t("documents.deliveryNote.shipTo"),
      item: t("documents.deliveryNote.item"),
      quantity: t("documents.deliveryNote.quantity"),
      packed: t("documents.deliveryNote.packed"),
      note: t("documents.deliveryNote.note"),
      back: getTranslator(viewerLocale)("documents.deliveryNote.back"),
      print: getTranslator(viewerLocale)("documents.deliveryNote.print"),
    },
    messages: routeMessages(viewerLocale, handle),
  };
}

export default function DeliveryNote() {
  const { lang, dir, order, lines, date, seller, texts } = useLoaderData<typeof loader>();
  return (
    <PrintableDocument
      lang={lang}
      dir={dir}
      testId="delivery-note"
      back={{ to: `/admin/orders/${order.id}`, label: texts.back }}
      printLabel={texts.print}
      seller={seller}
      title={texts.title}
      facts={[
        { label: texts.order, value: order.number, code: true, bold: true, testId: "delivery-note-order" },
        { label: texts.date, value: date },
      ]}
    >
      <section className="mt-8">
        <AddressBlock title={texts.shipTo} name={order.customerName} address={order.shipping} testId="delivery-note-address" level={2} />
      </section>
      <table className="mt-8 w-full text-sm" data-testid="delivery-note-lines">
        <TableHead
          row="border-b-2 border-slate-300"
          columns={[
            texts.item,
            { label: texts.quantity, align: "end" },
            { label: texts.packed, align: "center", className: "w-24" },
          ]}
        />
        <tbody>
          {lines.map((line, index) => (
            <tr key={index} className="border-b border-slate-200" data-testid="delivery-note-line">
              <th scope="row" className="py-2 text-start font-normal">{line.name}</th>
              <td className="py-2 text-end">{line.quantity}</td>
              <td className="py-2 text-center" aria-hidden="true">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-8 text-sm text-slate-600">{texts.note}</p>
    </PrintableDocument>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
