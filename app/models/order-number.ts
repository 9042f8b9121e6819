/** The order number shown to people (pages, admin, e-mails): the id's first dash-separated segment, upper-cased. */
export function orderNumber(id: string): string {
  return (id.split("-")[0] ?? id).toUpperCase();
}

/** The invoice number printed on an order's invoice: consecutive, "RE-000042". */
export function invoiceNumber(sequence: number): string {
  return `RE-${String(sequence).padStart(6, "0")}`;
}
