import { env } from "./env.server";

/**
 * The seller as the Impressum names it (app/locales/{de,en,fr,ar}/pages.json, "impressum"): the
 * invoice prints these. tests/unit/shop-details.test.ts checks that every language's Impressum
 * still says the same, so the two cannot drift apart.
 */
export const seller = {
  name: "OfficeHaus GmbH",
  street: "Friedrichstraße 123",
  postalCode: "10117",
  city: "Berlin",
  country: "DE",
  vatId: "DE312345678",
  email: "info@officehaus.example",
} as const;

export interface BankDetails {
  holder: string;
  iban: string;
  bic: string;
  bankName: string;
  /** SHOP_QR_IBAN: the Swiss QR-IBAN the QR-bills of CHF orders name (with a QR reference); null: SHOP_IBAN with the RF reference. */
  qrIban: string | null;
}

/** Obviously not a real account: the ISO 13616 example IBAN and a made-up bank. */
const DEMO_BANK: BankDetails = {
  holder: seller.name,
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "DEMODEXXXXX",
  bankName: "Demo-Bank (Beispiel)",
  // SIX's example QR-IBAN (IG QR-bill 2.3): the demo's CHF orders show a QR-bill that scans.
  qrIban: "CH4431999123000889012",
};

/**
 * The account bank transfers go to (SHOP_IBAN, SHOP_BIC, SHOP_BANK_NAME, SHOP_QR_IBAN; the holder is the
 * seller). The embedded demo and development use the demo account; a production server on a real
 * database that offers bank transfer refuses to start without SHOP_IBAN (checkServerConfig).
 */
export function bankDetails(): BankDetails {
  const settings = env();
  if (!settings.SHOP_IBAN) return { ...DEMO_BANK, qrIban: settings.SHOP_QR_IBAN ?? DEMO_BANK.qrIban };
  return {
    holder: seller.name,
    iban: settings.SHOP_IBAN,
    bic: settings.SHOP_BIC?.toUpperCase() ?? "",
    bankName: settings.SHOP_BANK_NAME ?? "",
    qrIban: settings.SHOP_QR_IBAN ?? null,
  };
}
