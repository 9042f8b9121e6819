import QRCode from "qrcode";
import { formatCreditorReference } from "./creditor-reference";
import { epcPayload, PaymentCodeError } from "./epc-qr";
import { isQrBillAccount, isQrIban, qrBillData, qrBillLanguage, qrBillSvg } from "./qr-bill.server";
import { formatQrReference, qrReference } from "./qr-reference";
import { bankDetails, seller, type BankDetails } from "./shop-details.server";
import type { Currency } from "./money";

/**
 * The QR codes of a bank-transfer order (docs/payments.md): a GiroCode (EPC069-12) for a EUR order, a
 * Swiss QR-bill for a CHF order; cash on delivery gets neither. Drawn on the server: SVG markup
 * for the pages (no QR library reaches the browser), a PNG for the e-mail, which the mail worker
 * draws when it sends (the outbox keeps the GiroCode's text, not an image).
 */

export interface PayableOrder {
  number: string;
  total: number;
  currency: Currency;
  paymentMethod: "cash_on_delivery" | "bank_transfer";
  /** The RF creditor reference (models/payment.server paymentReference). */
  paymentReference: string;
  /** The language the order was placed in. */
  locale: string;
  customerName: string;
  billingAddress: { street: string; postalCode: string; city: string; country: string };
}

/** QR codes: error correction M (EPC069-12 asks for it), the quiet zone of four modules. */
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

const warned = new Set<string>();
/** A configuration that cannot carry a code (a CHF order, no Swiss account): said once per process, not per page. */
function warnOnce(error: unknown): null {
  const message = error instanceof Error ? error.message : String(error);
  if (!warned.has(message)) {
    warned.add(message);
    console.warn(`Payment code left off: ${message}`);
  }
  return null;
}

/** The GiroCode's text of a EUR bank-transfer order, or null (another currency, cash on delivery). */
export function giroCodePayload(order: Pick<PayableOrder, "total" | "currency" | "paymentMethod" | "paymentReference">, bank: BankDetails): string | null {
  if (order.paymentMethod !== "bank_transfer" || order.currency !== "EUR") return null;
  try {
    return epcPayload({ bic: bank.bic, name: bank.holder, iban: bank.iban, amount: order.total, currency: order.currency, reference: order.paymentReference });
  } catch (error) {
    if (error instanceof PaymentCodeError) return warnOnce(error);
    throw error;
  }
}

export interface QrBillPlan {
  account: string;
  referenceType: "QRR" | "SCOR";
  reference: string;
  /** As printed (groups). */
  formattedReference: string;
}

/**
 * Which account and reference a CHF order's QR-bill names: the QR-IBAN (SHOP_QR_IBAN) with the
 * order's QR reference, else SHOP_IBAN with the RF reference when it is a Swiss or Liechtenstein
 * account; null when there is none (a QR-bill needs one).
 */
export function qrBillPlan(order: Pick<PayableOrder, "number" | "paymentReference">, bank: BankDetails): QrBillPlan | null {
  if (bank.qrIban && isQrIban(bank.qrIban)) {
    const reference = qrReference(order.number);
    return { account: bank.qrIban, referenceType: "QRR", reference, formattedReference: formatQrReference(reference) };
  }
  if (isQrBillAccount(bank.iban) && !isQrIban(bank.iban)) {
    return { account: bank.iban, referenceType: "SCOR", reference: order.paymentReference, formattedReference: formatCreditorReference(order.paymentReference) };
  }
  return null;
}

export interface PaymentCodes {
  giroCode: { svg: string; payload: string } | null;
  qrBill: { svg: string; referenceType: "QRR" | "SCOR"; reference: string } | null;
}

/** The QR-bill's SVG of a CHF bank-transfer order (creditor: the seller; debtor: the billing name and address), or null. */
export function qrBill(order: PayableOrder, bank: BankDetails): PaymentCodes["qrBill"] {
  if (order.paymentMethod !== "bank_transfer" || order.currency !== "CHF") return null;
  const plan = qrBillPlan(order, bank);
  if (!plan) return warnOnce(`no Swiss account for the QR-bills of CHF orders (SHOP_IBAN is not Swiss and SHOP_QR_IBAN is not set)`);
  try {
    const data = qrBillData({
      account: plan.account,
      creditor: { name: bank.holder, street: seller.street, postalCode: seller.postalCode, city: seller.city, country: seller.country },
      amount: order.total,
      currency: order.currency,
      reference: plan.reference,
      debtor: { name: order.customerName, ...order.billingAddress },
    });
    return { svg: drawnBill(data, qrBillLanguage(order.locale)), referenceType: plan.referenceType, reference: plan.reference };
  } catch (error) {
    if (error instanceof PaymentCodeError) return warnOnce(error);
    throw error;
  }
}

/**
 * Drawing a QR-bill takes about 50 ms (the library writes every module of the code as a rectangle):
 * the last few drawn are kept, so that the confirmation page, its invoice and a reload draw it once.
 */
const drawn = new Map<string, string>();
const DRAWN_KEPT = 50;

function drawnBill(data: Parameters<typeof qrBillSvg>[0], language: Parameters<typeof qrBillSvg>[1]): string {
  const key = `${language}:${JSON.stringify(data)}`;
  let svg = drawn.get(key);
  if (svg === undefined) {
    svg = qrBillSvg(data, language);
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  }
  drawn.delete(key);
  drawn.set(key, svg);
  return svg;
}

/** Both codes an order's page shows (at most one is not null). */
export async function paymentCodes(order: PayableOrder, bank: BankDetails): Promise<PaymentCodes> {
  const payload = giroCodePayload(order, bank);
  return {
    giroCode: payload ? { payload, svg: await QRCode.toString(payload, { ...QR_OPTIONS, type: "svg" }) } : null,
    qrBill: qrBill(order, bank),
  };
}

/**
 * What an order's pages (confirmation, invoice) show for paying it: for a bank transfer the shop's
 * account and its QR code as SVG (EUR: GiroCode, CHF: QR-bill); for cash on delivery nothing.
 */
export async function bankTransferView(order: PayableOrder) {
  const bank = order.paymentMethod === "bank_transfer" ? bankDetails() : null;
  const codes = bank ? await paymentCodes(order, bank) : null;
  return { bank, giroCode: codes?.giroCode?.svg ?? null, qrBill: codes?.qrBill?.svg ?? null };
}

/** A QR code as PNG (the e-mail's inline image): six pixels a module, which mail clients show at about 4 cm. */
export function qrCodePng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...QR_OPTIONS, type: "png", scale: 6 });
}
