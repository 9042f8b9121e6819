import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { directionOf, intlLocale, isLocale } from "~/i18n/config";
import { getTranslator, routeMessages } from "~/i18n/catalogues.server";
import { requestContext } from "~/services/request-context.server";
import { getAdminOrder } from "~/models/order-admin.server";
import { seller } from "~/utils/shop-details.server";
import { shopTimeZone } from "~/utils/shop-time.server";
import { pageMeta } from "~/utils/seo";
import { AddressBlock, countryName } from "~/components/address-block";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { type I18nHandle } from "~/i18n/namespaces";

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
    date: new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long", timeZone: shopTimeZone() }).format(new Date(order.createdAt)),
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
    <article lang={lang} dir={dir} className="container-page max-w-4xl py-8 print:max-w-none print:p-0" data-testid="delivery-note">
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to={`/admin/orders/${order.id}`} className="btn-secondary">{texts.back}</Link>
        <button type="button" className="btn-primary" onClick={() => window.print()}>{texts.print}</button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div>
          <p className="text-xl font-bold">{seller.name}</p>
          <p className="text-sm leading-relaxed">
            {seller.street}
            <br />
            <bdi>{seller.postalCode}</bdi> {seller.city}
          </p>
        </div>
        <div className="text-end">
          <h1 className="text-3xl font-bold">{texts.title}</h1>
          <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 text-sm">
            <dt className="text-slate-600">{texts.order}</dt>
            <dd className="font-mono font-semibold" dir="ltr" data-testid="delivery-note-order">{order.number}</dd>
            <dt className="text-slate-600">{texts.date}</dt>
            <dd>{date}</dd>
          </dl>
        </div>
      </header>
      <section className="mt-8">
        <AddressBlock title={texts.shipTo} name={order.customerName} address={order.shipping} testId="delivery-note-address" level={2} />
      </section>
      <table className="mt-8 w-full text-sm" data-testid="delivery-note-lines">
        <thead>
          <tr className="border-b-2 border-slate-300">
            <th scope="col" className="py-2 text-start">{texts.item}</th>
            <th scope="col" className="py-2 text-end">{texts.quantity}</th>
            <th scope="col" className="w-24 py-2 text-center">{texts.packed}</th>
          </tr>
        </thead>
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
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
