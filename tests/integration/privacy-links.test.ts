import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createAccount, sessionCookie, type AccountOverrides } from "../factories";

process.env.SESSION_SECRET ??= "integration-test-secret";
process.env.SITE_URL = "http://localhost:3000";

const { exportAccountData } = await import("~/models/privacy.server");
const contactRoute = await import("~/routes/contact");
const supportRoute = await import("~/routes/support");
const { CLIENT_ADDRESS_HEADER } = await import("~/utils/client-address.server");

const ORIGIN = "http://localhost:3000";
type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

let clientCounter = 0;
/** A form POST from its own client address (each its own rate-limit bucket), signed in with `cookie` when given. */
function post(path: string, form: Record<string, string>, cookie = "") {
  clientCounter += 1;
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      [CLIENT_ADDRESS_HEADER]: `198.51.100.${clientCounter}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form),
  });
}
async function status(fn: RouteFn, request: Request) {
  try {
    const result = (await fn({ request, params: {}, context: {} })) as Response | { init?: { status?: number } };
    return result instanceof Response ? result.status : (result.init?.status ?? 200);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const contactForm = (email: string, subject: string) => ({
  firstName: "Vera",
  lastName: "Victim",
  email,
  subject,
  message: "Please send my order to my new address: Geheimweg 7, 10115 Berlin.",
});
const supportForm = (email: string, subject: string) => ({
  name: "Vera Victim",
  email,
  subject,
  description: "My order has not arrived yet, please call me back on 0170 1234567.",
});

/**
 * Issue 24.1: the data export holds only what belongs to the account — messages sent by it while
 * signed in, or by an address it has confirmed — never what a stranger's typed address matches.
 */
describe.each(testDbKinds)("what the data export links to an account on %s", (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    testDb.install();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await testDb.close();
  });

  /** Sam Stranger, an account as a local sign-up makes it (confirmed or not), with its profile. */
  const sam = { firstName: "Sam", lastName: "Stranger", country: "DE" } satisfies AccountOverrides;

  it("a stranger who registers a guest's address gets none of the guest's messages or newsletter status", async () => {
    const victim = `victim-${kind}@example.org`;
    expect(await status(contactRoute.action as RouteFn, post("/contact", contactForm(victim, "Neue Adresse")))).toBe(302);
    expect(await status(supportRoute.action as RouteFn, post("/support", supportForm(victim, "Lieferung fehlt")))).toBe(302);
    await testDb.db.query(
      "insert into public.newsletter_subscribers (email, locale, status, confirm_token, unsubscribe_token, confirmed_at) values ($1, 'de', 'confirmed', 'c-' || $1, 'u-' || $1, now())",
      [victim],
    );

    const { id: stranger } = await createAccount(testDb, { ...sam, email: victim.toUpperCase(), confirmed: false });
    const exported = await exportAccountData(stranger);
    expect(exported.profile?.email).toBe(victim.toUpperCase());
    expect(exported.messages).toEqual([]);
    expect(exported.newsletter).toEqual({ status: "none" });
    expect(JSON.stringify(exported)).not.toContain("Geheimweg");
  });

  it("messages sent while signed in belong to the account, whatever address was typed", async () => {
    const { id: userId } = await createAccount(testDb, { ...sam, email: `signed-in-${kind}@example.org`, confirmed: false });
    const cookie = await sessionCookie(userId);
    expect(await status(contactRoute.action as RouteFn, post("/contact", contactForm(`other-${kind}@example.org`, "Mein Konto"), cookie))).toBe(302);
    expect(await status(supportRoute.action as RouteFn, post("/support", supportForm(`other-${kind}@example.org`, "Meine Bestellung"), cookie))).toBe(302);
    // A guest using the same typed address later is not the account.
    expect(await status(contactRoute.action as RouteFn, post("/contact", contactForm(`other-${kind}@example.org`, "Fremd")))).toBe(302);

    const exported = await exportAccountData(userId);
    expect(exported.messages.map((m) => `${m.kind}:${m.subject}`).sort()).toEqual(["contact:Mein Konto", "support:Meine Bestellung"]);
  });

  it("an account that has confirmed its address gets what was sent from that address, and its newsletter status", async () => {
    const email = `owner-${kind}@example.org`;
    expect(await status(contactRoute.action as RouteFn, post("/contact", contactForm(email, "Vor der Anmeldung")))).toBe(302);
    await testDb.db.query(
      "insert into public.newsletter_subscribers (email, locale, status, confirm_token, unsubscribe_token, confirmed_at) values ($1, 'fr', 'confirmed', 'c-' || $1, 'u-' || $1, now())",
      [email],
    );
    const { id: owner } = await createAccount(testDb, { ...sam, email, confirmed: true });
    const exported = await exportAccountData(owner);
    expect(exported.messages.map((m) => m.subject)).toEqual(["Vor der Anmeldung"]);
    expect(exported.newsletter).toMatchObject({ status: "confirmed", language: "fr" });
  });
});
