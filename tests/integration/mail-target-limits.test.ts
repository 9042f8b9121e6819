import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import bcrypt from "bcryptjs";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createAccount } from "../factories";
import { action as registerAction, REGISTER_LIMIT } from "~/routes/register";
import { action as forgotAction, FORGOT_LIMITS } from "~/routes/forgot-password";
import { action as newsletterAction, NEWSLETTER_RATE_LIMIT } from "~/routes/newsletter";

/*
 * Forms that e-mail an address someone typed (issue 36, point 4): a flood from many client
 * addresses must not fill one inbox. Each is counted per target address too, not only per client
 * address: 40 requests for one address from 40 client addresses send that address at most the
 * form's per-target limit of e-mails, and every request gets the usual answer.
 */
const ORIGIN = "http://localhost:3000";
const FLOOD = 40;

function post(path: string, fields: Record<string, string>, ip: string) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: "lng=de", "X-Forwarded-For": ip },
    body: new URLSearchParams(fields),
  });
}

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;
async function statusOf(action: Action, request: Request): Promise<{ status: number; location: string | null }> {
  let result: unknown;
  try {
    result = await action({ request, params: {}, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const wrapped = result as { init?: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, location: null };
}

const registration = (email: string) => ({ firstName: "Karl", lastName: "Kopie", email, country: "DE", password: "copy-pass-1", confirmPassword: "copy-pass-1" });

describe.each(testDbKinds)("e-mails to a typed address, per target, on %s", (kind) => {
  let test: TestDatabase;
  const mailsTo = async (to: string) =>
    (await test.db.query<{ kind: string }>("select kind from public.email_outbox where lower(to_address) = lower($1) order by created_at", [to])).map((m) => m.kind);

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  beforeEach(async () => {
    vi.stubEnv("SESSION_SECRET", "mail-target-limits-test");
    vi.stubEnv("AUTH_PROVIDER", "local");
    vi.stubEnv("SITE_URL", ORIGIN);
    vi.stubEnv("ADMIN_EMAILS", "");
    await test.db.exec("delete from public.email_outbox; delete from public.rate_limits;");
    // The password hash is not what is tested here: a cheap stand-in keeps 40 sign-ups fast.
    vi.spyOn(bcrypt, "hash").mockImplementation(async () => "$2b$10$abcdefghijklmnopqrstuuVGxiI2PEYlFgXnNh7GMb0bZbvrYh0Q6");
  });

  it("/register: 40 sign-ups of a taken address from 40 client addresses mail its owner at most REGISTER_LIMIT.perEmail times, with the usual answer", async () => {
    const owner = await createAccount(test, { email: `owner-${randomUUID()}@example.com` });
    const answers = [];
    // Its case changed too: the address counts, not its spelling.
    for (let i = 0; i < FLOOD; i++) answers.push(await statusOf(registerAction, post("/register", registration(i % 2 ? owner.email.toUpperCase() : owner.email), `198.51.100.${i + 1}`)));
    expect(answers.every((a) => a.status === 302 && a.location === "/login")).toBe(true);
    expect(await mailsTo(owner.email)).toEqual(Array(REGISTER_LIMIT.perEmail).fill("account_exists"));
  });

  it("/register: a new address gets its account and welcome once, and at most REGISTER_LIMIT.perEmail e-mails in all", async () => {
    const email = `new-${randomUUID()}@example.com`;
    for (let i = 0; i < FLOOD; i++) expect((await statusOf(registerAction, post("/register", registration(email), `192.0.2.${i + 1}`))).status).toBe(302);
    const [users] = await test.db.query<{ n: number }>("select count(*)::int as n from auth.users where lower(email) = $1", [email]);
    expect(users!.n).toBe(1);
    const mails = await mailsTo(email);
    expect(mails[0]).toBe("registration");
    expect(mails).toHaveLength(REGISTER_LIMIT.perEmail);
    // Another address is not affected by this one's limit.
    const other = `other-${randomUUID()}@example.com`;
    expect((await statusOf(registerAction, post("/register", registration(other), "192.0.2.1"))).status).toBe(302);
    expect(await mailsTo(other)).toEqual(["registration"]);
  });

  it("/forgot-password: 40 requests for one account from 40 client addresses send at most FORGOT_LIMITS.perAccount links", async () => {
    const owner = await createAccount(test, { email: `reset-${randomUUID()}@example.com` });
    for (let i = 0; i < FLOOD; i++) {
      const answer = await statusOf(forgotAction, post("/forgot-password", { email: owner.email }, `203.0.113.${i + 1}`));
      expect(answer).toEqual({ status: 302, location: "/forgot-password?sent=1" });
    }
    expect(await mailsTo(owner.email)).toEqual(Array(FORGOT_LIMITS.perAccount).fill("password_reset"));
  });

  it("/newsletter: 40 sign-ups of one address from 40 client addresses send at most its per-address limit of confirmations", async () => {
    const email = `news-${randomUUID()}@example.com`;
    for (let i = 0; i < FLOOD; i++) await statusOf(newsletterAction, post("/newsletter", { email }, `198.18.0.${i + 1}`));
    expect(await mailsTo(email)).toEqual(Array(NEWSLETTER_RATE_LIMIT.perAddress.limit).fill("newsletter_confirmation"));
  });
});
