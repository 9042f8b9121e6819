/**
 * § 11 PAngV (the German price indication rules): a price reduction may name a previous price only
 * if that is the lowest price of the 30 days before the reduction began. Pure functions over a
 * product's price history in one currency (money in integer cents).
 */

/** One row of the history: the prices in force from `validFrom` until the next row. */
export interface PriceHistoryEntry {
  validFrom: string | Date;
  price: number;
  salePrice: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const REFERENCE_DAYS = 30;

/** What a shopper pays under an entry: the sale price when it is below the regular price. */
export function effectivePrice(entry: Pick<PriceHistoryEntry, "price" | "salePrice">): number {
  return entry.salePrice !== null && entry.salePrice < entry.price ? entry.salePrice : entry.price;
}

function isReduced(entry: PriceHistoryEntry): boolean {
  return entry.salePrice !== null && entry.salePrice < entry.price;
}

const time = (entry: PriceHistoryEntry) => new Date(entry.validFrom).getTime();

/**
 * The price to show crossed out beside the current (reduced) price, or null when none may be shown:
 * the lowest price paid in the 30 days before the current reduction began, when it is above the
 * current price. Null when the product is not reduced, when nothing is known of the time before the
 * reduction, or when it was as cheap (or cheaper) within those 30 days. The reduction began with the
 * first row of the unbroken run of rows at the current reduced price.
 */
export function referencePrice(history: readonly PriceHistoryEntry[]): number | null {
  const rows = [...history].sort((a, b) => time(a) - time(b));
  const current = rows.at(-1);
  if (!current || !isReduced(current)) return null;
  const now = effectivePrice(current);
  let start = rows.length - 1;
  while (start > 0 && isReduced(rows[start - 1]!) && effectivePrice(rows[start - 1]!) === now) start -= 1;
  const before = rows.slice(0, start);
  if (before.length === 0) return null;
  const windowStart = time(rows[start]!) - REFERENCE_DAYS * DAY_MS;
  // The row in force when the window opened, and every row that began within it.
  const inForce = before.filter((row) => time(row) <= windowStart).at(-1);
  const within = before.filter((row) => time(row) > windowStart);
  const candidates = inForce ? [inForce, ...within] : within;
  const lowest = Math.min(...candidates.map(effectivePrice));
  return lowest > now ? lowest : null;
}
