/** The order number shown to people (pages, admin, e-mails): the id's first dash-separated segment, upper-cased. */
export function orderNumber(id: string): string {
  return (id.split("-")[0] ?? id).toUpperCase();
}
