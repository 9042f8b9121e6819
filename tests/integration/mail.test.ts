import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { checkoutInput, orderNumberOf } from "../factories";

process.env.SESSION_SECRET ??= "integration-test-secret";
process.env.SITE_URL = "http://shop.test";

const outbox = await import("~/models/email-outbox.server");
const emails = await import("~/models/transactional-email.server");
const outboxAdmin = await import("~/models/admin-outbox.server");
const worker = await import("~/services/mail-worker.server");
const newsletter = await import("~/models/newsletter.server");
const { placeOrder } = await import("~/models/order.server");
const { addToCart } = await import("~/models/cart.server");
const newsletterRoute = await import("~/routes/newsletter");
const registerRoute = await import("~/routes/register");
const confirmRoute = await import("~/routes/newsletter_.confirm");
const unsubscribeRoute = await import("~/routes/newsletter_.unsubscribe");

/** A local SMTP server on a random loopback port that keeps what it receives. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
type Mode = { kind: "accept" } | { kind: "reject"; code: number; message: string };

async function startSmtp() {
  const received: Received[] = [];
  let mode: Mode = { kind: "accept" };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address: SMTPServerAddress, _session, callback) {
      if (mode.kind === "reject") {
        const error = Object.assign(new Error(mode.message), { responseCode: mode.code });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    setMode(next: Mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers of a raw message, unfolded. */
