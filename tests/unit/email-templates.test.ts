import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/config";
import { registrationEmail } from "~/utils/account-email-templates.server";
import { escapeHtml, shopLink } from "~/utils/email-layout.server";
import { newsletterConfirmationEmail, newsletterEmail } from "~/utils/newsletter-email-templates.server";
import { orderConfirmationEmail } from "~/utils/order-email-templates.server";
import { backoffSeconds, isDeliverableAddress, MAX_ATTEMPTS, sanitizeSubject } from "~/models/email-outbox.server";
import { routeMessages } from "~/i18n/catalogues.server";

const order = {
  number: "3F2A9C1B",
  customerName: "Erika <b>Muster</b>",
  createdAt: new Date("2026-01-15T10:00:00Z"),
  currency: "CHF" as const,
  paymentMethod: "bank_transfer" as const,
  lines: [
    { name: "Ergonomic chair <script>alert(1)</script>", quantity: 2, unitPrice: 129_900, total: 259_800 },
    { name: "Desk lamp", quantity: 1, unitPrice: 4_990, total: 4_990 },
  ],
  total: 264_790,
  // 8.1 % contained in 2'647.90 CHF: 264790 × 810 / 10810 = 19841.1… cents.
  vat: [{ rate: 810, gross: 264_790, vat: 19_841, net: 244_949 }],
  bank: { holder: "OfficeHaus GmbH", iban: "CH93 0076 2011 6238 5295 7", bic: "POSTCHBE", bankName: "PostFinance", qrIban: null },
  reference: "RF09 3F2A 9C1B",
  shippingAddress: { street: "Bahnhofstrasse 1", postalCode: "8001", city: "Zürich", country: "CH" },
  orderUrl: "https://shop.example/order-confirmation/3f2a9c1b-0000-4000-8000-000000000000",
};

