import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createAccount, sessionCookie } from "../factories";

process.env.SESSION_SECRET ??= "integration-test-secret";

/*
 * The barrier report of /accessibility: stored as a contact message whose subject starts
 * "Barriere: ", so it reaches the admin's inbox like a contact message (linked to a signed-in
 * sender's account), with the contact form's honeypot, rate limit and 400 on bad input.
 */
const { listMessages } = await import("~/models/message.server");
const route = await import("~/routes/accessibility");

interface DataResult {
  data: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> };
  init: { status?: number; headers?: HeadersInit } | null;
}

let counter = 0;
function post(fields: Record<string, string>, options: { address?: string; cookie?: string; query?: string } = {}) {
  const headers: Record<string, string> = {
    Origin: "http://localhost",
    "X-Forwarded-For": options.address ?? `10.1.0.${++counter}`,
    "Content-Type": "application/x-www-form-urlencoded",
  };
  if (options.cookie) headers.Cookie = options.cookie;
  return new Request(`http://localhost/accessibility${options.query ?? ""}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}
const args = (request: Request) => ({ request, params: {}, context: {} });

const report = {
  firstName: "Erika",
  lastName: "Mustermann",
  email: "erika@example.com",
  page: "/checkout",
  description: "Die Fehlermeldung im Feld PLZ wird vom Screenreader nicht vorgelesen.",
};

describe.each(testDbKinds)("barrier reports on %s", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind, { seed: false });
    testDb.install();
  });
  afterAll(async () => {
    await testDb.close();
  });
  beforeEach(async () => {
    await testDb.db.exec("delete from public.contact_messages; delete from public.rate_limits;");
  });
  const stored = () => testDb.db.query<{ subject: string; message: string; user_id: string | null; locale: string }>(
    "select subject, message, user_id, locale from public.contact_messages",
  );

  it("stores a report as a contact message with a recognisable subject and redirects to the thank-you state", async () => {
    const response = (await route.action(args(post({ ...report, website: "" }, { query: "?lng=fr" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/accessibility?sent=1&lng=fr");
    expect(response.headers.get("Set-Cookie")).toContain("__session=");
    const [message] = await listMessages({ kind: "contact" });
    expect(message).toMatchObject({ name: "Erika Mustermann", subject: "Barriere: /checkout", body: report.description, locale: "fr" });
    expect((await stored())[0]!.user_id).toBeNull();
  });

  it("names no page when none was given, and links a signed-in sender's account", async () => {
    const account = await createAccount(testDb.db);
    const cookie = await sessionCookie(account.id);
    const response = (await route.action(args(post({ ...report, page: "" }, { cookie })))) as Response;
    expect(response.status).toBe(302);
    expect(await stored()).toMatchObject([{ subject: "Barriere: ohne Seitenangabe", user_id: account.id }]);
  });

  it("answers 400 with a message at every field, keeps the values and stores nothing", async () => {
    const result = (await route.action(
      args(post({ firstName: "", lastName: "", email: "kein-at", page: "x".repeat(191), description: "kurz" })),
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toMatchObject({
      firstName: ["forms.errors.firstNameRequired"],
      lastName: ["forms.errors.lastNameRequired"],
      email: ["forms.errors.emailInvalid"],
      page: ["forms.errors.pageTooLong"],
      description: ["forms.errors.textTooShort"],
    });
    expect(result.data.initialValue).toMatchObject({ email: "kein-at", description: "kurz" });
    expect(await stored()).toEqual([]);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const response = (await route.action(args(post({ ...report, website: "http://spam.example" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/accessibility?sent=1");
    expect(await stored()).toEqual([]);
  });

  it("allows 5 reports per address in 10 minutes, then answers 429", async () => {
    for (let i = 0; i < 5; i++) expect(((await route.action(args(post(report, { address: "192.0.2.9" })))) as Response).status).toBe(302);
    const result = (await route.action(args(post(report, { address: "192.0.2.9" })))) as unknown as DataResult;
    expect(result.init?.status).toBe(429);
    expect(result.data.error?.[""]).toEqual(["forms.errors.rateLimited"]);
    expect(await stored()).toHaveLength(5);
  });
});
