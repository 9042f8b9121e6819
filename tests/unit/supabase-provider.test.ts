import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-db";
import { allowConsoleErrors } from "../setup/vitest.setup";
import { sessionCookie } from "../factories";
import { SupabaseAuthStandIn } from "./supabase-stand-in";
import { createSupabaseProvider } from "~/auth/supabase-provider.server";
import { getAuthProvider } from "~/auth/provider.server";
import { getAuthState } from "~/auth/user.server";
import { sessionIdOf } from "~/models/user-session.server";
import { upsertProfileOnSignIn } from "~/models/profile.server";
import { commitSession, getSession } from "~/utils/session.server";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";

const ORIGIN = "http://localhost:3000";
const standIn = new SupabaseAuthStandIn();
let testDb: TestDatabase;

beforeAll(async () => {
  await standIn.start();
  testDb = await createTestDatabase("pglite", { seed: false });
  testDb.install();
});
afterAll(async () => {
  await standIn.stop();
  await testDb?.close();
});
beforeEach(() => {
  vi.stubEnv("SESSION_SECRET", "supabase-provider-test");
  vi.stubEnv("AUTH_PROVIDER", "supabase");
  vi.stubEnv("SUPABASE_URL", standIn.url);
  vi.stubEnv("SUPABASE_ANON_KEY", "anon-key");
  vi.stubEnv("SITE_URL", ORIGIN);
  standIn.calls.length = 0;
  standIn.failRefreshes = 0;
  standIn.failLogouts = 0;
});

function provider() {
  return createSupabaseProvider({ url: standIn.url, anonKey: "anon-key" });
}

/** A request carrying the cookie of a new session of the user, with these Supabase tokens stored on the server. */
async function requestWithSession(values: { userId: string; accessToken: string; refreshToken: string; expiresAt: number }, url = `${ORIGIN}/`) {
  const { userId, ...tokens } = values;
  const cookie = await sessionCookie(userId, { url, tokens });
  return new Request(url, { headers: { Cookie: cookie } });
}

/** The Supabase tokens stored with the request's session. */
async function storedTokens(request: Request) {
  const session = await getSession(request);
  const id = sessionIdOf(session.get("sessionToken"));
  const [row] = await testDb.db.query<{ provider_tokens: { accessToken: string; refreshToken: string; expiresAt: number } | null }>(
    "select provider_tokens from public.sessions where id = $1",
    [id],
  );
  return row?.provider_tokens ?? null;
}

function cookieOf(response: Response) {
  return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}

async function signedInUser(email: string, expiresIn: number) {
  const user = standIn.addUser({ email, password: "secret-password", metadata: { firstName: "Sina", lastName: "Supa", country: "CH" }, confirmed: true });
  await upsertProfileOnSignIn({ id: user.id, email, firstName: "Sina", lastName: "Supa", country: "CH" });
  const issued = standIn.issueSession(user, expiresIn);
  return { user, issued };
}

