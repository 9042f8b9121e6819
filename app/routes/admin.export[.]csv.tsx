import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { allProductsInBatches } from "~/models/product-export.server";
import { centsToDecimal } from "~/utils/money";
import type { Product } from "~/models/product.server";

/**
 * One CSV field: quoted when it holds a quote, separator or line break (quotes doubled), and text
 * that a spreadsheet would run as a formula (=, +, -, @ at the start) is prefixed with a quote mark.
 */
export function csvField(value: string | number | boolean | null | undefined, text = true): string {
  if (value === null || value === undefined) return "";
  let out = String(value);
  if (text && /^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  return /[",;\r\n]/.test(out) || /^\s|\s$/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

const HEADER = [
  "id", "name", "nameDE", "nameFr", "nameAr", "category", "price", "priceEUR", "priceCHF",
  "salePrice", "salePriceEUR", "salePriceCHF", "stock", "inStock", "featured", "tags", "image", "createdAt",
  // Product safety (GPSR), after the older columns so spreadsheets built on them keep working.
  "manufacturerName", "manufacturerAddress", "manufacturerEmail", "responsiblePerson", "gtin",
  "safetyInfo", "safetyInfoDE", "safetyInfoFr", "safetyInfoAr",
];

function row(product: Product): string {
  const money = (cents: number | null) => csvField(cents === null ? null : centsToDecimal(cents), false);
  return [
    csvField(product.id, false),
    csvField(product.name),
    csvField(product.nameDE),
    csvField(product.nameFr),
    csvField(product.nameAr),
    csvField(product.category),
    money(product.price),
    money(product.priceEUR),
    money(product.priceCHF),
    money(product.salePrice),
    money(product.salePriceEUR),
    money(product.salePriceCHF),
    csvField(product.stock, false),
    csvField(product.inStock, false),
    csvField(product.featured, false),
    csvField(product.tags.join(", ")),
    csvField(product.image),
    csvField(product.createdAt, false),
    csvField(product.manufacturerName),
    csvField(product.manufacturerAddress),
    csvField(product.manufacturerEmail),
    csvField(product.responsiblePerson),
    csvField(product.gtin),
    csvField(product.safetyInfo),
    csvField(product.safetyInfoDE),
    csvField(product.safetyInfoFr),
    csvField(product.safetyInfoAr),
  ].join(",");
}

/** The products as a CSV download (UTF-8 with BOM so Excel reads umlauts and Arabic), built batch by batch. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const encoder = new TextEncoder();
  const batches = allProductsInBatches(500);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${HEADER.join(",")}\r\n`));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map(row).join("\r\n") + "\r\n"));
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${date}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
