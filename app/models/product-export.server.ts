import { getDb } from "~/db/db.server";
import { PRODUCT_COLUMNS, productFromRow, type Product, type ProductRow } from "./product.server";

/** Every product, a page at a time, for the CSV export (never the whole table in one query). */
export async function* allProductsInBatches(batchSize = 500): AsyncGenerator<Product[]> {
  const db = await getDb();
  let after: { created: string; id: string } | null = null;
  for (;;) {
    const rows: Array<ProductRow & { created_key: string }> = await db.query(
      `select ${PRODUCT_COLUMNS}, created_at::text as created_key from public.products
        ${after ? "where (created_at, id) < ($2::timestamptz, $3::uuid)" : ""}
        order by created_at desc, id desc limit $1`,
      after ? [batchSize, after.created, after.id] : [batchSize],
    );
    if (rows.length === 0) return;
    yield rows.map(productFromRow);
    const last = rows[rows.length - 1]!;
    after = { created: last.created_key, id: last.id };
    if (rows.length < batchSize) return;
  }
}