describe("e-mail templates", () => {
  it("escapes everything put into the HTML part", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const email = orderConfirmationEmail({ ...order, locale: "en" });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<b>Muster</b>");
    expect(email.html).toContain("Ergonomic chair &lt;script&gt;alert(1)&lt;/script&gt;");
    // The text part is plain text: the name stays as typed.
    expect(email.text).toContain("Ergonomic chair <script>alert(1)</script>");
  });

  it("makes no link of what the requester typed into an e-mail to a typed address (name, street, city; a sign-up's first name)", () => {
    const typed = {
      ...order,
      customerName: "www.gewinn.example",
      shippingAddress: { street: "https://evil.example/x", postalCode: "8001", city: "hilfe@evil.example", country: "CH" },
    };
    for (const email of [orderConfirmationEmail({ ...typed, locale: "de" })]) {
      for (const body of [email.text, email.html]) expect(body).not.toMatch(/www\.gewinn|https:\/\/evil|evil\.example|hilfe@/);
      expect(email.text).toContain("Hallo www[.]gewinn[.]example");
      expect(email.text).toContain("https[:]//evil[.]example/x");
      expect(email.text).toContain("hilfe[at]evil[.]example");
      // The shop's own links stay links.
      expect(email.html).toContain(`href="${order.orderUrl}"`);
    }
    const welcome = registrationEmail({ locale: "en", email: "victim@example.com", firstName: "Visit evil.example now", loginUrl: "https://shop.example/login", confirmUrl: "https://shop.example/c" });
    for (const part of [welcome.subject, welcome.text, welcome.html]) expect(part).not.toContain("evil.example");
    expect(welcome.text).toContain("evil[.]example");
    // A real name is left as it is.
    expect(orderConfirmationEmail({ ...order, locale: "de", customerName: "Dr. Erika Müller-Lüdenscheidt" }).text).toContain("Hallo Dr. Erika Müller-Lüdenscheidt");
  });

  it("lists the order's lines and totals in the order's currency", () => {
    const email = orderConfirmationEmail({ ...order, locale: "de" });
    expect(email.subject).toBe("Ihre Bestellung 3F2A9C1B bei OfficeHaus");
    expect(email.text).toContain("1'299.00\u00a0CHF");
    expect(email.text).toContain("2'598.00\u00a0CHF");
    expect(email.text).toContain("Gesamtbetrag (inkl. MwSt.): 2'647.90\u00a0CHF");
    expect(email.text).toContain("Versand: Kostenlos");
    expect(email.text).toContain("Banküberweisung");
    // The VAT contained, by rate, and the bank details with the order's RF creditor reference.
    expect(email.text).toContain("enthaltene MwSt. 8,1\u00a0%: 198.41\u00a0CHF");
    expect(email.text).toContain("IBAN: CH93 0076 2011 6238 5295 7");
    expect(email.text).toContain("BIC: POSTCHBE");
    expect(email.text).toContain("Verwendungszweck: RF09 3F2A 9C1B");
    expect(email.text).toContain("Betrag: 2'647.90\u00a0CHF");
    expect(orderConfirmationEmail({ ...order, locale: "de", paymentMethod: "cash_on_delivery", bank: null }).text).not.toContain("IBAN");
    expect(email.text).toContain(order.orderUrl);
    expect(email.html).toContain(`href="${order.orderUrl}"`);
  });

  it("writes every e-mail in each of the four languages, right to left in Arabic", () => {
    for (const locale of locales) {
      const emails = [
        registrationEmail({ locale, email: "a@example.com", firstName: "Anna", loginUrl: "https://shop.example/login" }),
        orderConfirmationEmail({ ...order, locale }),
        newsletterConfirmationEmail({ locale, email: "a@example.com", confirmUrl: "https://shop.example/newsletter/confirm?token=x" }),
        newsletterEmail({ locale, subject: "News", body: "Hello\n\nWorld", unsubscribeUrl: "https://shop.example/newsletter/unsubscribe?token=y" }),
      ];
      for (const email of emails) {
        // A missing catalogue key would show as "email.…".
        expect(`${email.subject}\n${email.text}`).not.toMatch(/email\.[a-zA-Z]+\./);
        expect(email.html).toContain(`lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"`);
      }
    }
  });

  it("puts the unsubscribe link into every newsletter e-mail and the confirm link into the opt-in e-mail", () => {
    const issue = newsletterEmail({ locale: "fr", subject: "Nouveautés", body: "Bonjour", unsubscribeUrl: "https://shop.example/newsletter/unsubscribe?token=abc" });
    expect(issue.text).toContain("https://shop.example/newsletter/unsubscribe?token=abc");
    expect(issue.html).toContain('href="https://shop.example/newsletter/unsubscribe?token=abc"');
    const optIn = newsletterConfirmationEmail({ locale: "en", email: "a@example.com", confirmUrl: "https://shop.example/newsletter/confirm?token=t&lng=en" });
    expect(optIn.text).toContain("https://shop.example/newsletter/confirm?token=t&lng=en");
    expect(optIn.html).toContain('href="https://shop.example/newsletter/confirm?token=t&amp;lng=en"');
  });

  it("keeps a name with line breaks on one line in the subject", () => {
    const email = registrationEmail({ locale: "en", email: "a@example.com", firstName: "Eve\r\nBcc: x@evil.example", loginUrl: "https://shop.example/login" });
    // One line, and no link either (the address in it is defused).
    expect(email.subject).toBe("Welcome to OfficeHaus, Eve Bcc: x[at]evil[.]example");
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it("links into the shop in the e-mail's language", () => {
    expect(shopLink("https://shop.example/", "/login", "de")).toBe("https://shop.example/login");
    expect(shopLink("https://shop.example", "/newsletter/confirm", "ar", { token: "a b" })).toBe(
      "https://shop.example/newsletter/confirm?token=a+b&lng=ar",
    );
  });

  it("keeps the e-mail texts on the server", () => {
    const sent = routeMessages("de", { i18n: ["email", "mail", "pages", "newsletter"] });
    expect(sent).not.toHaveProperty("email");
    expect(sent).not.toHaveProperty("mail");
    expect(sent).not.toHaveProperty("pages");
    expect(sent).toHaveProperty("newsletter");
  });
});

describe("outbox rules", () => {
  it("removes line breaks and control characters from subjects", () => {
    expect(sanitizeSubject("Hello\r\nBcc: x@example.com")).toBe("Hello Bcc: x@example.com");
    expect(sanitizeSubject("a\u2028b\u0000c")).toBe("a b c");
    expect(sanitizeSubject("x".repeat(1000))).toHaveLength(300);
  });

  it("accepts one plain address only", () => {
    expect(isDeliverableAddress("anna@example.com")).toBe(true);
    for (const bad of ["anna@example.com\r\nBcc: x@y.z", "a@b.c, d@e.f", "Anna <a@b.com>", "no-at.example.com", "a@b", `${"x".repeat(250)}@example.com`]) {
      expect(isDeliverableAddress(bad), bad).toBe(false);
    }
  });

  it("backs off 1, 5, 30, 120, 360 minutes and stops after the last attempt", () => {
    const waits = Array.from({ length: MAX_ATTEMPTS }, (_, i) => backoffSeconds(i + 1));
    expect(waits).toEqual([60, 300, 1800, 7200, 21600, null]);
  });
});
