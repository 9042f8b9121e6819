/**
 * Which page of a list of `total` rows to show: the asked page clamped to 1…pageCount (an empty list
 * still has one page), and the offset of its first row.
 */
export function clampPage(total: number, page: number, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { page: current, pageCount, offset: (current - 1) * pageSize };
}

/** A ?page= parameter: a positive whole number, else page 1 (a page past the end is clamped by clampPage). */
export function parsePage(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) ? Math.max(1, Number(value)) : 1;
}
