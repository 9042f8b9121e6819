import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, orderNumberOf } from "../factories";
import { action as withdrawalAction, loader as withdrawalLoader } from "~/routes/withdrawal";
import { WITHDRAWAL_EMAIL_LIMITS } from "~/models/withdrawal.server";
import { defuseLinks } from "~/utils/email-layout.server";

/*
 * Issue 36, the withdrawal form as a mail cannon: whoever knows an order's number and e-mail address
 * (a parcel label) could declare the same withdrawal again and again, from one client address or
 * many, each stored and each mailing the order's owner a receipt with the sender's text and link.
 * Now: one withdrawal per order and set of lines (a repeat shows the first), receipts per order and
 * hour bounded whatever the client address, and no sender's text (let alone a link) in the receipt.
 */
const ORIGIN = "http://localhost:3000";
const FLOOD = 40;

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;
async function run(fn: RouteFn, request: Request): Promise<any> {
  try {
    return await fn({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(fields: Record<string, string>, ip: string) {
  return new Request(`${ORIGIN}/withdrawal`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "de", "X-Forwarded-For": ip },
    body: new URLSearchParams(fields),
  });
}
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie, "Accept-Language": "de" } });

describe("defuseLinks", () => {
  it("breaks what mail clients would link, and keeps ordinary text as it was", () => {
    expect(defuseLinks("https://evil.example/login?x=1")).toBe("https[:]//evil[.]example/login?x=1");
    expect(defuseLinks("www.evil.example")).toBe("www[.]evil[.]example");
    expect(defuseLinks("Mail an hilfe@evil.example")).toBe("Mail an hilfe[at]evil[.]example");
    expect(defuseLinks("evil\u3002example und evil\uFF0Eexample")).toBe("evil[.]example und evil[.]example");
    for (const plain of ["z.B. defekt, d.h. kaputt", "Nr.5 kam nicht", "Ende. Danke", "1.000 Stück", "Preis 12.90 €", "3 x A4"]) {
      expect(defuseLinks(plain)).toBe(plain);
    }
  });
});

