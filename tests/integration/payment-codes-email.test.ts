import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, orderNumberOf } from "../factories";
import { decodeQrPng, epcFields, inlineImageParts } from "../e2e/support/qr";

process.env.SESSION_SECRET ??= "integration-test-secret";
process.env.SITE_URL = "http://shop.test";

const { queueOrderConfirmationEmail, GIROCODE_CID } = await import("~/models/transactional-email.server");
const { enqueueEmail, InvalidEmailError } = await import("~/models/email-outbox.server");
const worker = await import("~/services/mail-worker.server");
const { paymentReference } = await import("~/models/payment.server");
const { parseCreditorReference } = await import("~/utils/creditor-reference");

/**
 * The GiroCode in the order confirmation e-mail: the outbox keeps its text (no image, no data URL),
 * the mail worker draws the PNG when it sends and attaches it inline under the Content-ID the HTML
 * names; the PNG reads back to the GiroCode of the order. A CHF order's e-mail links the invoice
 * with its QR-bill instead; cash on delivery carries neither.
 */

async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(testDbKinds)("payment codes in the order e-mail on %s", (kind) => {
  let test: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let transport: Awaited<ReturnType<typeof worker.createSmtpTransport>>;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
    smtp = await startSmtp();
    transport = await worker.createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`);
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await test?.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await test.db.exec("delete from public.email_outbox");
  });

  async function outboxRow(id: string) {
    const [row] = await test.db.query<{ html_body: string; text_body: string; inline_images: unknown }>(
      "select html_body, text_body, inline_images from public.email_outbox where id = $1",
      [id],
    );
    const images = typeof row!.inline_images === "string" ? JSON.parse(row!.inline_images) : row!.inline_images;
    return { ...row!, images: images as Array<{ cid: string; filename: string; qr: string }> | null };
  }

  it("EUR bank transfer: the outbox keeps the GiroCode's text; the sent e-mail carries it as an inline PNG that scans", async () => {
    const id = await createOrder(test, { currency: "EUR", paymentMethod: "bank_transfer", total: "129.90", locale: "de", customerEmail: "giro@example.com", lines: [{ unitPrice: "129.90", currency: "EUR" }] });
    const queued = await test.db.transaction((tx) => queueOrderConfirmationEmail(tx, id));
    const row = await outboxRow(queued!.id);
    // Kept as data: the QR code's text, not an image; the HTML names the Content-ID.
    expect(row.images).toHaveLength(1);
    expect(row.images![0]).toMatchObject({ cid: GIROCODE_CID, filename: "girocode.png" });
    expect(row.html_body).toContain(`src="cid:${GIROCODE_CID}"`);
    expect(row.html_body).not.toContain("data:image");
    const reference = paymentReference({ number: await orderNumberOf(test, id) });
    expect(row.text_body).toContain(`Verwendungszweck: ${reference.replace(/(.{4})(?=.)/g, "$1 ")}`);
    expect(epcFields(row.images![0]!.qr)).toMatchObject({ amount: "EUR129.90", reference, iban: "DE89370400440532013000", name: "OfficeHaus GmbH" });

    const result = await worker.runMailWorkerOnce(test.db, { transport });
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [image] = inlineImageParts(smtp.received[0]!);
    expect(image).toMatchObject({ cid: GIROCODE_CID, contentType: expect.stringMatching(/^image\/png/) });
    expect(image!.disposition).toMatch(/^inline/);
    const payload = decodeQrPng(image!.data)!;
    expect(payload).toBe(row.images![0]!.qr);
    const fields = epcFields(payload);
    expect(fields).toMatchObject({ serviceTag: "BCD", version: "002", charset: "1", identification: "SCT", bic: "DEMODEXXXXX", name: "OfficeHaus GmbH", iban: "DE89370400440532013000", amount: "EUR129.90", purpose: "", reference });
    expect(parseCreditorReference(fields.reference!)).toBe(await orderNumberOf(test, id));
  });

  it("CHF bank transfer: no image, a link to the invoice with the QR-bill; cash on delivery: neither", async () => {
    const chf = await createOrder(test, { currency: "CHF", paymentMethod: "bank_transfer", locale: "fr", customerEmail: "qr@example.com", lines: [{ unitPrice: "80.00", currency: "CHF", vatRate: "8.1" }] });
    const row = await outboxRow((await test.db.transaction((tx) => queueOrderConfirmationEmail(tx, chf)))!.id);
    expect(row.images).toBeNull();
    expect(row.html_body).not.toContain("cid:");
    expect(row.text_body).toContain("La QR-facture avec section paiement et récépissé figure sur votre facture");
    expect(row.text_body).toContain(`http://shop.test/order-confirmation/${chf}/invoice?lng=fr`);

    for (const currency of ["EUR", "CHF"] as const) {
      const cod = await createOrder(test, { currency, paymentMethod: "cash_on_delivery", customerEmail: "cod@example.com", lines: [{ unitPrice: "10.00", currency }] });
      const codRow = await outboxRow((await test.db.transaction((tx) => queueOrderConfirmationEmail(tx, cod)))!.id);
      expect(codRow.images).toBeNull();
      expect(codRow.html_body).not.toContain("cid:");
      expect(codRow.text_body).not.toContain("QR");
    }
    await worker.runMailWorkerOnce(test.db, { transport });
    expect(smtp.received).toHaveLength(3);
    for (const raw of smtp.received) expect(inlineImageParts(raw)).toEqual([]);
  });

  it("refuses an inline image that is not one (a tampered Content-ID or file name), writing nothing", async () => {
    const base = { to: "x@example.com", subject: "s", text: "t", kind: "order_confirmation" as const, locale: "de" as const };
    for (const image of [
      { cid: "a b@c", filename: "girocode.png", qr: "x" },
      { cid: "a@b", filename: "../evil.png", qr: "x" },
      { cid: "a@b", filename: "girocode.png", qr: "" },
      { cid: "a@b", filename: "girocode.png", qr: "x".repeat(1001) },
    ]) {
      await expect(test.db.transaction((tx) => enqueueEmail(tx, { ...base, inlineImages: [image] }))).rejects.toThrow(InvalidEmailError);
    }
    expect(await test.db.query("select id from public.email_outbox")).toHaveLength(0);
  });
});