function headersOf(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  return head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const tx = (db: TestDatabase["db"]) => db;

describe.each(testDbKinds)("e-mail outbox and newsletter on %s", (kind) => {
  let testDb: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let transport: Awaited<ReturnType<typeof worker.createSmtpTransport>>;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    testDb.install();
    smtp = await startSmtp();
    transport = await worker.createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
    await testDb.close();
  });
  beforeEach(async () => {
    smtp.setMode({ kind: "accept" });
    smtp.received.length = 0;
    await testDb.db.exec(
      "delete from public.email_outbox; delete from public.newsletter_subscribers; delete from public.rate_limits;",
    );
  });

  const registration = (email = "anna@example.com", firstName = "Anna") =>
    testDb.db.transaction((t) => emails.queueRegistrationEmail(t, { email, firstName, locale: "en" }));

  async function rows() {
    return testDb.db.query<{ id: string; status: string; attempts: number; last_error: string | null; wait: number; to_address: string; subject: string }>(
      `select id, status, attempts, last_error, to_address, subject,
              round(extract(epoch from (next_attempt_at - now())))::int as wait
         from public.email_outbox order by created_at`,
    );
  }

  it("queues an e-mail only when the causing transaction commits", async () => {
    await expect(
      testDb.db.transaction(async (t) => {
        await emails.queueRegistrationEmail(t, { email: "rolled@example.com", firstName: "Rolf", locale: "de" });
        throw new Error("registration failed later");
      }),
    ).rejects.toThrow("registration failed later");
    expect(await rows()).toHaveLength(0);
    await registration();
    const [row] = await rows();
    expect(row).toMatchObject({ status: "queued", attempts: 0, to_address: "anna@example.com", subject: "Welcome to OfficeHaus, Anna" });
  });

  it("sends queued e-mails over SMTP as text and HTML, from MAIL_FROM's default", async () => {
    await registration();
    const result = await worker.runMailWorkerOnce(testDb.db, { transport });
    expect(result).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe("shop@officehaus.example");
    expect(mail.to).toEqual(["anna@example.com"]);
    const headers = headersOf(mail.raw);
    expect(headers).toContain("Subject: Welcome to OfficeHaus, Anna");
    expect(headers.some((h) => h.startsWith("From: OfficeHaus <shop@officehaus.example>"))).toBe(true);
    expect(mail.raw).toContain("text/plain");
    expect(mail.raw).toContain("text/html");
    const [row] = await testDb.db.query<{ status: string; sent_at: Date | null }>("select status, sent_at from public.email_outbox");
    expect(row!.status).toBe("sent");
    expect(row!.sent_at).not.toBeNull();
    // Sent is sent: a second round sends nothing again.
    expect(await worker.runMailWorkerOnce(testDb.db, { transport })).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("never lets a name with line breaks add headers or recipients", async () => {
    await registration("eve@example.com", "Eve\r\nBcc: victim@evil.example\r\nX-Injected: yes");
    const [row] = await rows();
    expect(row!.subject).not.toMatch(/[\r\n]/);
    await worker.runMailWorkerOnce(testDb.db, { transport });
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["eve@example.com"]);
    const headers = headersOf(mail.raw);
    expect(headers.some((h) => /^(Bcc|X-Injected):/i.test(h))).toBe(false);
    expect(headers.filter((h) => h.startsWith("Subject:"))).toHaveLength(1);
  });

  it("refuses a recipient with a line break and writes nothing", async () => {
    for (const to of ["shop@example.com\r\nBcc: victim@evil.example", "a@example.com, b@example.com", "Name <a@example.com>", "not-an-address"]) {
      await expect(
        testDb.db.transaction((t) => outbox.enqueueEmail(t, { to, subject: "Hi", text: "Hello", kind: "newsletter", locale: "de" })),
      ).rejects.toBeInstanceOf(outbox.InvalidEmailError);
    }
    // The database refuses it too, whoever writes.
    await expect(
      testDb.db.query(
        "insert into public.email_outbox (to_address, subject, text_body, kind) values ($1, 'Hi', 'x', 'newsletter')",
        ["a@example.com\nBcc: b@example.com"],
      ),
    ).rejects.toThrow();
    expect(await rows()).toHaveLength(0);
  });

  it("retries with backoff while the server rejects, then gives up after the last attempt", async () => {
    smtp.setMode({ kind: "reject", code: 451, message: "Try again later" });
    await registration();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= outbox.MAX_ATTEMPTS; attempt += 1) {
      const result = await worker.runMailWorkerOnce(testDb.db, { transport });
      const [row] = await rows();
      expect(row!.attempts).toBe(attempt);
      expect(row!.last_error).toContain("451");
      if (attempt < outbox.MAX_ATTEMPTS) {
        expect(result).toMatchObject({ retried: 1, sent: 0 });
        expect(row!.status).toBe("queued");
        waits.push(row!.wait);
        // Not due yet: a round now does nothing.
        expect(await worker.runMailWorkerOnce(testDb.db, { transport })).toMatchObject({ sent: 0, retried: 0 });
        // Time passes.
        await testDb.db.query("update public.email_outbox set next_attempt_at = now() - interval '1 second'");
      } else {
        expect(result).toMatchObject({ failed: 1 });
        expect(row!.status).toBe("failed");
      }
    }
    expect(waits.map((w) => Math.round(w / 60))).toEqual([1, 5, 30, 120, 360]);
    expect(smtp.received).toHaveLength(0);
    // A failed e-mail is not lost: an admin can queue it again, and it goes out once the server works.
    smtp.setMode({ kind: "accept" });
    const [failed] = await rows();
    expect(await outboxAdmin.retryOutboxEmail(failed!.id)).toBe(true);
    expect(await worker.runMailWorkerOnce(testDb.db, { transport })).toMatchObject({ sent: 1 });
  });

  it("keeps an e-mail queued while the server is down and sends it once it is back", async () => {
    const down = await startSmtp();
    const downPort = down.port;
    await down.close();
    const deadTransport = await worker.createSmtpTransport(`smtp://127.0.0.1:${downPort}`);
    await registration();
    const result = await worker.runMailWorkerOnce(testDb.db, { transport: deadTransport });
    expect(result).toMatchObject({ retried: 1, sent: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    await testDb.db.query("update public.email_outbox set next_attempt_at = now()");
    expect(await worker.runMailWorkerOnce(testDb.db, { transport })).toMatchObject({ sent: 1 });
  });

  it("gives up at once on a mailbox that does not exist", async () => {
    smtp.setMode({ kind: "reject", code: 550, message: "No such user: recipient unknown" });
    await registration();
    expect(await worker.runMailWorkerOnce(testDb.db, { transport })).toMatchObject({ failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("loses no e-mail when the process stops between queuing and sending", async () => {
    // Queued, then the server stopped before any worker ran: still queued, sent by the next one.
    await registration("queued@example.com");
    // Claimed by a worker that died while sending: left in 'sending' …
    await registration("stuck@example.com");
    await testDb.db.query(
      "update public.email_outbox set status = 'sending', attempts = 1, next_attempt_at = now() - interval '1 second' where to_address = 'stuck@example.com'",
    );
    // … and one claimed by a worker that is still sending (its lease is not over): left alone.
    await registration("busy@example.com");
    await testDb.db.query(
      "update public.email_outbox set status = 'sending', attempts = 1, next_attempt_at = now() + interval '5 minutes' where to_address = 'busy@example.com'",
    );
    const result = await worker.runMailWorkerOnce(testDb.db, { transport });
    expect(result).toMatchObject({ recovered: 1, sent: 2 });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["queued@example.com", "stuck@example.com"]);
    const all = await rows();
    expect(all.find((r) => r.to_address === "stuck@example.com")).toMatchObject({ status: "sent", attempts: 2 });
    expect(all.find((r) => r.to_address === "busy@example.com")).toMatchObject({ status: "sending" });
  });

  it("a stuck e-mail that had its last attempt is marked failed, not sent forever", async () => {
    await registration();
    await testDb.db.query(
      "update public.email_outbox set status = 'sending', attempts = $1, next_attempt_at = now() - interval '1 second'",
      [outbox.MAX_ATTEMPTS],
    );
    expect(await worker.runMailWorkerOnce(testDb.db, { transport })).toMatchObject({ recovered: 1, sent: 0 });
    const [row] = await rows();
    expect(row!.status).toBe("failed");
  });

  it("hands each due e-mail to exactly one of several workers", async () => {
    for (let i = 0; i < 8; i += 1) await registration(`user${i}@example.com`);
    const claims = await Promise.all([
      outbox.claimDueEmails(tx(testDb.db), 5),
      outbox.claimDueEmails(tx(testDb.db), 5),
      outbox.claimDueEmails(tx(testDb.db), 5),
    ]);
    const ids = claims.flat().map((e) => e.id);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });

  it("queues the order confirmation in the order's transaction, with its lines and total", async () => {
    const [product] = await testDb.db.query<{ id: string; name_de: string; price_eur: string }>(
      "select id, name_de, price_eur::text from public.products where in_stock and stock >= 2 order by name limit 1",
    );
    const sessionId = randomUUID();
    await addToCart({ sessionId }, product!.id, 2);
    const { orderId } = await placeOrder({ owner: { sessionId }, userId: null, sessionId, input: checkoutInput(), currency: "EUR", locale: "de" });
    const [email] = await testDb.db.query<{ to_address: string; subject: string; text_body: string; html_body: string; kind: string; locale: string }>(
      "select to_address, subject, text_body, html_body, kind, locale from public.email_outbox",
    );
    const number = await orderNumberOf(testDb, orderId);
    const { formatPrice, toCents } = await import("~/utils/money");
    const total = formatPrice(toCents(product!.price_eur) * 2, "EUR");
    expect(email).toMatchObject({ to_address: "erika@example.com", kind: "order_confirmation", locale: "de" });
    expect(email!.subject).toBe(`Ihre Bestellung ${number} bei OfficeHaus`);
    expect(email!.text_body).toContain(product!.name_de);
    expect(email!.text_body).toContain(`Gesamtbetrag (inkl. MwSt.): ${total}`);
    expect(email!.text_body).toContain("Banküberweisung");
    expect(email!.text_body).toContain(`http://shop.test/order-confirmation/${orderId}`);
    expect(email!.html_body).toContain(total);

    // An order that fails (not enough stock) queues no e-mail.
    await addToCart({ sessionId }, product!.id, 1);
    await testDb.db.query("update public.products set stock = 0, in_stock = false where id = $1", [product!.id]);
    await expect(
      placeOrder({ owner: { sessionId }, userId: null, sessionId, input: checkoutInput(), currency: "EUR", locale: "de" }),
    ).rejects.toThrow();
    expect(await rows()).toHaveLength(1);
  });

  it("queues the welcome e-mail of a local registration in the shopper's language, and for a taken address the owner's notice instead", async () => {
    const form = (email: string) =>
      new Request("http://localhost/register?lng=fr", {
        method: "POST",
        headers: { Origin: "http://localhost", "X-Forwarded-For": "10.3.0.1", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ firstName: "Chloé", lastName: "Martin", email, country: "CH", password: "geheim12345", confirmPassword: "geheim12345" }),
      });
    const response = (await registerRoute.action({ request: form("chloe@example.com"), params: {}, context: {} })) as Response;
    expect(response.status).toBe(302);
    const [email] = await testDb.db.query<{ to_address: string; subject: string; text_body: string; kind: string; locale: string }>(
      "select to_address, subject, text_body, kind, locale from public.email_outbox",
    );
    expect(email).toMatchObject({ to_address: "chloe@example.com", kind: "registration", locale: "fr", subject: "Bienvenue chez OfficeHaus, Chloé" });
    // The confirmation link, at SITE_URL, in the shopper's language.
    expect(email!.text_body).toMatch(/http:\/\/shop\.test\/register\/confirm\?token=[A-Za-z0-9_-]{43}&lng=fr/);
    // The same address again: the same answer, no second account, no second welcome e-mail; the
    // owner is told instead ("you already have an account"), in the language of the attempt.
    const again = (await registerRoute.action({ request: form("CHLOE@example.com"), params: {}, context: {} })) as Response;
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(response.headers.get("Location"));
    expect(await testDb.db.query("select id from auth.users where lower(email) = 'chloe@example.com'")).toHaveLength(1);
    const mails = await testDb.db.query<{ to_address: string; kind: string; subject: string }>(
      "select to_address, kind, subject from public.email_outbox order by created_at",
    );
    expect(mails.map((mail) => mail.kind)).toEqual(["registration", "account_exists"]);
    expect(mails[1]).toMatchObject({ to_address: "chloe@example.com", subject: "Quelqu’un a tenté de s’inscrire avec votre adresse e-mail" });
  });

  describe("newsletter", () => {
    let counter = 0;
    function post(path: string, fields: Record<string, string>, address = `10.1.0.${++counter}`, origin = "http://localhost") {
      return new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { Origin: origin, "X-Forwarded-For": address, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    }
    const args = (request: Request) => ({ request, params: {}, context: {} });
    async function subscribeVia(email: string, extra: Record<string, string> = {}, address?: string) {
      return newsletterRoute.action(args(post("/newsletter", { email, redirectTo: "/products?page=2", ...extra }, address)));
    }
    function tokenFrom(text: string, path: string): string {
      const match = new RegExp(`${path.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_-]+)`).exec(text);
      if (!match) throw new Error(`no ${path} link in ${text}`);
      return match[1]!;
    }
    async function subscribers() {
      return testDb.db.query<{ email: string; status: string; confirm_token: string | null }>(
        "select email, status, confirm_token from public.newsletter_subscribers",
      );
    }
    async function outboxTexts() {
      return (await testDb.db.query<{ text_body: string; kind: string }>("select text_body, kind from public.email_outbox order by created_at")).map(
        (r) => r.text_body,
      );
    }

    it("signs up with double opt-in: pending, e-mailed link, confirmed only by the POST", async () => {
      const response = (await subscribeVia("Nina@Example.com")) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/products?page=2");
      expect(await subscribers()).toMatchObject([{ email: "Nina@Example.com", status: "pending" }]);
      const [text] = await outboxTexts();
      const token = tokenFrom(text!, "/newsletter/confirm");
      // Only the hash is stored.
      const [stored] = await subscribers();
      expect(stored!.confirm_token).not.toBe(token);
      expect(stored!.confirm_token).toBe(newsletter.hashToken(token));

      // Opening the link shows the button and changes nothing.
      const page = await confirmRoute.loader(args(new Request(`http://localhost/newsletter/confirm?token=${token}`)));
      expect(page.data).toMatchObject({ state: "form", email: "Nina@Example.com" });
      expect((await subscribers())[0]!.status).toBe("pending");

      const confirmed = (await confirmRoute.action(args(post("/newsletter/confirm", { token })))) as Response;
      expect(confirmed.status).toBe(302);
      expect((await subscribers())[0]!.status).toBe("confirmed");
      // The link works once.
      const again = await confirmRoute.action(args(post("/newsletter/confirm", { token })));
      expect((again as { init: { status: number } }).init.status).toBe(404);
    });

    it("answers the same for new, pending, confirmed and unknown addresses, and e-mails only when needed", async () => {
      const first = (await subscribeVia("same@example.com")) as Response;
      const pending = (await subscribeVia("same@example.com")) as Response;
      await testDb.db.query("update public.newsletter_subscribers set status = 'confirmed'");
      const confirmed = (await subscribeVia("SAME@example.com")) as Response;
      for (const response of [pending, confirmed]) {
        expect(response.status).toBe(first.status);
        expect(response.headers.get("Location")).toBe(first.headers.get("Location"));
      }
      // New and pending got a link each; the confirmed address got nothing and stays confirmed.
      expect(await outboxTexts()).toHaveLength(2);
      expect(await subscribers()).toMatchObject([{ status: "confirmed" }]);
    });

    it("refuses invalid and oversized addresses with 400 and stores nothing", async () => {
      for (const email of ["", "not-an-email", "a@b", `${"x".repeat(100_000)}@example.com`, "a@example.com\r\nBcc: b@example.com"]) {
        const result = (await subscribeVia(email)) as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
        expect(result.init.status).toBe(400);
        // A line break (header injection) is a control character: refused as such.
        expect(result.data.result.error.email?.[0]).toMatch(email.includes("\r") ? /^common\.error\.controlCharacters$/ : /^forms\.errors\.email/);
      }
      expect(await subscribers()).toHaveLength(0);
      expect(await outboxTexts()).toHaveLength(0);
    });

    it("answers a filled honeypot like a person and stores nothing", async () => {
      const response = (await subscribeVia("bot@example.com", { website: "http://spam.example" })) as Response;
      expect(response.status).toBe(302);
      expect(await subscribers()).toHaveLength(0);
      expect(await outboxTexts()).toHaveLength(0);
    });

    it("limits sign-ups per address (429 with Retry-After) and per client", async () => {
      const { perAddress, perClient } = newsletterRoute.NEWSLETTER_RATE_LIMIT;
      for (let i = 0; i < perAddress.limit; i += 1) expect(((await subscribeVia("limit@example.com")) as Response).status).toBe(302);
      const blocked = (await subscribeVia("limit@example.com")) as { init: { status: number; headers: Record<string, string> }; data: { result: { error: Record<string, string[]> } } };
      expect(blocked.init.status).toBe(429);
      expect(Number(blocked.init.headers["Retry-After"])).toBeGreaterThan(0);
      expect(blocked.data.result.error[""]).toEqual(["newsletter.errors.rateLimited"]);
      expect(await outboxTexts()).toHaveLength(perAddress.limit);

      for (let i = 0; i < perClient.limit; i += 1) await subscribeVia(`client${i}@example.com`, {}, "10.9.9.9");
      const tooMany = (await subscribeVia("one-more@example.com", {}, "10.9.9.9")) as { init: { status: number } };
      expect(tooMany.init.status).toBe(429);
      expect((await subscribers()).some((s) => s.email === "one-more@example.com")).toBe(false);
    });

    it("carries an unsubscribe link in every newsletter e-mail, which works by the page and by one click", async () => {
      await newsletter.subscribe({ email: "reader@example.com", locale: "fr", siteUrl: "http://shop.test" });
      await newsletter.subscribe({ email: "pending@example.com", locale: "de", siteUrl: "http://shop.test" });
      const [confirmText] = await outboxTexts();
      expect(await newsletter.confirmSubscription(tokenFrom(confirmText!, "/newsletter/confirm"))).toBe(true);
      await testDb.db.exec("delete from public.email_outbox");

      const count = await newsletter.queueNewsletterIssue({
        siteUrl: "http://shop.test",
        content: { de: { subject: "Neu im Shop", body: "Hallo" }, fr: { subject: "Nouveautés", body: "Bonjour" } },
      });
      expect(count).toBe(1);
      const [issue] = await testDb.db.query<{ to_address: string; subject: string; text_body: string; html_body: string; unsubscribe_url: string }>(
        "select to_address, subject, text_body, html_body, unsubscribe_url from public.email_outbox where kind = 'newsletter'",
      );
      expect(issue).toMatchObject({ to_address: "reader@example.com", subject: "Nouveautés" });
      const token = tokenFrom(issue!.text_body, "/newsletter/unsubscribe");
      expect(issue!.unsubscribe_url).toContain(`/newsletter/unsubscribe?token=${token}`);
      expect(issue!.html_body).toContain("/newsletter/unsubscribe?token=");

      await worker.runMailWorkerOnce(testDb.db, { transport });
      const headers = headersOf(smtp.received[0]!.raw);
      expect(headers.some((h) => h.startsWith("List-Unsubscribe: <http://shop.test/newsletter/unsubscribe?token="))).toBe(true);
      expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

      // The page asks first; the one-click POST (no Origin, token in the address) unsubscribes.
      const page = await unsubscribeRoute.loader(args(new Request(`http://localhost/newsletter/unsubscribe?token=${token}`)));
      expect(page.data).toMatchObject({ state: "form", email: "reader@example.com" });
      const oneClick = new Request(`http://localhost/newsletter/unsubscribe?token=${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(((await unsubscribeRoute.action(args(oneClick))) as Response).status).toBe(302);
      expect((await subscribers()).find((s) => s.email === "reader@example.com")!.status).toBe("unsubscribed");
      expect(await newsletter.queueNewsletterIssue({ siteUrl: "http://shop.test", content: { de: { subject: "Noch was", body: "x" } } })).toBe(0);
    });

    it("shows an invalid link as such (404) and changes nothing", async () => {
      const bogus = "A".repeat(43);
      const page = await confirmRoute.loader(args(new Request(`http://localhost/newsletter/confirm?token=${bogus}`)));
      expect(page.init?.status).toBe(404);
      const result = await unsubscribeRoute.action(args(post("/newsletter/unsubscribe", { token: "../../etc" })));
      expect((result as { init: { status: number } }).init.status).toBe(404);
    });

    it("sends the confirmation e-mail in the shopper's language with a decoded link that works", async () => {
      await newsletterRoute.action(
        args(
          new Request("http://localhost/newsletter?lng=ar", {
            method: "POST",
            headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.2.0.1" },
            body: new URLSearchParams({ email: "layla@example.com" }),
          }),
        ),
      );
      await worker.runMailWorkerOnce(testDb.db, { transport });
      const raw = smtp.received[0]!.raw;
      expect(raw).toMatch(/Content-Language: ar/);
      const text = decodeQuotedPrintable(raw);
      expect(text).toContain("يرجى التأكيد بنقرة واحدة");
      const token = tokenFrom(text, "/newsletter/confirm");
      expect(await newsletter.confirmSubscription(token)).toBe(true);
    });
  });
});