describe.each(testDbKinds)("withdrawal abuse on %s", (kind) => {
  let test: TestDatabase;
  const count = async (sql: string, params: unknown[] = []) => (await test.db.query<{ n: number }>(sql, params))[0]!.n;
  const withdrawals = (orderId: string) => count("select count(*)::int as n from public.withdrawals where order_id = $1", [orderId]);
  const mails = (mailKind: string, to?: string) =>
    test.db.query<{ to_address: string; text_body: string; html_body: string }>(
      `select to_address, text_body, html_body from public.email_outbox where kind = $1 ${to ? "and to_address = $2" : ""} order by created_at`,
      to ? [mailKind, to] : [mailKind],
    );
  const lineIds = async (orderId: string) =>
    (await test.db.query<{ id: string }>("select id from public.order_items where order_id = $1 order by product_name", [orderId])).map((r) => r.id);

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(async () => {
    vi.stubEnv("SESSION_SECRET", "withdrawal-abuse-test-secret");
    vi.stubEnv("SHOP_TIME_ZONE", "Europe/Berlin");
    await test.db.exec("delete from public.withdrawals; delete from public.email_outbox; delete from public.rate_limits;");
  });

  const victim = (email = `opfer-${randomUUID()}@example.com`) =>
    createOrder(test, {
      customerEmail: email,
      locale: "de",
      lines: [
        { name: "Kugelschreiber", quantity: 3 },
        { name: "Locher", quantity: 1 },
      ],
    });
  const emailOf = async (orderId: string) => (await test.db.query<{ customer_email: string }>("select customer_email from public.orders where id = $1", [orderId]))[0]!.customer_email;

  /** One confirmation as the attacker sends it: a fresh form each time (a new idempotency key), straight to "confirm". */
  async function confirm(orderId: string, ip: string, fields: Record<string, string> = { scope: "whole" }, reason = "Bitte sofort https://evil.example/refund besuchen") {
    const guest = { orderNumber: await orderNumberOf(test, orderId), email: await emailOf(orderId), idempotencyKey: randomUUID() };
    return run(withdrawalAction, post({ intent: "confirm", ...guest, reason, ...fields }, ip));
  }

  it("stores one withdrawal and sends one receipt for 40 identical confirmations from one address; the repeats show the first", async () => {
    const orderId = await victim();
    const first = await confirm(orderId, "203.0.113.7");
    expect(first.status).toBe(303);
    const location = first.headers.get("Location") as string;
    expect(location).toMatch(/^\/withdrawal\?done=[0-9a-f-]{36}$/);
    for (let i = 1; i < FLOOD; i++) {
      const again = await confirm(orderId, "203.0.113.7");
      expect(again.status).toBe(303);
      expect(again.headers.get("Location")).toBe(`${location}&again=1`);
    }
    expect(await withdrawals(orderId)).toBe(1);
    expect(await mails("withdrawal_receipt")).toHaveLength(1);
    expect(await mails("withdrawal_notice")).toHaveLength(1);

    // The repeat's page: the withdrawal as first received, and when.
    const last = await confirm(orderId, "203.0.113.7");
    const cookie = (last.headers.get("Set-Cookie") as string).split(";")[0]!;
    const page = await run(withdrawalLoader, get(last.headers.get("Location"), cookie));
    expect(page.stage).toBe("done");
    expect(page.repeated).toBe(true);
    expect(page.receipt.receivedAt).toMatch(/\d{2}:\d{2}:\d{2}/);
    // The first declarer's words are theirs: the repeat's browser is told a reason was given, not what it was.
    expect(page.receipt.reason).toBe("");
    expect(page.receipt.reasonHidden).toBe(true);
    const firstCookie = (first.headers.get("Set-Cookie") as string).split(";")[0]!;
    const firstPage = await run(withdrawalLoader, get(location, firstCookie));
    expect(firstPage.repeated).toBe(false);
    expect(firstPage.receipt.reason).toContain("evil.example");
    // A browser that declared nothing sees no receipt.
    expect((await run(withdrawalLoader, get(location, ""))).status).toBe(404);
  });

  it("stores one withdrawal for 40 confirmations from 40 client addresses, receipts within the per-order limit", async () => {
    const orderId = await victim();
    for (let i = 0; i < FLOOD; i++) expect((await confirm(orderId, `198.51.100.${i + 1}`)).status).toBe(303);
    expect(await withdrawals(orderId)).toBe(1);
    const receipts = await mails("withdrawal_receipt", await emailOf(orderId));
    expect(receipts.length).toBeGreaterThanOrEqual(1);
    expect(receipts.length).toBeLessThanOrEqual(WITHDRAWAL_EMAIL_LIMITS.receiptsPerOrder);
    expect(receipts).toHaveLength(1);
  });

  it("stores distinct sets of lines separately, but mails the order's owner at most the per-order limit an hour, whatever the address", async () => {
    const orderId = await victim();
    const [pen, locher] = await lineIds(orderId);
    // Every set of lines of this order: pens 0–3 × punch 0–1, at least one article (7 sets).
    const sets: Array<Record<string, string>> = [];
    for (let pens = 0; pens <= 3; pens++) for (let punch = 0; punch <= 1; punch++) if (pens + punch > 0) sets.push({ scope: "lines", [`qty_${pen}`]: String(pens), [`qty_${locher}`]: String(punch) });
    expect(sets).toHaveLength(7);
    const answers = [];
    for (const [i, set] of sets.entries()) answers.push(await confirm(orderId, `192.0.2.${i + 1}`, set));
    expect(answers.every((a) => a.status === 303 && !a.headers.get("Location").includes("again"))).toBe(true);
    // Each set again, from yet other addresses: nothing new.
    for (const [i, set] of sets.entries()) expect((await confirm(orderId, `192.0.2.${i + 100}`, set)).headers.get("Location")).toContain("again=1");

    expect(await withdrawals(orderId)).toBe(7);
    expect(await mails("withdrawal_receipt")).toHaveLength(WITHDRAWAL_EMAIL_LIMITS.receiptsPerOrder);
    expect(await mails("withdrawal_notice")).toHaveLength(7);
    const held = await test.db.query<{ receipt_held_back: boolean }>("select receipt_held_back from public.withdrawals where order_id = $1 order by created_at, id", [orderId]);
    expect(held.filter((row) => row.receipt_held_back)).toHaveLength(7 - WITHDRAWAL_EMAIL_LIMITS.receiptsPerOrder);
    // The shop's notice says when the shopper got no receipt by e-mail.
    expect((await mails("withdrawal_notice")).filter((m) => m.text_body.includes("Keine Eingangsbestätigung per E-Mail"))).toHaveLength(7 - WITHDRAWAL_EMAIL_LIMITS.receiptsPerOrder);

    // The person whose receipt was held back is told so on the page, which is the receipt.
    const lastAnswer = answers[answers.length - 1]!;
    const cookie = (lastAnswer.headers.get("Set-Cookie") as string).split(";")[0]!;
    const page = await run(withdrawalLoader, get(lastAnswer.headers.get("Location"), cookie));
    expect(page.repeated).toBe(false);
    expect(page.receipt.receiptHeldBack).toBe(true);

    // Another order has its own limit.
    const other = await victim();
    expect((await confirm(other, "192.0.2.1")).status).toBe(303);
    expect(await mails("withdrawal_receipt", await emailOf(other))).toHaveLength(1);
  });

  it("stores one of two identical withdrawals sent at the same moment", async () => {
    const orderId = await victim();
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => confirm(orderId, `203.0.113.${i + 1}`)));
    expect(burst.every((answer) => answer.status === 303)).toBe(true);
    const ids = new Set(burst.map((answer) => new URL(answer.headers.get("Location"), ORIGIN).searchParams.get("done")));
    expect(ids.size).toBe(1);
    expect(burst.filter((answer) => !answer.headers.get("Location").includes("again"))).toHaveLength(1);
    expect(await withdrawals(orderId)).toBe(1);
    expect(await mails("withdrawal_receipt")).toHaveLength(1);

    const pair = await victim();
    const two = await Promise.all([confirm(pair, "203.0.113.50"), confirm(pair, "203.0.113.51")]);
    expect(two.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await withdrawals(pair)).toBe(1);
  });

  it("never puts the sender's text, or a link in it, into the receipt; the shop's notice has it defused", async () => {
    const orderId = await victim();
    const reason = "Gewinn! Jetzt https://evil.example/claim oder www.evil.example öffnen, Fragen an support@evil.example <b>sofort</b>";
    expect((await confirm(orderId, "203.0.113.9", { scope: "whole" }, reason)).status).toBe(303);
    const [receipt] = await mails("withdrawal_receipt");
    for (const body of [receipt!.text_body, receipt!.html_body]) {
      expect(body).not.toContain("evil");
      expect(body).not.toContain("Gewinn");
      expect(body).not.toContain("<b>sofort");
    }
    expect(receipt!.text_body).toContain("Grund: angegeben");
    expect(receipt!.html_body).not.toMatch(/<a\s/);

    const [notice] = await mails("withdrawal_notice");
    expect(notice!.text_body).toContain("https[:]//evil[.]example/claim");
    expect(notice!.text_body).toContain("www[.]evil[.]example");
    expect(notice!.text_body).toContain("support[at]evil[.]example");
    for (const body of [notice!.text_body, notice!.html_body]) {
      expect(body).not.toMatch(/https?:\/\/evil|www\.evil|evil\.example|@evil/);
    }
    expect(notice!.html_body).toContain("&lt;b&gt;sofort&lt;/b&gt;");
    expect(notice!.html_body).not.toMatch(/<a\s/);
  });
});
