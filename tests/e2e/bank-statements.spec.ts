import { expect, test, type Browser, type Page } from "@playwright/test";
import { creditorReference, formatCreditorReference } from "../../app/utils/creditor-reference";
import { qrReference } from "../../app/utils/qr-reference";
import { demoAdmin, signIn } from "./fixtures";
import { orderNumberOf, placeOrder, registerCustomer, waitForHydration } from "./support/shop";

/*
 * Bank statements on /admin/payments with JavaScript on and off, in German: a new customer orders
 * by bank transfer, the admin uploads the bank's camt.053 with the order's RF reference and amount,
 * and the order shows paid to its customer; the same file again changes nothing; a partial payment
 * is listed and assigned by hand; a file that is not a statement, and one over 10 MB, get a message.
 */

test.use({ locale: "de-DE" });

/** A camt.053.001.02 as a German savings bank exports it, with one credit. */
function statement(credit: { amount: string; reference: string; bankRef: string; debtor?: string }): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-${credit.bankRef}</MsgId><CreDtTm>2026-11-24T06:12:44.0+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-${credit.bankRef}</Id>
      <CreDtTm>2026-11-24T06:12:44.0+01:00</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="EUR">${credit.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-23</Dt></BookgDt>
        <ValDt><Dt>2026-11-23</Dt></ValDt>
        <AcctSvcrRef>${credit.bankRef}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>${credit.debtor ?? "Eva Eigen"}</Nm></Dbtr></RltdPties>
          <RmtInf><Ustrd>${credit.reference} Bestellung</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`);
}

const bankRef = () => `E2E${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** The order's total as the confirmation page shows it ("12,34 €"), as a camt amount ("12.34"). */
async function totalOf(page: Page, orderId: string): Promise<string> {
  await page.goto(`/order-confirmation/${orderId}`);
  const shown = (await page.getByTestId("order-total").textContent()) ?? "";
  return shown.replace(/[^\d,]/g, "").replace(",", ".");
}

async function adminPage(browser: Browser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "de-DE", javaScriptEnabled: js });
  const page = await context.newPage();
  await signIn(page, demoAdmin.email, demoAdmin.password);
  await page.goto("/admin/payments");
  await waitForHydration(page, js);
  return page;
}

async function upload(admin: Page, name: string, buffer: Buffer) {
  const form = admin.getByTestId("statement-upload");
  await form.getByLabel("Kontoauszugsdatei").setInputFiles({ name, mimeType: "application/xml", buffer });
  const [response] = await Promise.all([
    admin.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/payments")),
    form.getByRole("button", { name: "Kontoauszug importieren" }).click(),
  ]);
  return response;
}

async function paymentStatusOf(customer: Page, orderId: string) {
  await customer.goto(`/profile/orders/${orderId}`);
  return customer.getByTestId("payment-status").first().getAttribute("data-payment-status");
}

test("the admin imports a statement: the order it pays shows paid, and the same file again changes nothing", async ({ page, baseURL, browser, javaScriptEnabled }) => {
  await registerCustomer(page.request, baseURL!, "camt");
  const orderId = await placeOrder(page.request, baseURL!);
  const number = await orderNumberOf(page.request, orderId);
  const amount = await totalOf(page, orderId);
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  expect(await paymentStatusOf(page, orderId)).toBe("unpaid");

  const file = statement({ amount, reference: formatCreditorReference(creditorReference(number)), bankRef: bankRef() });
  const admin = await adminPage(browser, javaScriptEnabled);
  await upload(admin, "Umsaetze.xml", file);
  await expect(admin).toHaveURL(/\/admin\/payments\?import=[0-9a-f-]{36}$/);
  const result = admin.getByTestId("import-result");
  await expect(result).toContainText("Umsaetze.xml");
  const row = result.getByTestId("import-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-outcome", "matched");
  await expect(row.getByRole("link", { name: number })).toBeVisible();
  await expect(row).toContainText("Zugeordnet – Bestellung als bezahlt markiert");

  expect(await paymentStatusOf(page, orderId)).toBe("paid");

  // The same file again: "already imported", nothing changed.
  await upload(admin, "Umsaetze-nochmal.xml", file);
  await expect(admin).toHaveURL(/already=1/);
  await expect(admin.getByTestId("import-already")).toContainText("bereits importiert");
  await expect(admin.getByTestId("import-result")).toContainText("Umsaetze.xml");
  expect(await paymentStatusOf(page, orderId)).toBe("paid");
  await admin.context().close();
});

