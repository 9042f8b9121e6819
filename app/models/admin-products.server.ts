import { getDb } from "~/db/db.server";
import { normalizeCategoryKey } from "~/data/categories";
import { escapeLike, PRODUCT_COLUMNS, productFromRow, type Product, type ProductRow } from "./product.server";
import { LOW_STOCK_BELOW } from "./product-limits";
import { clampPage } from "./paging";

/** The admin's product lists: search and filter, the inventory, low stock. */

export interface AdminProductQuery {
  q?: string;
  category?: string;
  page: number;
  pageSize: number;
}

export interface AdminProductPage {
  products: Product[];
  total: number;
  page: number;
  pageCount: number;
}

async function pageOf(where: string, params: unknown[], order: string, page: number, pageSize: number): Promise<AdminProductPage> {
  const db = await getDb();
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from public.products ${where}`, params);
  const total = count?.total ?? 0;
  const { page: current, pageCount, offset } = clampPage(total, page, pageSize);
  const rows =
    total === 0
      ? []
      : await db.query<ProductRow>(
          `select ${PRODUCT_COLUMNS} from public.products ${where} order by ${order}
           limit $${params.length + 1} offset $${params.length + 2}`,
          [...params, pageSize, offset],
        );
  return { products: rows.map(productFromRow), total, page: current, pageCount };
}

/** The product list: search (every language and tags) and category filter in SQL, newest first. */
export function listAdminProducts(query: AdminProductQuery): Promise<AdminProductPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.q) {
    params.push(`%${escapeLike(query.q.toLowerCase())}%`);
    where.push(`search_text like $${params.length}`);
  }
  if (query.category) {
    params.push(normalizeCategoryKey(query.category));
    where.push(`category_key = $${params.length}`);
  }
  return pageOf(where.length ? `where ${where.join(" and ")}` : "", params, "created_at desc, id", query.page, query.pageSize);
}

/** The inventory: sold out first, then low stock (1–4), then the rest. */
export function listInventory(page: number, pageSize: number): Promise<AdminProductPage> {
  return pageOf(
    "",
    [],
    `case when stock = 0 then 0 when stock < ${LOW_STOCK_BELOW} then 1 else 2 end, stock, name, id`,
    page,
    pageSize,
  );
}

/** Sold-out and low-stock products (the overview's list), fewest first. */
export async function listLowStock(limit: number): Promise<Product[]> {
  const db = await getDb();
  const rows = await db.query<ProductRow>(
    `select ${PRODUCT_COLUMNS} from public.products where stock < $1 order by stock, name, id limit $2`,
    [LOW_STOCK_BELOW, limit],
  );
  return rows.map(productFromRow);
}
