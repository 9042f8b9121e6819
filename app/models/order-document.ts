/**
 * An order's documents besides its invoice (browser-safe: pages show and link them): cancellation
 * invoices (ST) and credit notes (GS), each numbered gap-free in its own range, "ST-000001".
 */
export type CorrectionKind = "ST" | "GS";
export type DocumentKind = "RE" | CorrectionKind;

/** "ST-000001": the range's letters and the number, six digits at least. */
export function documentNumber(kind: DocumentKind, sequence: number): string {
  return `${kind}-${String(sequence).padStart(6, "0")}`;
}

/** The kind and number of "ST-000001" / "gs-000012" (from a URL), or null for anything else. */
export function parseDocumentNumber(text: string): { kind: CorrectionKind; sequence: number } | null {
  const match = /^(ST|GS)-(\d{6,12})$/i.exec(text.trim());
  if (!match) return null;
  const sequence = Number(match[2]);
  if (!Number.isSafeInteger(sequence) || sequence <= 0) return null;
  return { kind: match[1]!.toUpperCase() as CorrectionKind, sequence };
}

/**
 * One line of a document, amounts in cents (negative: paid back), vatRate in basis points.
 * item: some of an order's line; amount: an amount credited at one rate; credited: an earlier credit
 * note a cancellation invoice takes into account (positive: it was credited already).
 */
export type DocumentLine =
  | { type: "item"; itemId: string; name: string; quantity: number; unitPrice: number; total: number; vatRate: number }
  | { type: "amount"; total: number; vatRate: number }
  | { type: "credited"; document: string; total: number; vatRate: number };

export interface DocumentAmount {
  rate: number;
  gross: number;
  net: number;
  vat: number;
}

/** A document as pages show it. */
export interface OrderDocument {
  kind: CorrectionKind;
  /** "ST-000001". */
  number: string;
  /** The invoice it corrects: "RE-000042". */
  refersTo: string;
  orderId: string;
  lines: DocumentLine[];
  amounts: DocumentAmount[];
  /** Negative cents. */
  total: number;
  currency: "EUR" | "CHF";
  createdAt: string;
}

/** What lists of an order's documents show (the customer's and the admin's order pages, e-mails). */
export interface OrderDocumentLink {
  kind: CorrectionKind;
  number: string;
  total: number;
  currency: "EUR" | "CHF";
  createdAt: string;
}
