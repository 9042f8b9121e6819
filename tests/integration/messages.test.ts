import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, orderNumberOf, type OrderOverrides } from "../factories";

process.env.SESSION_SECRET ??= "integration-test-secret";

const {
  createContactMessage,
  createSupportRequest,
  findOrderIdByNumber,
  getMessage,
  listMessages,
  markMessageDone,
  markMessageRead,
} = await import("~/models/message.server");
const contactRoute = await import("~/routes/contact");
const supportRoute = await import("~/routes/support");

interface DataResult {
  type: string;
  data: { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> };
  init: { status?: number; headers?: HeadersInit } | null;
}

let counter = 0;
/** A form post from its own address, so rate limits of different tests do not meet. */
function post(path: string, fields: Record<string, string>, address = `10.0.0.${++counter}`) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Origin: "http://localhost", "X-Forwarded-For": address, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}
const args = (request: Request) => ({ request, params: {}, context: {} });

const contactForm = {
  firstName: "Erika",
  lastName: "Mustermann",
  email: "erika@example.com",
  subject: "Angebot für 12 Bürostühle",
  message: "Guten Tag, bitte senden Sie mir ein Angebot.",
};
const supportForm = {
  name: "Max Muster",
  email: "max@example.com",
  subject: "Lieferung beschädigt",
  description: "Der Schreibtisch kam mit einer Delle an.",
};

