import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { action as loginAction, LOGIN_LIMITS } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { getAuthProvider } from "~/auth/provider.server";
import { getAuthState } from "~/auth/user.server";
import { revokeAllSessions } from "~/models/user-session.server";
import { claimRateSlot } from "~/models/rate-limit.server";

/**
 * Sign-in limits under concurrency and server-side sessions, on PGlite and on the real Postgres
 * of TEST_DATABASE_URL.
 */
const ORIGIN = "http://localhost:3000";

function loginRequest(email: string, password: string, address: string, cookie?: string) {
  return new Request(`${ORIGIN}/login`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": address,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ email, password }),
  });
}

async function statusOf(request: Request): Promise<number> {
  try {
    const result = (await loginAction({ request, params: {}, context: {} })) as Response | { init: ResponseInit | null };
    return result instanceof Response ? result.status : (result.init?.status ?? 200);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe.each(testDbKinds)("accounts on %s", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.close();
  });
  beforeEach(async () => {
    testDb.install();
    vi.stubEnv("SESSION_SECRET", "accounts-integration-test");
    vi.stubEnv("AUTH_PROVIDER", "local");
    vi.stubEnv("SITE_URL", ORIGIN);
    vi.stubEnv("ADMIN_EMAILS", "");
    await testDb.db.query("delete from public.rate_limits");
  });

  /** Fires 60 sign-ins at once and counts how many passwords the provider was asked to check. */
  async function burst(addressOf: (i: number) => string) {
    const checks = vi.spyOn(getAuthProvider(), "signIn");
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => statusOf(loginRequest("kunde@example.com", `wrong-guess-${i}`, addressOf(i)))),
    );
    return { checked: checks.mock.calls.length, statuses };
  }

  it(`a burst of 60 guesses from one address gets ${LOGIN_LIMITS.perAccountFromAddress} passwords checked`, async () => {
    const { checked, statuses } = await burst(() => "198.51.100.77");
    // Each attempt is counted (and gets its number) before any password is checked: exactly the limit pass.
    expect(checked).toBe(LOGIN_LIMITS.perAccountFromAddress);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checked);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - checked);
    // The owner, from elsewhere, still signs in.
    expect(await statusOf(loginRequest("kunde@example.com", "kunde12345", "203.0.113.99"))).toBe(302);
  });

  it(`a burst of 60 guesses from 60 addresses gets ${LOGIN_LIMITS.perAccount} passwords checked while the account's slow-down slot is taken`, async () => {
    // The slot was just taken (for the next hour, so the burst's own duration cannot matter).
    await testDb.db.query(
      "insert into public.rate_limits (key, count, window_start) values ('login:account-slot:kunde@example.com', 1, now() + interval '1 hour')",
    );
    const { checked, statuses } = await burst((i) => `192.0.2.${i + 1}`);
    expect(checked).toBe(LOGIN_LIMITS.perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_LIMITS.perAccount);
  });

  it("after a burst from many addresses, the owner asked to wait and trying again is slowed down, not locked out", async () => {
    await burst((i) => `192.0.2.${i + 1}`);
    // The slot frees every few seconds; meanwhile the owner, from their own address, tries again
    // and again, each answered "wait a moment" without anything checked.
    const owner = () => statusOf(loginRequest("kunde@example.com", "kunde12345", "203.0.113.50"));
    const slot = "login:account-slot:kunde@example.com";
    const takeSlot = () => testDb.db.query("update public.rate_limits set window_start = now() where key = $1", [slot]);
    await takeSlot();
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAccountFromAddress + 3; attempt++) expect(await owner()).toBe(429);
    // The slot is free again (its period has passed): the owner's password is checked, and they are in.
    await testDb.db.query("update public.rate_limits set window_start = now() - interval '1 hour' where key = $1", [slot]);
    expect(await owner()).toBe(302);
  });

  it("of 60 sign-ins asking for an account's slow-down slot at once, one gets it", async () => {
    const claims = await Promise.all(Array.from({ length: 60 }, () => claimRateSlot("login:account-slot:burst@example.com", 3600)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("sign-out ends the session in the database; a replayed cookie is signed out", async () => {
    const login = (await loginAction({ request: loginRequest("kunde@example.com", "kunde12345", "203.0.113.98"), params: {}, context: {} })) as Response;
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
    const withCookie = () => new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } });
    const state = await getAuthState(withCookie());
    expect(state.user?.email).toBe("kunde@example.com");
    await logoutAction({
      request: new Request(`${ORIGIN}/logout`, {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ redirectTo: "/" }),
      }),
      params: {},
      context: {},
    });
    expect((await getAuthState(withCookie())).user).toBeNull();
    expect(await testDb.db.query("select 1 from public.sessions where id = $1", [state.sessionId])).toHaveLength(0);
    await revokeAllSessions(state.user!.id);
  });
});