test("a partial payment is listed as 'amount differs' and assigned by hand with the amount confirmed", async ({ page, baseURL, browser, javaScriptEnabled }) => {
  await registerCustomer(page.request, baseURL!, "camt-partial");
  const orderId = await placeOrder(page.request, baseURL!);
  const number = await orderNumberOf(page.request, orderId);
  const total = await totalOf(page, orderId);
  const less = (Math.round(Number(total) * 100) - 100) / 100;
  const amount = less.toFixed(2);
  const debtor = `Teilzahler ${Date.now()}`;

  const admin = await adminPage(browser, javaScriptEnabled);
  await upload(admin, "teilzahlung.xml", statement({ amount, reference: creditorReference(number), bankRef: bankRef(), debtor }));
  await expect(admin.getByTestId("import-row")).toHaveAttribute("data-outcome", "amountDiffers");
  expect(await paymentStatusOf(page, orderId)).toBe("unpaid");

  const credit = admin.getByTestId("open-credit").filter({ hasText: debtor });
  await expect(credit).toHaveCount(1);
  const form = credit.getByTestId("assign-form");
  // The reference named the order: it is filled in; the amount must be confirmed.
  await expect(form.getByLabel("Bestellnummer oder RF-Referenz")).toHaveValue(number);
  await form.getByLabel("Bestellnummer oder RF-Referenz").fill("FFFFFFFF");
  await form.getByLabel(/als erhalten buchen/).check();
  await form.getByRole("button", { name: "Zuordnen" }).click();
  await expect(admin.getByTestId("open-credit").filter({ hasText: debtor }).getByTestId("assign-error")).toContainText("Keine Bestellung hat diese Nummer");
  expect(await paymentStatusOf(page, orderId)).toBe("unpaid");

  const again = admin.getByTestId("open-credit").filter({ hasText: debtor }).getByTestId("assign-form");
  await again.getByLabel("Bestellnummer oder RF-Referenz").fill(number);
  await again.getByLabel(/als erhalten buchen/).check();
  await again.getByRole("button", { name: "Zuordnen" }).click();
  await expect(admin.getByTestId("toast")).toContainText("Zahlung zugeordnet");
  await expect(admin.getByTestId("open-credit").filter({ hasText: debtor })).toHaveCount(0);
  expect(await paymentStatusOf(page, orderId)).toBe("paid");
  await admin.context().close();
});

test("a file that is not a statement gets a message in the admin's language, and changes nothing", async ({ browser, javaScriptEnabled }) => {
  const admin = await adminPage(browser, javaScriptEnabled);
  const response = await upload(admin, "umsaetze.csv", Buffer.from("Buchungstag;Betrag;Verwendungszweck\n23.11.2026;49,90;RF18 5390 0754 7034\n"));
  expect(response.status()).toBe(400);
  await expect(admin.getByTestId("statement-error")).toContainText("Die Datei ist keine XML-Datei");
  await expect(admin.getByTestId("import-result")).toHaveCount(0);

  const hostile = Buffer.from(`<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document>`);
  const refused = await upload(admin, "hostile.xml", hostile);
  expect(refused.status()).toBe(400);
  await expect(admin.getByTestId("statement-error")).toContainText("DOCTYPE");
  await admin.context().close();
});