describe("Supabase provider: sign-up, sign-in, sign-out", () => {
  it("signs up with the metadata and the e-mail confirmation redirect to the site origin", async () => {
    const result = await provider().signUp(
      { email: "new@example.com", password: "long-enough-1", firstName: "Nora", lastName: "Neu", country: "CH" },
      { emailRedirectTo: ORIGIN },
    );
    expect(result).toEqual({ ok: true, needsConfirmation: true });
    const [call] = standIn.callsTo("/auth/v1/signup");
    expect(call?.query.get("redirect_to")).toBe(ORIGIN);
    expect(call?.body).toMatchObject({
      email: "new@example.com",
      password: "long-enough-1",
      data: { firstName: "Nora", lastName: "Neu", country: "CH" },
    });
  });

  it("answers a taken address as a new sign-up and mails its owner; passes sign-in refusals on as codes", async () => {
    const taken = await provider().signUp(
      { email: "new@example.com", password: "long-enough-1", firstName: "N", lastName: "N", country: "DE" },
      { emailRedirectTo: ORIGIN, locale: "en" },
    );
    // Supabase refuses a taken address only when it signs new ones in at once: answered as such.
    expect(taken).toEqual({ ok: true, needsConfirmation: false });
    const notices = await testDb.db.query<{ kind: string; text_body: string }>(
      "select kind, text_body from public.email_outbox where to_address = 'new@example.com'",
    );
    expect(notices.map((notice) => notice.kind)).toEqual(["account_exists"]);
    expect(notices[0]!.text_body).toContain(`${ORIGIN}/forgot-password?lng=en`);
    expect(await provider().signIn("new@example.com", "long-enough-1")).toMatchObject({ ok: false, code: "email_not_confirmed" });
    expect(await provider().signIn("new@example.com", "wrong")).toMatchObject({ ok: false, code: "invalid_credentials" });
  });

  it("reports an unreachable service as unavailable, not as wrong credentials", async () => {
    // supabase-js logs the network error itself.
    allowConsoleErrors();
    const closed = new SupabaseAuthStandIn();
    const url = await closed.start();
    await closed.stop();
    const offline = createSupabaseProvider({ url, anonKey: "anon-key", requestTimeoutMs: 2000 });
    expect(await offline.signIn("a@example.com", "whatever1")).toMatchObject({ ok: false, code: "unavailable" });
  });

  it("signs in with the password and returns tokens and metadata", async () => {
    standIn.addUser({ email: "sina@example.com", password: "secret-password", metadata: { firstName: "Sina", lastName: "Supa", country: "CH" }, confirmed: true });
    const result = await provider().signIn("sina@example.com", "secret-password");
    if (!result.ok) throw new Error(`sign-in failed: ${result.code}`);
    expect(result.identity).toMatchObject({ email: "sina@example.com", firstName: "Sina", lastName: "Supa", country: "CH" });
    expect(result.identity.tokens?.accessToken).toMatch(/^at-/);
    expect(result.identity.tokens?.refreshToken).toMatch(/^rt-/);
    expect(result.identity.tokens!.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("signs out this session; a Supabase failure is reported, an already-dead token is fine", async () => {
    const { issued } = await signedInUser("out@example.com", 3600);
    const tokens = { accessToken: issued.access_token, refreshToken: issued.refresh_token, expiresAt: issued.expires_at };
    standIn.failLogouts = 1;
    expect(await provider().signOut(tokens)).toMatchObject({ ok: false });
    expect(await provider().signOut(tokens)).toEqual({ ok: true });
    const [, second] = standIn.callsTo("/auth/v1/logout");
    expect(second?.headers.authorization).toBe(`Bearer ${issued.access_token}`);
    expect(second?.query.get("scope")).toBe("local");
    // The token is revoked now: Supabase answers 401, which counts as signed out already.
    expect(await provider().signOut(tokens)).toEqual({ ok: true });
  });
});

describe("Supabase tokens with the server-side session", () => {
  it("the login action keeps the tokens with the session on the server (not in the cookie) and creates the profile from the metadata", async () => {
    const user = standIn.addUser({ email: "first@example.com", password: "secret-password", metadata: { firstName: "Fiona", lastName: "First", country: "CH" }, confirmed: true });
    const response = (await loginAction({
      request: new Request(`${ORIGIN}/login`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "first@example.com", password: "secret-password" }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    const next = new Request(ORIGIN, { headers: { Cookie: cookieOf(response) } });
    expect((await getAuthState(next)).user?.id).toBe(user.id);
    const tokens = await storedTokens(next);
    expect(tokens?.accessToken).toMatch(/^at-/);
    expect(tokens?.refreshToken).toMatch(/^rt-/);
    // The cookie itself carries neither token.
    const cookieValue = decodeURIComponent(cookieOf(response));
    expect(cookieValue).not.toContain(tokens!.accessToken);
    expect(Buffer.from(cookieValue.split("=")[1]!.split(".")[0]!, "base64").toString()).not.toContain("rt-");
    const [profile] = await testDb.db.query<{ first_name: string; country: string }>(
      "select first_name, country from public.profiles where user_id = $1",
      [user.id],
    );
    expect(profile).toEqual({ first_name: "Fiona", country: "CH" });
  });

  it("refreshes an expired access token on the next request and keeps the new tokens", async () => {
    const { user, issued } = await signedInUser("expired@example.com", -10);
    const request = await requestWithSession({
      userId: user.id,
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
      expiresAt: issued.expires_at,
    });
    const state = await getAuthState(request);
    expect(state.user?.email).toBe("expired@example.com");
    expect(standIn.callsTo("/auth/v1/token", "refresh_token")).toHaveLength(1);
    const stored = (await storedTokens(request))!;
    const newAccess = stored.accessToken;
    expect(newAccess).not.toBe(issued.access_token);
    expect(stored.refreshToken).not.toBe(issued.refresh_token);
    expect(stored.expiresAt).toBeGreaterThan(Date.now() / 1000);
    // The next request uses the stored tokens: no second refresh.
    await getAuthState(request);
    expect(standIn.callsTo("/auth/v1/token", "refresh_token")).toHaveLength(1);
    // Supabase accepts the new access token.
    const me = await fetch(`${standIn.url}/auth/v1/user`, { headers: { apikey: "anon-key", Authorization: `Bearer ${newAccess}` } });
    expect(me.status).toBe(200);
  });

  it("does not refresh a token that is still valid", async () => {
    const { user, issued } = await signedInUser("fresh@example.com", 3600);
    const state = await getAuthState(
      await requestWithSession({
        userId: user.id,
        accessToken: issued.access_token,
        refreshToken: issued.refresh_token,
        expiresAt: issued.expires_at,
      }),
    );
    expect(state.user?.email).toBe("fresh@example.com");
    expect(standIn.callsTo("/auth/v1/token", "refresh_token")).toHaveLength(0);
  });

  it("retries a refresh while Supabase is unavailable, backing off from 200 ms and doubling", async () => {
    const { issued } = await signedInUser("backoff@example.com", -10);
    standIn.failRefreshes = 2;
    const result = await provider().refresh({ accessToken: issued.access_token, refreshToken: issued.refresh_token, expiresAt: issued.expires_at });
    expect(result.ok).toBe(true);
    const attempts = standIn.callsTo("/auth/v1/token", "refresh_token").map((call) => call.at);
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(190);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(390);
  });

  it("keeps the user signed in when Supabase stays unreachable, to try again on the next request", async () => {
    const { user, issued } = await signedInUser("outage@example.com", -10);
    standIn.failRefreshes = 10;
    const request = await requestWithSession({
      userId: user.id,
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
      expiresAt: issued.expires_at,
    });
    const state = await getAuthState(request);
    expect(state.user?.email).toBe("outage@example.com");
    expect((await storedTokens(request))?.refreshToken).toBe(issued.refresh_token);
    expect(standIn.callsTo("/auth/v1/token", "refresh_token")).toHaveLength(4);
  });

  it("ends the session cleanly when the refresh token is refused", async () => {
    const { user, issued } = await signedInUser("revoked@example.com", -10);
    standIn.refreshTokens.delete(issued.refresh_token);
    const request = await requestWithSession({
      userId: user.id,
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
      expiresAt: issued.expires_at,
    });
    const state = await getAuthState(request);
    expect(state.user).toBeNull();
    expect(state.sessionChanged).toBe(true);
    expect(state.session.get("sessionToken")).toBeUndefined();
    // The session (and its tokens) is gone from the server.
    expect(await storedTokens(request)).toBeNull();
    // The next request, with the old or the committed cookie, is signed out with no further call to Supabase.
    const cookie = (await commitSession(state.session, request)).split(";")[0]!;
    const calls = standIn.calls.length;
    expect((await getAuthState(new Request(ORIGIN, { headers: { Cookie: cookie } }))).user).toBeNull();
    expect((await getAuthState(request)).user).toBeNull();
    expect(standIn.calls.length).toBe(calls);
  });

  it("the logout action revokes the session at Supabase and on the server; a failure keeps the user signed in", async () => {
    const { user, issued } = await signedInUser("logout@example.com", 3600);
    const base = await requestWithSession(
      { userId: user.id, accessToken: issued.access_token, refreshToken: issued.refresh_token, expiresAt: issued.expires_at },
      `${ORIGIN}/logout`,
    );
    const post = async () =>
      (await logoutAction({
        request: new Request(`${ORIGIN}/logout`, {
          method: "POST",
          headers: { Cookie: base.headers.get("Cookie")!, Origin: ORIGIN, Referer: `${ORIGIN}/products?page=2`, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ redirectTo: "/" }),
        }),
        params: {},
        context: {},
      })) as Response;
    standIn.failLogouts = 1;
    const failed = await post();
    expect(failed.headers.get("Location")).toBe("/products?page=2");
    const kept = new Request(ORIGIN, { headers: { Cookie: cookieOf(failed) } });
    expect((await getAuthState(kept)).user?.id).toBe(user.id);
    expect((await getSession(kept)).get("toast")).toMatchObject({ kind: "error", title: "account.toast.error", description: "account.toast.signOutFailed" });

    const ok = await post();
    expect(ok.headers.get("Location")).toBe("/");
    const cleared = await getSession(new Request(ORIGIN, { headers: { Cookie: cookieOf(ok) } }));
    expect(cleared.get("sessionToken")).toBeUndefined();
    expect(cleared.get("toast")).toMatchObject({ kind: "success", title: "account.toast.signedOut" });
    expect(standIn.accessTokens.has(issued.access_token)).toBe(false);
    // The old cookie is signed out, and its tokens are gone from the server.
    expect((await getAuthState(base)).user).toBeNull();
    expect(await storedTokens(base)).toBeNull();
  });

  it("refuses to start the supabase provider without its settings", () => {
    vi.stubEnv("SUPABASE_ANON_KEY", "");
    expect(() => getAuthProvider()).toThrow(/SUPABASE_URL and SUPABASE_ANON_KEY/);
  });
});
