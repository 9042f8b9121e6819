import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// env.server and session.server read NODE_ENV and cache their secrets when first used: every test
// gets fresh copies of the modules under its own environment.
async function freshEnvModule() {
  vi.resetModules();
  return import("~/utils/env.server");
}

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "session-secret-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("sessionSecrets", () => {
  it("refuses to start in production on a real database without SESSION_SECRET", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://shop@db.example/shop");
    vi.stubEnv("SESSION_SECRET", "");
    vi.stubEnv("DATA_DIR", tempDir());
    const { sessionSecrets } = await freshEnvModule();
    expect(() => sessionSecrets()).toThrow(/SESSION_SECRET must be set in production/);
  });

  it("uses SESSION_SECRET, comma-separated for rotation", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://shop@db.example/shop");
    vi.stubEnv("SESSION_SECRET", " new-secret , old-secret ");
    const { sessionSecrets } = await freshEnvModule();
    expect(sessionSecrets()).toEqual(["new-secret", "old-secret"]);
  });

  it("lets the embedded demo create one secret and keep it in DATA_DIR", async () => {
    const dir = tempDir();
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("SESSION_SECRET", "");
    vi.stubEnv("DATA_DIR", dir);
    const first = (await freshEnvModule()).sessionSecrets();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first[0]);
    // A restart (fresh module) reads the same secret, so sessions survive it.
    expect((await freshEnvModule()).sessionSecrets()).toEqual(first);
  });
});

describe("the __session cookie", () => {
  async function sessionCookieHeader() {
    vi.resetModules();
    const { getSession, commitSession } = await import("~/utils/session.server");
    const session = await getSession(new Request("http://localhost/"));
    session.set("userId", "00000000-0000-4000-8000-000000000000");
    return commitSession(session);
  }

  it("is httpOnly, SameSite=Lax, Secure and lasts 30 days in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "test-secret");
    vi.stubEnv("COOKIE_SECURE", "");
    const header = await sessionCookieHeader();
    expect(header).toMatch(/^__session=/);
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; Max-Age=2592000/);
    expect(header).toMatch(/; Path=\//);
  });

  it("is not Secure in development (plain http://localhost)", async () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("SESSION_SECRET", "test-secret");
    const header = await sessionCookieHeader();
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).not.toMatch(/; Secure/i);
  });

  it("reads a forged or tampered cookie as an empty session", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "test-secret");
    const header = await sessionCookieHeader();
    const value = header.split(";")[0]!.slice("__session=".length);
    const { getSession } = await import("~/utils/session.server");
    // Same payload, signature of another secret: an attacker cannot mint a session.
    const tampered = `${value.slice(0, -4)}AAAA`;
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: `__session=${tampered}` } }));
    expect(session.get("userId")).toBeUndefined();
    const garbage = await getSession(new Request("http://localhost/", { headers: { Cookie: "__session=%%%not-a-cookie" } }));
    expect(garbage.get("userId")).toBeUndefined();
  });
});
