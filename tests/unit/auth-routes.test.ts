import bcrypt from "bcryptjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-db";
import { allowConsoleErrors } from "../setup/vitest.setup";
import { action as loginAction, loader as loginLoader, LOGIN_LIMITS } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { getAuthState } from "~/auth/user.server";
import { requireAdmin } from "~/auth/guards.server";
import { commitSession, getSession } from "~/utils/session.server";

const ORIGIN = "http://localhost:3000";
let testDb: TestDatabase;
let address = 0;

beforeAll(async () => {
  testDb = await createTestDatabase("pglite");
  testDb.install();
});
afterAll(async () => {
  await testDb?.close();
});
beforeEach(() => {
  vi.stubEnv("SESSION_SECRET", "auth-routes-test");
  vi.stubEnv("AUTH_PROVIDER", "local");
  vi.stubEnv("SITE_URL", ORIGIN);
  vi.stubEnv("ADMIN_EMAILS", "");
});

type Fields = Record<string, string>;

/** A form post as a browser on our site sends it; each test has its own client address. */
function post(path: string, fields: Fields, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.0.0.${++address}`,
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

const args = (request: Request) => ({ request, params: {}, context: {} });

/** Runs a route function; a thrown Response (redirect, 403) counts as its answer. */
async function run(fn: (a: ReturnType<typeof args>) => unknown, request: Request): Promise<Response | { type: "DataWithResponseInit"; data: any; init: ResponseInit | null }> {
  try {
    return (await fn(args(request))) as never;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function statusOf(result: Awaited<ReturnType<typeof run>>) {
  return result instanceof Response ? result.status : (result.init?.status ?? 200);
}
function replyOf(result: Awaited<ReturnType<typeof run>>) {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return result.data as { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
}
function sessionCookie(response: Response) {
  return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}
async function sessionFrom(response: Response) {
  return getSession(new Request(ORIGIN, { headers: { Cookie: sessionCookie(response) } }));
}
async function signedInCookie(email: string, password: string) {
  const response = (await run(loginAction, post("/login", { email, password }))) as Response;
  expect(response.status).toBe(302);
  return sessionCookie(response);
}

describe("login", () => {
  it("refuses a cross-site post with 403", async () => {
    const result = await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345" }, { Origin: "https://evil.example" }));
    expect(statusOf(result)).toBe(403);
  });

  it("signs in, issues a fresh session and greets with 'Welcome back!'", async () => {
    // An old cookie (made before sign-in, e.g. planted) carries data that must not survive.
    const old = await getSession(new Request(ORIGIN));
    old.set("accessToken", "planted-by-someone-else");
    const oldCookie = (await commitSession(old)).split(";")[0]!;
    const result = await run(loginAction, post("/login", { email: "  KUNDE@example.com ", password: "kunde12345" }, { Cookie: oldCookie }));
    expect(statusOf(result)).toBe(302);
    const response = result as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(sessionCookie(response)).not.toBe(oldCookie);
    const session = await sessionFrom(response);
    expect(session.get("userId")).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.get("accessToken")).toBeUndefined();
    expect(session.get("toast")).toEqual({ kind: "success", title: "account.toast.welcomeTitle", description: "account.toast.welcomeText" });
  });

  it.each([
    ["/cart?step=2", "/cart?step=2"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/\\evil.example", "/"],
  ])("follows redirectTo %s only within the site (→ %s)", async (redirectTo, expected) => {
    const response = (await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345", redirectTo }))) as Response;
    expect(response.headers.get("Location")).toBe(expected);
  });

  it("drops a foreign redirectTo already on the login page", async () => {
    const data = (await loginLoader(args(new Request(`${ORIGIN}/login?redirectTo=${encodeURIComponent("https://evil.example")}`)))) as { redirectTo: string };
    expect(data.redirectTo).toBe("");
  });

  it("answers a wrong password and an unknown e-mail alike: 401 'Invalid login credentials', e-mail kept, password not", async () => {
    for (const email of ["kunde@example.com", "nobody@example.com"]) {
      const result = await run(loginAction, post("/login", { email, password: "wrong-password" }));
      expect(statusOf(result)).toBe(401);
      const reply = replyOf(result);
      expect(reply.error?.[""]).toEqual(["E-Mail-Adresse oder Passwort ist falsch."]);
      expect(reply.initialValue?.email).toBe(email);
      expect(reply.initialValue?.password).toBeUndefined();
    }
  });

  it("says 'Invalid login credentials' in English and translates it in German", async () => {
    const en = replyOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "nope-nope" }, { Cookie: "lng=en" })));
    expect(en.error?.[""]).toEqual(["Invalid login credentials"]);
    const de = replyOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "nope-nope" }, { Cookie: "lng=de" })));
    expect(de.error?.[""]).toEqual(["E-Mail-Adresse oder Passwort ist falsch."]);
  });

  it.each([
    ["empty fields", { email: "", password: "" }, "email", "account.errors.emailRequired"],
    ["no e-mail", { password: "kunde12345" }, "email", "account.errors.emailRequired"],
    ["no password", { email: "kunde@example.com" }, "password", "account.errors.passwordRequired"],
    ["an e-mail with a space", { email: "kun de@example.com", password: "kunde12345" }, "email", "account.errors.emailInvalid"],
    ["a 302-character e-mail", { email: `${"a".repeat(290)}@example.com`, password: "kunde12345" }, "email", "account.errors.emailTooLong"],
    ["a 10,000-character password", { email: "kunde@example.com", password: "x".repeat(10_000) }, "password", "account.errors.passwordTooLong"],
  ])("rejects %s with 400", async (_label, fields, field, message) => {
    const result = await run(loginAction, post("/login", fields as Fields));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.[field]).toContain(message);
  });

  it(`refuses an e-mail for a while after ${LOGIN_LIMITS.perEmail} failures (429 + Retry-After), even with the right password`, async () => {
    await testDb.db.query("delete from public.rate_limits");
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++) {
      expect(statusOf(await run(loginAction, post("/login", { email: "admin@example.com", password: `wrong-${i}` })))).toBe(401);
    }
    const blocked = await run(loginAction, post("/login", { email: "admin@example.com", password: "admin12345" }));
    expect(statusOf(blocked)).toBe(429);
    const init = (blocked as { init: ResponseInit }).init;
    const retryAfter = Number(new Headers(init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    expect(replyOf(blocked).error?.[""]?.[0]).toMatch(/Anmeldeversuche/);
    // Another account from another address is not affected.
    expect(statusOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345" })))).toBe(302);
    await testDb.db.query("delete from public.rate_limits");
  });

  it(`refuses an address after ${LOGIN_LIMITS.perAddress} failures across e-mails`, async () => {
    await testDb.db.query("delete from public.rate_limits");
    const from = { "X-Forwarded-For": "203.0.113.7" };
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect(statusOf(await run(loginAction, post("/login", { email: `guess${i}@example.com`, password: "wrong-pass" }, from)))).toBe(401);
    }
    expect(statusOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345" }, from)))).toBe(429);
    await testDb.db.query("delete from public.rate_limits");
  });

  it("sends a signed-in user away from the login page", async () => {
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const result = await run(loginLoader, new Request(`${ORIGIN}/login`, { headers: { Cookie: cookie } }));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/");
  });

  it("merges the visitor's cart into the user's cart on sign-in", async () => {
    const sessionId = "6f1c2b3a-1d2e-4f50-8a6b-7c8d9e0f1a2b";
    const [product] = await testDb.db.query<{ id: string }>("select id from public.products where in_stock and stock > 3 limit 1");
    await testDb.db.query("insert into public.cart_items (product_id, quantity, session_id) values ($1, 2, $2)", [product!.id, sessionId]);
    const response = (await run(loginAction, post("/login", { email: "admin@example.com", password: "admin12345" }, { Cookie: `cart-session-id=${sessionId}` }))) as Response;
    expect(response.status).toBe(302);
    const userId = (await sessionFrom(response)).get("userId");
    const rows = await testDb.db.query<{ quantity: number }>("select quantity from public.cart_items where user_id = $1 and product_id = $2", [userId, product!.id]);
    expect(rows[0]?.quantity).toBe(2);
    const left = await testDb.db.query("select 1 from public.cart_items where session_id = $1 and user_id is null", [sessionId]);
    expect(left).toHaveLength(0);
  });
});

describe("register", () => {
  const valid = { firstName: "Rita", lastName: "Neu", country: "CH", password: "register-me-1", confirmPassword: "register-me-1" };

  it("creates the account (bcrypt, cost 10) and the profile, then sends to /login with 'Registration Successful'", async () => {
    const response = (await run(registerAction, post("/register", { ...valid, email: " Rita.Neu@Example.com " }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect((await sessionFrom(response)).get("toast")).toMatchObject({ kind: "success", title: "account.toast.registrationSuccess" });
    const [user] = await testDb.db.query<{ id: string; email: string; encrypted_password: string; raw_user_meta_data: Record<string, unknown> }>(
      "select id, email, encrypted_password, raw_user_meta_data from auth.users where email = 'rita.neu@example.com'",
    );
    expect(user?.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(await bcrypt.compare("register-me-1", user!.encrypted_password)).toBe(true);
    expect(user?.raw_user_meta_data).toEqual({ firstName: "Rita", lastName: "Neu", country: "CH" });
    const [profile] = await testDb.db.query("select first_name, last_name, email, country from public.profiles where user_id = $1", [user!.id]);
    expect(profile).toEqual({ first_name: "Rita", last_name: "Neu", email: "rita.neu@example.com", country: "CH" });
    // The new account can sign in.
    expect(await signedInCookie("rita.neu@example.com", "register-me-1")).toMatch(/^__session=/);
  });

  it("refuses a taken e-mail without saying that the account exists, and writes nothing", async () => {
    const before = await testDb.db.query("select 1 from auth.users");
    const result = await run(registerAction, post("/register", { ...valid, email: "KUNDE@example.com" }, { Cookie: "lng=en" }));
    expect(statusOf(result)).toBe(400);
    const message = replyOf(result).error?.[""]?.[0] ?? "";
    expect(message).toMatch(/could not be completed/);
    expect(message).not.toMatch(/exist/i);
    expect(replyOf(result).initialValue?.password).toBeUndefined();
    expect(await testDb.db.query("select 1 from auth.users")).toHaveLength(before.length);
  });

  it.each([
    [{ confirmPassword: "something-else" }, "confirmPassword", "account.errors.passwordMismatch"],
    [{ password: "short", confirmPassword: "short" }, "password", "account.errors.passwordTooShort"],
    [{ country: "AT" }, "country", "account.errors.countryInvalid"],
    [{ firstName: "" }, "firstName", "account.errors.firstNameRequired"],
    [{ lastName: "101 characters".padEnd(101, "x") }, "lastName", "account.errors.nameTooLong"],
    [{ email: "not an email" }, "email", "account.errors.emailInvalid"],
  ])("rejects %j with 400 and writes nothing", async (change, field, message) => {
    const email = `bad-${Date.now()}@example.com`;
    const result = await run(registerAction, post("/register", { ...valid, email, ...change }));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.[field]).toContain(message);
    expect(await testDb.db.query("select 1 from auth.users where email = $1", [email])).toHaveLength(0);
  });

  it("refuses a cross-site post with 403", async () => {
    expect(statusOf(await run(registerAction, post("/register", { ...valid, email: "x@example.com" }, { Origin: "https://evil.example" })))).toBe(403);
  });
});

describe("profile", () => {
  it("sends a visitor to /login (loader) and says 'No user logged in' on a post", async () => {
    const page = await run(profileLoader, new Request(`${ORIGIN}/profile`));
    expect(statusOf(page)).toBe(302);
    expect((page as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
    const posted = (await run(profileAction, post("/profile", { firstName: "A", lastName: "B", country: "DE" }))) as Response;
    expect(posted.headers.get("Location")).toMatch(/^\/login/);
    expect((await sessionFrom(posted)).get("toast")).toMatchObject({ kind: "error", title: "account.toast.noUser" });
  });

  it("refuses a cross-site post with 403 and changes nothing", async () => {
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const result = await run(profileAction, post("/profile", { firstName: "Evil", lastName: "Change", country: "CH" }, { Cookie: cookie, Origin: "https://evil.example" }));
    expect(statusOf(result)).toBe(403);
    const [row] = await testDb.db.query<{ first_name: string }>("select first_name from public.profiles where email = 'kunde@example.com'");
    expect(row?.first_name).not.toBe("Evil");
  });

  it("updates the profile, keeps the account e-mail and switches the currency with the country", async () => {
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const response = (await run(
      profileAction,
      post("/profile", { firstName: "Karla", lastName: "Kunde", email: "hijack@example.com", phone: "+41 44 123 45 67", country: "CH" }, { Cookie: cookie }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("preferred-country=CH"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("preferred-currency=CHF"))).toBe(true);
    const [row] = await testDb.db.query("select first_name, email, phone, country from public.profiles where email = 'kunde@example.com'");
    expect(row).toEqual({ first_name: "Karla", email: "kunde@example.com", phone: "+41 44 123 45 67", country: "CH" });
    const toast = (await getSession(new Request(ORIGIN, { headers: { Cookie: cookies.find((c) => c.startsWith("__session="))!.split(";")[0]! } }))).get("toast");
    expect(toast).toMatchObject({ kind: "success", title: "account.toast.profileUpdated" });
  });

  it.each([
    [{ phone: "call me maybe" }, "phone"],
    [{ phone: "+49 30 1234 5678 9012 3456 78901" }, "phone"],
    [{ country: "FR" }, "country"],
    [{ firstName: "" }, "firstName"],
  ])("rejects %j with 400", async (change, field) => {
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const result = await run(profileAction, post("/profile", { firstName: "Karl", lastName: "Kunde", country: "DE", ...change }, { Cookie: cookie }));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.[field]?.length).toBeGreaterThan(0);
  });

  it("answers a failed save with 'Update Failed' (500) and keeps the values", async () => {
    allowConsoleErrors();
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const query = testDb.db.query.bind(testDb.db);
    vi.spyOn(testDb.db, "query").mockImplementation((sql: string, params?: unknown[]) => {
      if (/insert into public\.profiles/.test(sql)) return Promise.reject(new Error("disk full"));
      return query(sql, params as never);
    });
    const result = await run(profileAction, post("/profile", { firstName: "Lost", lastName: "Kunde", country: "DE" }, { Cookie: cookie }));
    expect(statusOf(result)).toBe(500);
    expect(replyOf(result).error?.[""]).toEqual(["account.toast.updateFailedText"]);
    expect(replyOf(result).initialValue?.firstName).toBe("Lost");
  });
});

describe("sessions and roles", () => {
  it("treats a forged session cookie as signed out, without an error", async () => {
    const state = await getAuthState(new Request(ORIGIN, { headers: { Cookie: "__session=eyJ1c2VySWQiOiJ4In0%3D.forged-signature" } }));
    expect(state.user).toBeNull();
  });

  it("ends a sign-in after 30 days even if the browser still sends the cookie", async () => {
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const session = await getSession(new Request(ORIGIN, { headers: { Cookie: cookie } }));
    expect((await getAuthState(new Request(ORIGIN, { headers: { Cookie: cookie } }))).user).not.toBeNull();
    session.set("signedInAt", Date.now() - 31 * 24 * 60 * 60 * 1000);
    const old = (await commitSession(session)).split(";")[0]!;
    const state = await getAuthState(new Request(ORIGIN, { headers: { Cookie: old } }));
    expect(state.user).toBeNull();
    expect(state.sessionChanged).toBe(true);
  });

  it("requireAdmin: visitor → /login?redirectTo=…, customer → 403, admin (user_roles or ADMIN_EMAILS) → allowed", async () => {
    const guard = ({ request }: { request: Request }) => requireAdmin(request);
    const visitor = await run(guard, new Request(`${ORIGIN}/admin/edit?page=2`));
    expect((visitor as Response).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/edit?page=2")}`);
    const customer = await signedInCookie("kunde@example.com", "kunde12345");
    expect(statusOf(await run(guard, new Request(`${ORIGIN}/admin`, { headers: { Cookie: customer } })))).toBe(403);
    const admin = await signedInCookie("admin@example.com", "admin12345");
    expect((await requireAdmin(new Request(`${ORIGIN}/admin`, { headers: { Cookie: admin } }))).isAdmin).toBe(true);
    vi.stubEnv("ADMIN_EMAILS", "someone@example.com, KUNDE@example.com");
    expect((await requireAdmin(new Request(`${ORIGIN}/admin`, { headers: { Cookie: customer } }))).isAdmin).toBe(true);
  });
});
