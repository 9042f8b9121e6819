import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, createProduct, orderNumberOf } from "../factories";
import { runPaymentJobs } from "~/models/payment-reminders.server";
import { formatCreditorReference } from "~/utils/creditor-reference";
import { paymentReference } from "~/models/payment.server";
import { listOrderDocuments } from "~/models/order-documents.server";

/*
 * Unpaid bank transfers (docs/payments.md): one reminder after PAYMENT_REMINDER_DAYS, cancellation after
 * PAYMENT_CANCEL_DAYS (stock released, cancellation invoice, the customer told in the order's
 * language) — each exactly once, however many runs (processes, servers, npm run payments) race.
 */
const options = { reminderDays: 7, cancelDays: 14, siteUrl: "https://shop.example" };

describe.each(testDbKinds)("payment reminders and expiry on %s", (kind) => {
  let test: TestDatabase;
  const mails = (kindOf: string) =>
    test.db.query<{ to_address: string; subject: string; text_body: string; locale: string }>(
      "select to_address, subject, text_body, locale from public.email_outbox where kind = $1 order by created_at",
      [kindOf],
    );
  const orderRow = async (id: string) =>
    (await test.db.query<{ status: string; payment_reminder_sent_at: Date | null }>("select status, payment_reminder_sent_at from public.orders where id = $1", [id]))[0]!;

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(async () => {
    await test.db.exec("delete from public.email_outbox; update public.orders set status = 'delivered' where status <> 'cancelled';");
  });

  it("reminds an unpaid bank transfer once, in its language, with the bank details and RF reference — not paid, cash or new orders", async () => {
    const due = await createOrder(test, { createdAt: { daysAgo: 8 }, locale: "fr", customerEmail: "claire@example.com", total: "25.00", lines: [{ unitPrice: "25.00" }] });
    const paid = await createOrder(test, { createdAt: { daysAgo: 8 }, paymentStatus: "paid" });
    const cash = await createOrder(test, { createdAt: { daysAgo: 8 }, paymentMethod: "cash_on_delivery" });
    const fresh = await createOrder(test, { createdAt: { daysAgo: 6 } });
    const cancelled = await createOrder(test, { createdAt: { daysAgo: 8 }, status: "cancelled" });

    // Two runs at once (two processes): one reminder.
    const [first, second] = await Promise.all([runPaymentJobs(options), runPaymentJobs(options)]);
    expect([...first.reminded, ...second.reminded]).toEqual([due]);
    const sent = await mails("payment_reminder");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to_address: "claire@example.com", locale: "fr" });
    expect(sent[0]!.subject).toContain("Rappel de paiement");
    expect(sent[0]!.text_body).toContain(formatCreditorReference(paymentReference({ number: await orderNumberOf(test, due) })));
    expect(sent[0]!.text_body).toContain("IBAN");
    expect(sent[0]!.text_body).toContain("25,00");
    expect((await orderRow(due)).payment_reminder_sent_at).not.toBeNull();
    for (const other of [paid, cash, fresh, cancelled]) expect((await orderRow(other)).payment_reminder_sent_at).toBeNull();

    // A later run reminds nobody again.
    expect(await runPaymentJobs(options)).toEqual({ reminded: [], cancelled: [] });
    expect(await mails("payment_reminder")).toHaveLength(1);
  });

  it("cancels an unpaid transfer after the cancel days once across two concurrent runs: stock back once, one ST, one e-mail", async () => {
    const product = await createProduct(test, { name: "Expiry lamp", stock: 3 });
    const id = await createOrder(test, {
      createdAt: { daysAgo: 15 },
      locale: "de",
      lines: [{ productId: product, name: "Lampe", quantity: 2, unitPrice: "11.90", vatRate: 19 }],
    });
    const shipped = await createOrder(test, { createdAt: { daysAgo: 15 }, status: "shipped" });
    const [first, second] = await Promise.all([runPaymentJobs(options), runPaymentJobs(options)]);
    expect([...first.cancelled, ...second.cancelled]).toEqual([id]);
    expect((await orderRow(id)).status).toBe("cancelled");
    expect((await orderRow(shipped)).status).toBe("shipped");
    const [stock] = await test.db.query<{ stock: number }>("select stock from public.products where id = $1", [product]);
    expect(stock!.stock).toBe(5);
    const documents = await listOrderDocuments(id);
    expect(documents).toEqual([expect.objectContaining({ kind: "ST", total: -2380 })]);
    const expired = await mails("payment_expired");
    expect(expired).toHaveLength(1);
    expect(expired[0]!.subject).toContain("storniert");
    expect(expired[0]!.text_body).toContain(`https://shop.example/order-confirmation/${id}/documents/${documents[0]!.number}`);
    // The customer gets the expiry notice, not the admin's status e-mail as well; no reminder for
    // the cancelled order (the shipped one, not cancelled for want of payment, is reminded instead).
    expect(await mails("order_status")).toHaveLength(0);
    expect([...first.reminded, ...second.reminded]).toEqual([shipped]);
    expect(await runPaymentJobs(options)).toEqual({ reminded: [], cancelled: [] });
    expect(await mails("payment_reminder")).toHaveLength(1);
  });

  it("leaves an order paid between the reminder and the expiry alone", async () => {
    const id = await createOrder(test, { createdAt: { daysAgo: 20 }, paymentStatus: "paid" });
    expect(await runPaymentJobs(options)).toEqual({ reminded: [], cancelled: [] });
    expect((await orderRow(id)).status).toBe("pending");
  });
});