test("a file over 10 MB is refused with 413 and a message", async ({ browser, baseURL, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "a request without the browser: once is enough");
  const admin = await adminPage(browser, false);
  const big = Buffer.alloc(10 * 1024 * 1024 + 1024, 0x20);
  const response = await admin.request.post("/admin/payments", {
    multipart: { intent: "import", statement: { name: "big.xml", mimeType: "application/xml", buffer: big } },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain("größer als 10 MB");
  await admin.context().close();
});

test("tampered assign forms are refused with a message: no confirmation, an unknown credit, an unknown intent", async ({ browser, baseURL, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "requests without the browser: once is enough");
  const admin = await adminPage(browser, false);
  const post = (form: Record<string, string>) => admin.request.post("/admin/payments", { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  const unknown = "00000000-0000-4000-8000-00000000ffff";
  const unconfirmed = await post({ intent: "assign", creditId: unknown, order: "ABCDEF12" });
  expect(unconfirmed.status()).toBe(400);
  expect(await unconfirmed.text()).toContain("Bitte bestätigen Sie den erhaltenen Betrag");
  const noCredit = await post({ intent: "assign", creditId: unknown, order: "ABCDEF12", confirm: "on" });
  expect(noCredit.status()).toBe(404);
  const noDismiss = await post({ intent: "dismiss", creditId: "not-a-credit" });
  expect(noDismiss.status()).toBe(409);
  expect((await post({ intent: "delete-everything" })).status()).toBe(400);
  await admin.context().close();
});

/** A camt.053.001.08 as a Swiss bank (PostFinance) exports it: one CHF credit paying a QR-bill by its QR reference. */
function swissStatement(credit: { amount: string; qrr: string; bankRef: string }): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-CH-${credit.bankRef}</MsgId><CreDtTm>2026-11-24T05:30:02</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-CH-${credit.bankRef}</Id>
      <CreDtTm>2026-11-24T05:30:02</CreDtTm>
      <Acct><Id><IBAN>CH4431999123000889012</IBAN></Id><Ccy>CHF</Ccy></Acct>
      <Ntry>
        <Amt Ccy="CHF">${credit.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-23</Dt></BookgDt>
        <ValDt><Dt>2026-11-23</Dt></ValDt>
        <AcctSvcrRef>${credit.bankRef}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${credit.bankRef}-1</AcctSvcrRef></Refs>
          <Amt Ccy="CHF">${credit.amount}</Amt>
          <CdtDbtInd>CRDT</CdtDbtInd>
          <RltdPties><Dbtr><Pty><Nm>Léa Müller</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${credit.qrr}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`);
}

test("a Swiss customer's CHF order is paid by QR-bill: the bank's camt.053.001.08 with the QR reference makes it paid", async ({ page, baseURL, browser, javaScriptEnabled }) => {
  await page.context().addCookies([
    { name: "preferred-country", value: "CH", url: baseURL! },
    { name: "preferred-currency", value: "CHF", url: baseURL! },
  ]);
  await registerCustomer(page.request, baseURL!, "camt-ch");
  const orderId = await placeOrder(page.request, baseURL!, {
    "shippingAddress.street": "Bahnhofstrasse 1",
    "shippingAddress.city": "Zürich",
    "shippingAddress.postalCode": "8001",
    "shippingAddress.country": "CH",
  });
  const number = await orderNumberOf(page.request, orderId);
  await page.goto(`/order-confirmation/${orderId}`);
  await expect(page.getByTestId("order-total")).toContainText("CHF");
  await expect(page.getByTestId("qr-bill")).toBeVisible();
  const amount = ((await page.getByTestId("order-total").textContent()) ?? "").replace(/[^\d.,]/g, "").replace(/[.,](?=\d{3}\b)/g, "").replace(",", ".");
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  expect(await paymentStatusOf(page, orderId)).toBe("unpaid");

  const admin = await adminPage(browser, javaScriptEnabled);
  await upload(admin, "camt053_postfinance.xml", swissStatement({ amount, qrr: qrReference(number), bankRef: bankRef() }));
  const row = admin.getByTestId("import-result").getByTestId("import-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-outcome", "matched");
  expect(await paymentStatusOf(page, orderId)).toBe("paid");
  await admin.context().close();
});

test("a statement of 25 000 credits imports in the background: the page shows its progress, then the result", async ({ browser, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const tag = bankRef();
  const entries: string[] = [];
  for (let i = 0; i < 25_000; i += 1) {
    entries.push(`<Ntry><Amt Ccy="EUR">${(1 + (i % 9000) / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-23</Dt></BookgDt><AcctSvcrRef>${tag}-${i}</AcctSvcrRef></Ntry>`);
  }
  const file = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>${tag}</MsgId><CreDtTm>2026-11-24T06:00:00</CreDtTm></GrpHdr><Ntfctn><Id>${tag}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries.join("")}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`);
  const admin = await adminPage(browser, javaScriptEnabled);
  await upload(admin, "gross.xml", file);
  await expect(admin).toHaveURL(/\/admin\/payments\?import=[0-9a-f-]{36}$/);
  // The answer came before the import was done: the progress, which the page looks at again by itself.
  const result = admin.getByTestId("import-result");
  await expect(result).toHaveAttribute("data-state", "running");
  await expect(admin.getByTestId("import-progress")).toContainText(/Datei wird gelesen|Gutschriften werden erfasst|zugeordnet/);
  await expect(result).toHaveAttribute("data-state", "done", { timeout: 150_000 });
  await expect(result).toContainText("gross.xml");
  await expect(admin.getByTestId("import-summary")).toContainText(/25\.?000 Buchungen in der Datei/);
  await expect(admin.getByTestId("import-open")).toHaveAttribute("data-count", "25000");
  await admin.context().close();
});

test("the same bookings in an older file version are listed one by one as imported before; the summary does not contradict itself", async ({ browser, javaScriptEnabled }) => {
  const debtor = `Doppelzahler ${bankRef()}`;
  const notification = (version: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.${version}">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>NTF-${version}</MsgId><CreDtTm>2026-11-24T06:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>NTF</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
      ${`<Ntry><Amt Ccy="EUR">64.90</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-23</Dt></BookgDt>
        <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${debtor}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Rechnung Toner</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`.repeat(2)}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`);
  const admin = await adminPage(browser, javaScriptEnabled);
  await upload(admin, "avis-2019.xml", notification("001.08"));
  // Two identical payments without bank references stay two.
  await expect(admin.getByTestId("import-row")).toHaveCount(2);
  await expect(admin.getByTestId("open-credit").filter({ hasText: debtor })).toHaveCount(2);

  await upload(admin, "avis-2009.xml", notification("001.02"));
  const result = admin.getByTestId("import-result");
  await expect(result).toContainText("avis-2009.xml");
  await expect(result.getByTestId("skipped-row")).toHaveCount(2);
  await expect(result.getByTestId("skipped-row").first()).toContainText("Schon importiert aus avis-2019.xml");
  await expect(admin.getByTestId("import-skipped-count")).toContainText("2 Gutschriften übersprungen");
  await expect(result).not.toContainText("keine gebuchten Gutschriften");
  await expect(admin.getByTestId("open-credit").filter({ hasText: debtor })).toHaveCount(2);
  await admin.context().close();
});