describe.each(testDbKinds)("messages on %s", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { seed: false });
    testDb.install();
  });
  afterAll(async () => {
    await testDb.close();
  });
  beforeEach(async () => {
    await testDb.db.exec("delete from public.contact_messages; delete from public.support_requests; delete from public.rate_limits;");
  });
  const count = async (table: string) =>
    (await testDb.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]!.n;

  /** Max's order (99.90, no addresses, no lines): the subject of support requests. */
  const maxOrder: OrderOverrides = { customerName: "Max Muster", customerEmail: "max@example.com", total: "99.90", shippingAddress: {}, billingAddress: {}, lines: [] };

  describe("model", () => {
    it("stores a contact message and lists unread first, newest first", async () => {
      const first = await createContactMessage({ ...contactForm, locale: "de", userId: null });
      const second = await createSupportRequest({ ...supportForm, orderNumber: null, orderId: null, locale: "ar", userId: null });
      const third = await createContactMessage({ ...contactForm, subject: "Dritte", locale: "en", userId: null });
      // Distinct timestamps, whatever the clock's resolution.
      await testDb.db.query("update public.contact_messages set created_at = now() - interval '2 hours' where id = $1", [first.id]);
      await testDb.db.query("update public.support_requests set created_at = now() - interval '1 hour' where id = $1", [second.id]);
      await markMessageRead("contact", third.id);

      const inbox = await listMessages();
      expect(inbox.map((m) => m.id)).toEqual([second.id, first.id, third.id]);
      expect(inbox[0]).toMatchObject({ kind: "support", name: "Max Muster", body: supportForm.description, locale: "ar", readAt: null });
      expect(inbox[1]).toMatchObject({ kind: "contact", name: "Erika Mustermann", email: "erika@example.com", subject: contactForm.subject });
      expect(inbox[2]!.readAt).not.toBeNull();
      expect((await listMessages({ kind: "contact" })).map((m) => m.id)).toEqual([first.id, third.id]);
    });

    it("opens a message by kind and id, and marks it done (and read)", async () => {
      const { id } = await createSupportRequest({ ...supportForm, orderNumber: null, orderId: null, locale: "de", userId: null });
      expect(await getMessage("support", id)).toMatchObject({ id, kind: "support", doneAt: null, readAt: null });
      expect(await getMessage("contact", id)).toBeNull();
      expect(await getMessage("support", "not-a-uuid")).toBeNull();

      expect(await markMessageDone("support", id)).toBe(true);
      const done = await getMessage("support", id);
      expect(done?.doneAt).not.toBeNull();
      expect(done?.readAt).not.toBeNull();
      expect(await listMessages()).toHaveLength(0);
      expect(await listMessages({ includeDone: true })).toHaveLength(1);

      expect(await markMessageDone("support", id, false)).toBe(true);
      expect((await getMessage("support", id))?.doneAt).toBeNull();
      expect(await markMessageDone("contact", id)).toBe(false);
      expect(await markMessageDone("contact", "nope")).toBe(false);
    });

    it("finds an order by its stored number (any case) and not by anything else", async () => {
      const orderId = await createOrder(testDb, maxOrder);
      const number = await orderNumberOf(testDb, orderId);
      expect(await findOrderIdByNumber(number)).toBe(orderId);
      expect(await findOrderIdByNumber(number.toLowerCase())).toBe(orderId);
      const other = number === "00000000" ? "11111111" : "00000000";
      expect(await findOrderIdByNumber(other)).toBeNull();
    });

    it("refuses line breaks in a subject and texts over 5000 characters in the database too", async () => {
      await expect(createContactMessage({ ...contactForm, subject: "Hallo\r\nBcc: x@example.com", locale: "de", userId: null })).rejects.toThrow();
      await expect(createContactMessage({ ...contactForm, message: "x".repeat(5001), locale: "de", userId: null })).rejects.toThrow();
      expect(await count("contact_messages")).toBe(0);
    });

    it("has row level security on both tables", async () => {
      const rows = await testDb.db.query<{ relname: string; relrowsecurity: boolean }>(
        "select relname, relrowsecurity from pg_class where relname in ('contact_messages', 'support_requests') order by relname",
      );
      expect(rows).toEqual([
        { relname: "contact_messages", relrowsecurity: true },
        { relname: "support_requests", relrowsecurity: true },
      ]);
    });
  });

  describe("contact action", () => {
    it("stores a valid message and redirects to the thank-you state with a toast", async () => {
      const response = (await contactRoute.action(args(post("/contact", { ...contactForm, website: "" })))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/contact?sent=1");
      expect(response.headers.get("Set-Cookie")).toContain("__session=");
      const [stored] = await listMessages({ kind: "contact" });
      expect(stored).toMatchObject({ name: "Erika Mustermann", subject: contactForm.subject, body: contactForm.message, locale: "de" });
    });

    it("answers 400 with a message at every field and keeps the values", async () => {
      const result = (await contactRoute.action(
        args(post("/contact", { firstName: "", lastName: "x".repeat(101), email: "kein-at", subject: "Hi", message: "kurz" })),
      )) as unknown as DataResult;
      expect(result.init?.status).toBe(400);
      expect(result.data.error).toMatchObject({
        firstName: ["forms.errors.firstNameRequired"],
        lastName: ["forms.errors.nameTooLong"],
        email: ["forms.errors.emailInvalid"],
        message: ["forms.errors.textTooShort"],
      });
      expect(result.data.initialValue).toMatchObject({ email: "kein-at", subject: "Hi", message: "kurz" });
      expect(await count("contact_messages")).toBe(0);
    });

    it("refuses CR/LF in the subject (header injection) and a 100 kB message", async () => {
      const result = (await contactRoute.action(
        args(post("/contact", { ...contactForm, subject: "Hallo\r\nBcc: victim@example.com", message: "x".repeat(100_000) })),
      )) as unknown as DataResult;
      expect(result.init?.status).toBe(400);
      expect(result.data.error?.subject).toEqual(["forms.errors.subjectLineBreak"]);
      expect(result.data.error?.message).toEqual(["forms.errors.textTooLong"]);
      expect(await count("contact_messages")).toBe(0);
    });

    it("answers a filled honeypot like a success and stores nothing", async () => {
      const response = (await contactRoute.action(args(post("/contact", { ...contactForm, website: "http://spam.example" })))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/contact?sent=1");
      expect(await count("contact_messages")).toBe(0);
    });

    it("allows 5 messages per address in 10 minutes, then answers 429 and stores nothing more", async () => {
      for (let i = 0; i < 5; i++) {
        const response = (await contactRoute.action(args(post("/contact", contactForm, "192.0.2.7")))) as Response;
        expect(response.status).toBe(302);
      }
      const result = (await contactRoute.action(args(post("/contact", contactForm, "192.0.2.7")))) as unknown as DataResult;
      expect(result.init?.status).toBe(429);
      expect(result.data.error?.[""]).toEqual(["forms.errors.rateLimited"]);
      expect(new Headers(result.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
      expect(await count("contact_messages")).toBe(5);
      // Another address is not affected.
      const other = (await contactRoute.action(args(post("/contact", contactForm, "192.0.2.8")))) as Response;
      expect(other.status).toBe(302);
    });
  });

  describe("support action", () => {
    it("stores a request with a known order number and links the order", async () => {
      const orderId = await createOrder(testDb, maxOrder);
      const number = await orderNumberOf(testDb, orderId);
      const response = (await supportRoute.action(args(post("/support", { ...supportForm, orderNumber: `#${number.toLowerCase()}` })))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/support?sent=1");
      const [stored] = await listMessages({ kind: "support" });
      expect(stored).toMatchObject({ orderNumber: number.toUpperCase(), orderId, name: "Max Muster" });
    });

    it("stores a request without an order number", async () => {
      const response = (await supportRoute.action(args(post("/support", { ...supportForm, orderNumber: "" })))) as Response;
      expect(response.status).toBe(302);
      expect((await listMessages({ kind: "support" }))[0]).toMatchObject({ orderNumber: null, orderId: null });
    });

    it("gives a field error for an order number that does not exist, keeping the values", async () => {
      const result = (await supportRoute.action(args(post("/support", { ...supportForm, orderNumber: "ABCDEF12" })))) as unknown as DataResult;
      expect(result.init?.status).toBe(400);
      expect(result.data.error?.orderNumber).toEqual(["forms.errors.orderNotFound"]);
      expect(result.data.initialValue).toMatchObject({ name: "Max Muster", orderNumber: "ABCDEF12" });
      expect(await count("support_requests")).toBe(0);
    });

    it("gives a format error for something that is no order number", async () => {
      const result = (await supportRoute.action(args(post("/support", { ...supportForm, orderNumber: "12-34" })))) as unknown as DataResult;
      expect(result.init?.status).toBe(400);
      expect(result.data.error?.orderNumber).toEqual(["forms.errors.orderNumberFormat"]);
    });

    it("answers a filled honeypot like a success and stores nothing", async () => {
      const response = (await supportRoute.action(args(post("/support", { ...supportForm, website: "x" })))) as Response;
      expect(response.headers.get("Location")).toBe("/support?sent=1");
      expect(await count("support_requests")).toBe(0);
    });

    it("answers 429 after 5 requests from one address and stores nothing more", async () => {
      for (let i = 0; i < 5; i++) {
        expect(((await supportRoute.action(args(post("/support", supportForm, "198.51.100.1")))) as Response).status).toBe(302);
      }
      const result = (await supportRoute.action(args(post("/support", supportForm, "198.51.100.1")))) as unknown as DataResult;
      expect(result.init?.status).toBe(429);
      expect(result.data.error?.[""]).toEqual(["forms.errors.rateLimited"]);
      expect(await count("support_requests")).toBe(5);
    });
  });
});
