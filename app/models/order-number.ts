/*
 * The order number shown to people (pages, admin, e-mails, RF / QR references) is stored with the
 * order (orders.order_number, docs/payments.md): drawn from a database sequence by
 * public.next_order_number() when the order is inserted, never derived from its id.
 */

/** The invoice number printed on an order's invoice: consecutive, "RE-000042". */
export function invoiceNumber(sequence: number): string {
  return `RE-${String(sequence).padStart(6, "0")}`;
}
