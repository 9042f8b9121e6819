import { afterEach, describe, expect, it, vi } from "vitest";
import { bankDetails, seller } from "~/utils/shop-details.server";
import { checkServerConfig } from "~/utils/env.server";
import { locales } from "~/i18n/config";
import { allMessages } from "~/i18n/catalogues.server";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("bank details (SHOP_IBAN, SHOP_BIC, SHOP_BANK_NAME)", () => {
  it("the demo uses an account that is obviously an example", () => {
    vi.stubEnv("SHOP_IBAN", "");
    vi.stubEnv("DATABASE_URL", "");
    expect(bankDetails()).toMatchObject({ iban: "DE89 3704 0044 0532 0130 00", bankName: "Demo-Bank (Beispiel)", holder: seller.name });
  });

  it("takes the configured account", () => {
    vi.stubEnv("SHOP_IBAN", "ch93 0076 2011 6238 5295 7");
    vi.stubEnv("SHOP_BIC", "postchbe");
    vi.stubEnv("SHOP_BANK_NAME", "PostFinance");
    expect(bankDetails()).toEqual({ holder: seller.name, iban: "CH93 0076 2011 6238 5295 7", bic: "POSTCHBE", bankName: "PostFinance", qrIban: null });
  });

  it("takes SHOP_QR_IBAN for the QR-bills, and stops the server at start when it is not a QR-IBAN", () => {
    vi.stubEnv("SHOP_IBAN", "CH93 0076 2011 6238 5295 7");
    vi.stubEnv("SHOP_QR_IBAN", "ch44 3199 9123 0008 8901 2");
    expect(bankDetails().qrIban).toBe("CH4431999123000889012");
    // An ordinary Swiss IBAN (institution id 00762) is not a QR-IBAN.
    vi.stubEnv("SHOP_QR_IBAN", "CH93 0076 2011 6238 5295 7");
    expect(() => checkServerConfig()).toThrow(/SHOP_QR_IBAN must be a Swiss QR-IBAN/);
    // A QR-IBAN with a wrong check digit, a German IBAN, garbage.
    for (const wrong of ["CH45 3199 9123 0008 8901 2", "DE89 3704 0044 0532 0130 00", "QR"]) {
      vi.stubEnv("SHOP_QR_IBAN", wrong);
      expect(() => bankDetails()).toThrow(/SHOP_QR_IBAN must be a Swiss QR-IBAN/);
    }
    // The demo (no SHOP_IBAN) shows QR-bills on SIX's example QR-IBAN unless one is configured.
    vi.stubEnv("SHOP_IBAN", "");
    vi.stubEnv("SHOP_QR_IBAN", "");
    expect(bankDetails().qrIban).toBe("CH4431999123000889012");
  });

  it("refuses a value that is no IBAN", () => {
    vi.stubEnv("SHOP_IBAN", "1234");
    expect(() => bankDetails()).toThrow(/SHOP_IBAN must be an IBAN, not "1234"/);
  });

  it("stops a production server on a real database at start when SHOP_IBAN is missing (bank transfer is offered)", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://shop@db.example/shop");
    vi.stubEnv("SITE_URL", "https://shop.example");
    vi.stubEnv("SESSION_SECRET", "set");
    vi.stubEnv("COOKIE_SECURE", "auto");
    vi.stubEnv("SHOP_IBAN", "");
    expect(() => checkServerConfig()).toThrow(/SHOP_IBAN must be set in production/);
    vi.stubEnv("SHOP_IBAN", "DE89 3704 0044 0532 0130 00");
    expect(() => checkServerConfig()).not.toThrow();
  });
});

describe("the seller on invoices", () => {
  it.each(locales)("is the seller of the Impressum (%s)", (locale) => {
    const impressum = JSON.stringify((allMessages(locale).pages as Record<string, unknown>).impressum);
    for (const value of [seller.name, seller.street, seller.postalCode, seller.vatId]) expect(impressum).toContain(value);
  });
});
