import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createOrder, orderNumberOf, type OrderOverrides } from "../factories";

process.env.SESSION_SECRET ??= "integration-test-secret";
process.env.SITE_URL = "http://shop.test";

const { changeOrderStatus } = await import("~/models/order-admin.server");
const { getAuthProvider } = await import("~/auth/provider.server");
const { createSession } = await import("~/models/user-session.server");
const forgotRoute = await import("~/routes/forgot-password");
const resetRoute = await import("~/routes/reset-password");

const ORIGIN = "http://localhost:3000";
function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
}
async function run(action: (args: ActionFunctionArgs) => unknown, request: Request) {
  try {
    return (await action({ request, params: {}, context: {} })) as Response | { init?: { status?: number }; data?: unknown };
  } catch (thrown) {
    return thrown as Response;
  }
}
const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200);
const linkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+(&lng=\w+)?/.exec(text)?.[0];

/** Issue 15: what customers and shop owners get after the first order. */
describe.each(testDbKinds)("after the first order on %s", (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    testDb.install();
  });
  afterAll(async () => {
    await testDb.close();
  });

  /** Claire's order of two Orbit lamps (59.80), to Paris, in `locale`. */
  const claireOrder = (options: { locale: string; email: string; payment?: "bank_transfer" | "cash_on_delivery" }): OrderOverrides => ({
    customerName: "Claire Client",
    customerEmail: options.email,
    status: "pending",
    shippingAddress: { street: "1 rue de Rivoli", city: "Paris", postalCode: "75001", country: "FR" },
    paymentMethod: options.payment ?? "bank_transfer",
    locale: options.locale,
    lines: [{ productId: null, name: "Lampe Orbit", quantity: 2, unitPrice: "29.90" }],
  });

  const emailsTo = (address: string) =>
    testDb.db.query<{ kind: string; locale: string; subject: string; text_body: string }>(
      "select kind, locale, subject, text_body from public.email_outbox where to_address = $1 order by created_at, id",
      [address],
    );

  describe("order status e-mails", () => {
    it("queues one e-mail per status change, in the order's language, with number, status, lines and link", async () => {
      const email = "claire@example.com";
      const id = await createOrder(testDb, claireOrder({ locale: "fr", email }));
      const number = await orderNumberOf(testDb, id);
      expect(await changeOrderStatus(id, "confirmed")).toMatchObject({ ok: true });
      expect(await changeOrderStatus(id, "shipped")).toMatchObject({ ok: true });
      const sent = await emailsTo(email);
      expect(sent.map((e) => [e.kind, e.locale])).toEqual([
        ["order_status", "fr"],
        ["order_status", "fr"],
      ]);
      expect(sent[0]!.subject).toBe(`Votre commande ${number} : confirmée`);
      expect(sent[1]!.subject).toBe(`Votre commande ${number} : expédiée`);
      expect(sent[1]!.text_body).toContain("Lampe Orbit");
      expect(sent[1]!.text_body).toContain(`http://shop.test/order-confirmation/${id}?lng=fr`);
      // A refused step queues nothing.
      expect(await changeOrderStatus(id, "confirmed")).toMatchObject({ ok: false });
      expect(await emailsTo(email)).toHaveLength(2);
    });

    it("cancelling says what happens to the payment", async () => {
      const bank = await createOrder(testDb, claireOrder({ locale: "de", email: "bank@example.com", payment: "bank_transfer" }));
      const cash = await createOrder(testDb, claireOrder({ locale: "en", email: "cash@example.com", payment: "cash_on_delivery" }));
      await changeOrderStatus(bank, "cancelled");
      await changeOrderStatus(cash, "cancelled");
      const [german] = await emailsTo("bank@example.com");
      const [english] = await emailsTo("cash@example.com");
      expect(german!.subject).toBe(`Ihre Bestellung ${await orderNumberOf(testDb, bank)}: storniert`);
      expect(german!.text_body).toContain("erstatten wir ihn innerhalb von 14 Tagen");
      expect(english!.text_body).toContain("nothing is charged");
    });
  });

  describe("password reset (local accounts)", () => {
    it("answers the same for unknown and known addresses, and sends a link only to an account", async () => {
      const unknown = await run(forgotRoute.action, post("/forgot-password", { email: "nobody-here@example.com" }, { "X-Forwarded-For": "198.51.100.1" }));
      const known = await run(forgotRoute.action, post("/forgot-password", { email: "kunde@example.com" }, { "X-Forwarded-For": "198.51.100.1" }));
      expect(statusOf(unknown)).toBe(302);
      expect(statusOf(known)).toBe(302);
      expect((unknown as Response).headers.get("Location")).toBe((known as Response).headers.get("Location"));
      expect(await emailsTo("nobody-here@example.com")).toHaveLength(0);
      const [mail] = (await emailsTo("kunde@example.com")).filter((e) => e.kind === "password_reset");
      expect(linkIn(mail!.text_body)).toMatch(/^http:\/\/shop\.test\/reset-password\?token=/);
      const stored = await testDb.db.query<{ token_hash: string }>("select token_hash from public.password_resets");
      expect(mail!.text_body).not.toContain(stored[0]!.token_hash);
    });

    it("sets the new password once, signs every session out, refuses the old password and a used or expired link", async () => {
      const [user] = await testDb.db.query<{ id: string }>("select id from auth.users where email = 'kunde@example.com'");
      await createSession(user!.id);
      await run(forgotRoute.action, post("/forgot-password", { email: "kunde@example.com" }, { "X-Forwarded-For": "198.51.100.2" }));
      const mails = (await emailsTo("kunde@example.com")).filter((e) => e.kind === "password_reset");
      const token = new URL(linkIn(mails.at(-1)!.text_body)!).searchParams.get("token")!;

      const mismatch = await run(resetRoute.action, post("/reset-password", { token, password: "neues-pass-1", confirmPassword: "anderes" }));
      expect(statusOf(mismatch)).toBe(400);
      const done = await run(resetRoute.action, post("/reset-password", { token, password: "neues-pass-1", confirmPassword: "neues-pass-1" }));
      expect(statusOf(done)).toBe(302);
      expect((done as Response).headers.get("Location")).toBe("/login");
      expect(await testDb.db.query("select 1 from public.sessions where user_id = $1", [user!.id])).toHaveLength(0);
      expect(await getAuthProvider().signIn("kunde@example.com", "kunde12345")).toMatchObject({ ok: false, code: "invalid_credentials" });
      expect(await getAuthProvider().signIn("kunde@example.com", "neues-pass-1")).toMatchObject({ ok: true });

      const again = await run(resetRoute.action, post("/reset-password", { token, password: "drittes-pass-1", confirmPassword: "drittes-pass-1" }));
      expect(statusOf(again)).toBe(404);
      expect(JSON.stringify((again as { data?: unknown }).data)).toContain("bereits verwendet oder ist abgelaufen");

      // An expired link: refused by the page and by the form.
      await run(forgotRoute.action, post("/forgot-password", { email: "kunde@example.com" }, { "X-Forwarded-For": "198.51.100.3" }));
      const latest = (await emailsTo("kunde@example.com")).filter((e) => e.kind === "password_reset").at(-1)!;
      const expired = new URL(linkIn(latest.text_body)!).searchParams.get("token")!;
      expect(await getAuthProvider().checkPasswordResetLink(expired)).toBe(true);
      await testDb.db.query("update public.password_resets set expires_at = now() - interval '1 second'");
      expect(await getAuthProvider().checkPasswordResetLink(expired)).toBe(false);
      const page = await run(resetRoute.loader, new Request(`${ORIGIN}/reset-password?token=${expired}`));
      expect(statusOf(page)).toBe(404);
      const late = await run(resetRoute.action, post("/reset-password", { token: expired, password: "drittes-pass-1", confirmPassword: "drittes-pass-1" }));
      expect(statusOf(late)).toBe(404);
      expect(await getAuthProvider().signIn("kunde@example.com", "neues-pass-1")).toMatchObject({ ok: true });
    });

    it("limits requests per client address with 429", async () => {
      const results = [];
      for (let i = 0; i < 11; i++) {
        results.push(statusOf(await run(forgotRoute.action, post("/forgot-password", { email: `x${i}@example.com` }, { "X-Forwarded-For": "198.51.100.9" }))));
      }
      expect(results.slice(0, 10).every((s) => s === 302)).toBe(true);
      expect(results[10]).toBe(429);
    });
  });
});
