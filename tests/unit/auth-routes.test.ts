import bcrypt from "bcryptjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-db";
import { allowConsoleErrors } from "../setup/vitest.setup";
import { createCartItem, createOrder } from "../factories";
import { action as loginAction, loader as loginLoader, LOGIN_LIMITS } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { action as profileAction, loader as profileLoader } from "~/routes/profile._index";
import { action as logoutAction } from "~/routes/logout";
import { action as confirmAction, loader as confirmLoader } from "~/routes/register_.confirm";
import { revokeAllSessions, revokeOtherSessions } from "~/models/user-session.server";
import { getAuthState, getUserId } from "~/auth/user.server";
import { requireAdmin } from "~/auth/guards.server";
import { commitSession, getSession } from "~/utils/session.server";
import { getOrderForViewer } from "~/models/order.server";

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
/** The user the response's session cookie signs in, as the next request would see it. */
async function userIdFrom(response: Response) {
  return getUserId(new Request(ORIGIN, { headers: { Cookie: sessionCookie(response) } }));
}
async function signedInCookie(email: string, password: string) {
  const response = (await run(loginAction, post("/login", { email, password }))) as Response;
  expect(response.status).toBe(302);
  return sessionCookie(response);
}

describe("login", () => {
  it("signs in, issues a fresh session and greets with 'Welcome back!'", async () => {
    // An old cookie (made before sign-in, e.g. planted) carries data that must not survive.
    const old = await getSession(new Request(ORIGIN));
    old.set("sessionToken", "planted-by-someone-else-planted-by-someone-");
    const oldCookie = (await commitSession(old, new Request(ORIGIN))).split(";")[0]!;
    const result = await run(loginAction, post("/login", { email: "  KUNDE@example.com ", password: "kunde12345" }, { Cookie: oldCookie }));
    expect(statusOf(result)).toBe(302);
    const response = result as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(sessionCookie(response)).not.toBe(oldCookie);
    const session = await sessionFrom(response);
    expect(session.get("sessionToken")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.get("sessionToken")).not.toBe("planted-by-someone-else-planted-by-someone-");
    const [kunde] = await testDb.db.query<{ user_id: string }>("select user_id from public.profiles where email = 'kunde@example.com'");
    expect(await userIdFrom(response)).toBe(kunde!.user_id);
    // The database keeps only the token's hash.
    const [row] = await testDb.db.query<{ id: string }>("select id from public.sessions where user_id = $1 order by created_at desc limit 1", [kunde!.user_id]);
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.id).not.toBe(session.get("sessionToken"));
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

  it(`refuses an account from one address after ${LOGIN_LIMITS.perAccountFromAddress} failures (429 + Retry-After), even with the right password`, async () => {
    await testDb.db.query("delete from public.rate_limits");
    const stranger = { "X-Forwarded-For": "203.0.113.50" };
    for (let i = 0; i < LOGIN_LIMITS.perAccountFromAddress; i++) {
      expect(statusOf(await run(loginAction, post("/login", { email: "admin@example.com", password: `wrong-${i}` }, stranger)))).toBe(401);
    }
    const blocked = await run(loginAction, post("/login", { email: "admin@example.com", password: "admin12345" }, stranger));
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

  it("a stranger cannot lock the owner out: the right password from another address signs in", async () => {
    await testDb.db.query("delete from public.rate_limits");
    const stranger = { "X-Forwarded-For": "203.0.113.51" };
    for (let i = 0; i < LOGIN_LIMITS.perAddress + 5; i++) {
      await run(loginAction, post("/login", { email: "kunde@example.com", password: `guess-${i}` }, stranger));
    }
    expect(statusOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "guess-again" }, stranger)))).toBe(429);
    // The refused guesses did not count against the account as a whole: the owner is not even slowed down.
    const [account] = await testDb.db.query<{ count: number }>("select count from public.rate_limits where key = 'login:account:kunde@example.com'");
    expect(account?.count).toBe(LOGIN_LIMITS.perAccountFromAddress);
    const owner = await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345" }, { "X-Forwarded-For": "198.51.100.20" }));
    expect(statusOf(owner)).toBe(302);
    await testDb.db.query("delete from public.rate_limits");
  });

  it(`slows an account guessed at from many addresses down to one check per ${LOGIN_LIMITS.slowDownSeconds} s, never locks it`, async () => {
    await testDb.db.query("delete from public.rate_limits");
    const from = (n: number) => ({ "X-Forwarded-For": `192.0.2.${n}`, Cookie: "lng=en" });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect(statusOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: `wrong-${i}` }, from(i + 1))))).toBe(401);
    }
    // Beyond the account's limit one attempt may be checked every few seconds…
    expect(statusOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "wrong-again" }, from(100))))).toBe(401);
    // …so the owner, right after, waits a few seconds (not minutes) and is told so.
    const owner = from(101);
    const delayed = await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345" }, owner));
    expect(statusOf(delayed)).toBe(429);
    expect(new Headers((delayed as { init: ResponseInit }).init.headers).get("Retry-After")).toBe(String(LOGIN_LIMITS.slowDownSeconds));
    expect(replyOf(delayed).error?.[""]).toEqual([`Too many sign-in attempts for this account. Please wait ${LOGIN_LIMITS.slowDownSeconds} seconds and try again.`]);
    // A few seconds later (the slot's time moved back instead of waiting) the owner signs in.
    await testDb.db.query(
      "update public.rate_limits set window_start = window_start - make_interval(secs => $1) where key like 'login:account-slot:%'",
      [LOGIN_LIMITS.slowDownSeconds],
    );
    expect(statusOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345" }, owner)))).toBe(302);
    await testDb.db.query("delete from public.rate_limits");
  });

  it("a successful sign-in does not count against the address (an office behind one address)", async () => {
    await testDb.db.query("delete from public.rate_limits");
    const office = { "X-Forwarded-For": "203.0.113.60" };
    for (let i = 0; i < LOGIN_LIMITS.perAddress + 2; i++) {
      expect(statusOf(await run(loginAction, post("/login", { email: "kunde@example.com", password: "kunde12345" }, office)))).toBe(302);
    }
    const [row] = await testDb.db.query<{ count: number }>("select count from public.rate_limits where key = 'login:address:203.0.113.60'");
    expect(row?.count).toBe(0);
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
    await createCartItem(testDb, { sessionId }, product!.id, 2);
    const response = (await run(loginAction, post("/login", { email: "admin@example.com", password: "admin12345" }, { Cookie: `cart-session-id=${sessionId}` }))) as Response;
    expect(response.status).toBe(302);
    const userId = await userIdFrom(response);
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

  it("answers a taken e-mail as a new one (the owner is mailed instead), and creates no second account", async () => {
    const before = await testDb.db.query("select 1 from auth.users");
    const taken = await run(registerAction, post("/register", { ...valid, email: "KUNDE@example.com" }, { Cookie: "lng=en" }));
    expect(await testDb.db.query("select 1 from auth.users")).toHaveLength(before.length);
    const fresh = await run(registerAction, post("/register", { ...valid, email: `fresh-${Date.now()}@example.com` }, { Cookie: "lng=en" }));
    expect(statusOf(taken)).toBe(302);
    expect(statusOf(fresh)).toBe(302);
    const [takenResponse, freshResponse] = [taken as Response, fresh as Response];
    expect(takenResponse.headers.get("Location")).toBe(freshResponse.headers.get("Location"));
    expect(takenResponse.headers.get("Set-Cookie")?.split(";")[0]).toBe(freshResponse.headers.get("Set-Cookie")?.split(";")[0]);
    const notices = await testDb.db.query<{ kind: string }>("select kind from public.email_outbox where to_address = 'kunde@example.com'");
    expect(notices.map((notice) => notice.kind)).toContain("account_exists");
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
});

describe("e-mail confirmation of a local sign-up", () => {
  const valid = { firstName: "Conny", lastName: "Confirm", country: "DE", password: "confirm-me-1", confirmPassword: "confirm-me-1" };

  /** Registers `email` and returns the confirmation link of the e-mail queued for it. */
  async function register(email: string, headers: Record<string, string> = {}, url = `${ORIGIN}/register`) {
    const request = new Request(url, {
      method: "POST",
      headers: { Origin: new URL(url).origin, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `10.1.0.${++address}`, ...headers },
      body: new URLSearchParams({ ...valid, email }),
    });
    const response = (await run(registerAction, request)) as Response;
    expect(response.status).toBe(302);
    const [mail] = await testDb.db.query<{ text_body: string }>(
      "select text_body from public.email_outbox where to_address = $1 and kind = 'registration' order by created_at desc limit 1",
      [email],
    );
    const link = /\S+\/register\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(mail?.text_body ?? "")?.[0];
    expect(link, mail?.text_body).toBeTruthy();
    return { response, link: link! };
  }

  const confirmedAt = async (email: string) =>
    (await testDb.db.query<{ email_confirmed_at: unknown }>("select email_confirmed_at from auth.users where email = $1", [email]))[0]?.email_confirmed_at;

  it("mails a link to SITE_URL, never to the request's Host (a sign-up sent with Host: evil.example)", async () => {
    const email = `host-${Date.now()}@example.com`;
    const { link } = await register(email, { Host: "evil.example" }, "http://evil.example/register");
    expect(link.startsWith(`${ORIGIN}/register/confirm?token=`)).toBe(true);
    const [mail] = await testDb.db.query<{ text_body: string; html_body: string }>("select text_body, html_body from public.email_outbox where to_address = $1", [email]);
    expect(mail!.text_body + mail!.html_body).not.toContain("evil.example");
  });

  it("asks to check the mail, leaves the address unconfirmed and stores only the token's hash", async () => {
    const email = `pending-${Date.now()}@example.com`;
    const { response, link } = await register(email);
    expect((await sessionFrom(response)).get("toast")).toMatchObject({ title: "account.toast.registrationSuccess", description: "account.toast.registrationCheckEmail" });
    expect(await confirmedAt(email)).toBeNull();
    const token = new URL(link).searchParams.get("token")!;
    expect(await testDb.db.query("select 1 from public.email_confirmations where token_hash = $1", [token])).toHaveLength(0);
    // The account can sign in before confirming (it can shop, as a guest could).
    expect(await signedInCookie(email, valid.password)).toMatch(/^__session=/);
  });

  it("confirms with the page's button, not by opening the link; the link works once", async () => {
    const email = `confirm-${Date.now()}@example.com`;
    const { link } = await register(email);
    const token = new URL(link).searchParams.get("token")!;
    const page = (await confirmLoader(args(new Request(link)))) as { data: { state: string; email?: string }; init: ResponseInit | null };
    expect(page.data).toMatchObject({ state: "form", email });
    expect(await confirmedAt(email)).toBeNull();

    const done = (await run(confirmAction, post("/register/confirm", { token }))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect((await sessionFrom(done)).get("toast")).toMatchObject({ title: "account.toast.emailConfirmedTitle" });
    expect(await confirmedAt(email)).not.toBeNull();

    const again = await run(confirmAction, post("/register/confirm", { token }));
    expect(statusOf(again)).toBe(404);
    expect((await confirmLoader(args(new Request(link)))) as { init: ResponseInit }).toMatchObject({ init: { status: 404 } });
  });

  it("refuses an expired, unknown or malformed link with 404", async () => {
    const email = `expired-${Date.now()}@example.com`;
    const { link } = await register(email);
    await testDb.db.query(
      "update public.email_confirmations set expires_at = now() - interval '1 second' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    const token = new URL(link).searchParams.get("token")!;
    for (const bad of [token, "A".repeat(43), "short", "", `${token}x`]) {
      expect(statusOf(await run(confirmAction, post("/register/confirm", { token: bad }))), bad).toBe(404);
    }
    expect(await confirmedAt(email)).toBeNull();
  });

  it("ADMIN_EMAILS makes an account admin only once it has confirmed the address", async () => {
    const email = `boss-${Date.now()}@example.com`;
    vi.stubEnv("ADMIN_EMAILS", `someone@example.com, ${email.toUpperCase()}`);
    const { link } = await register(email);
    const cookie = await signedInCookie(email, valid.password);
    const adminPage = () => run(({ request }) => requireAdmin(request), new Request(`${ORIGIN}/admin`, { headers: { Cookie: cookie } }));
    // Whoever registers the address first gets nothing by it…
    expect(statusOf(await adminPage())).toBe(403);
    // …until the link in the address's mailbox is used.
    await run(confirmAction, post("/register/confirm", { token: new URL(link).searchParams.get("token")! }, { Cookie: cookie }));
    expect(((await adminPage()) as unknown as { isAdmin: boolean }).isAdmin).toBe(true);
  });
});

describe("sign-out", () => {
  function logout(cookie: string) {
    return run(logoutAction, post("/logout", { redirectTo: "/" }, { Cookie: cookie })) as Promise<Response>;
  }

  it("ends the session in the database: a copy of the cookie is signed out, and the browser gets a new visitor cart", async () => {
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const withCookie = () => new Request(`${ORIGIN}/profile`, { headers: { Cookie: cookie } });
    expect(statusOf(await run(profileLoader, withCookie()))).toBe(200);
    const response = await logout(`${cookie}; cart-session-id=6f1c2b3a-1d2e-4f50-8a6b-7c8d9e0f1a2b`);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    const cart = cookies.find((c) => c.startsWith("cart-session-id="));
    expect(cart).toMatch(/^cart-session-id=[0-9a-f-]{36}; /);
    expect(cart).not.toContain("6f1c2b3a-1d2e-4f50-8a6b-7c8d9e0f1a2b");
    expect(cart).toMatch(/HttpOnly/);
    // The copied cookie (replayed) is signed out.
    const replayed = await run(profileLoader, withCookie());
    expect((replayed as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
    expect((await getAuthState(withCookie())).sessionChanged).toBe(true);
  });

  it("a browser's last order is no longer readable after sign-out (the cart session it was placed with is gone)", async () => {
    const order = await createOrder(testDb, {
      customerName: "A", customerEmail: "a@example.com", customerPhone: "+49 1", total: 1, shippingAddress: {}, billingAddress: {},
      paymentMethod: "cash_on_delivery", sessionId: "7a1c2b3a-1d2e-4f50-8a6b-7c8d9e0f1a2b", lines: [],
    });
    const viewer = (sessionId: string | null) => getOrderForViewer(order, { userId: null, sessionId, isAdmin: false });
    expect(await viewer("7a1c2b3a-1d2e-4f50-8a6b-7c8d9e0f1a2b")).not.toBeNull();
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const response = await logout(`${cookie}; cart-session-id=7a1c2b3a-1d2e-4f50-8a6b-7c8d9e0f1a2b`);
    const next = response.headers.getSetCookie().find((c) => c.startsWith("cart-session-id="))!;
    const nextId = next.split(";")[0]!.slice("cart-session-id=".length);
    expect(await viewer(nextId)).toBeNull();
  });

  it("revokeOtherSessions keeps the current session; revokeAllSessions ends every one", async () => {
    const first = await signedInCookie("kunde@example.com", "kunde12345");
    const second = await signedInCookie("kunde@example.com", "kunde12345");
    const state = (cookie: string) => getAuthState(new Request(ORIGIN, { headers: { Cookie: cookie } }));
    const current = await state(second);
    expect(await revokeOtherSessions(current.user!.id, current.sessionId!)).toBeGreaterThanOrEqual(1);
    expect((await state(first)).user).toBeNull();
    expect((await state(second)).user?.email).toBe("kunde@example.com");
    expect(await revokeAllSessions(current.user!.id)).toBe(1);
    expect((await state(second)).user).toBeNull();
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
    const state = await getAuthState(new Request(ORIGIN, { headers: { Cookie: cookie } }));
    expect(state.user).not.toBeNull();
    const [row] = await testDb.db.query<{ days: number }>(
      "select round(extract(epoch from (expires_at - created_at)) / 86400)::int as days from public.sessions where id = $1",
      [state.sessionId],
    );
    expect(row?.days).toBe(30);
    await testDb.db.query("update public.sessions set expires_at = now() - interval '1 second' where id = $1", [state.sessionId]);
    const later = await getAuthState(new Request(ORIGIN, { headers: { Cookie: cookie } }));
    expect(later.user).toBeNull();
    // The cookie loses the dead session's token.
    expect(later.sessionChanged).toBe(true);
    expect(later.session.get("sessionToken")).toBeUndefined();
  });

  it("reads session, profile and role in one query; a page's loaders asking at once share it", async () => {
    const cookie = await signedInCookie("kunde@example.com", "kunde12345");
    const query = vi.spyOn(testDb.db, "query");
    const request = () => new Request(ORIGIN, { headers: { Cookie: cookie } });
    // The root loader and a route loader of the same page, each with its own Request (as Remix gives them).
    const [state, userId] = await Promise.all([getAuthState(request()), getUserId(request())]);
    expect(state.user?.email).toBe("kunde@example.com");
    expect(userId).toBe(state.user?.id);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]![0]).toMatch(/from public\.sessions s join public\.profiles p/);
  });

  it("removes expired sessions in small batches when someone signs in, not per request", async () => {
    await testDb.db.query("delete from public.sessions where expires_at < now()");
    const [kunde] = await testDb.db.query<{ user_id: string }>("select user_id from public.profiles where email = 'kunde@example.com'");
    await testDb.db.query(
      `insert into public.sessions (id, user_id, created_at, expires_at)
       select md5('expired-' || n), $1, now() - interval '40 days', now() - interval '10 days' from generate_series(1, 150) n`,
      [kunde!.user_id],
    );
    await signedInCookie("kunde@example.com", "kunde12345");
    const [left] = await testDb.db.query<{ count: number }>("select count(*)::int as count from public.sessions where expires_at < now()");
    expect(left?.count).toBe(50);
    await signedInCookie("kunde@example.com", "kunde12345");
    const [none] = await testDb.db.query<{ count: number }>("select count(*)::int as count from public.sessions where expires_at < now()");
    expect(none?.count).toBe(0);
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
