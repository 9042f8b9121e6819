import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
    // The whole configuration is checked at once: production on a real database needs SITE_URL and SHOP_IBAN too.
    vi.stubEnv("SITE_URL", "https://shop.example");
    vi.stubEnv("SHOP_IBAN", "DE89 3704 0044 0532 0130 00");
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

  it("keeps the secret the owner's only: a new DATA_DIR 0700 and the file 0600 whatever the umask; an older 0644 file is tightened", async () => {
    const umask = process.umask(0o022);
    try {
      const dir = path.join(tempDir(), "data");
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("DATABASE_URL", "");
      vi.stubEnv("SESSION_SECRET", "");
      vi.stubEnv("DATA_DIR", dir);
      (await freshEnvModule()).sessionSecrets();
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dir, "session-secret")).mode & 0o777).toBe(0o600);

      const older = tempDir();
      writeFileSync(path.join(older, "session-secret"), "b".repeat(64));
      chmodSync(path.join(older, "session-secret"), 0o644);
      vi.stubEnv("DATA_DIR", older);
      expect((await freshEnvModule()).sessionSecrets()).toEqual(["b".repeat(64)]);
      expect(statSync(path.join(older, "session-secret")).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });
});

describe("the __session cookie", () => {
  async function sessionCookieHeader(url = "http://localhost/", headers: Record<string, string> = {}) {
    vi.resetModules();
    const { getSession, commitSession } = await import("~/utils/session.server");
    const session = await getSession(new Request("http://localhost/"));
    session.set("sessionToken", "a".repeat(43));
    return commitSession(session, new Request(url, { headers }));
  }

  it("is httpOnly, SameSite=Lax, Secure over HTTPS and lasts 30 days", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "test-secret");
    vi.stubEnv("COOKIE_SECURE", "");
    const header = await sessionCookieHeader("https://shop.example/");
    expect(header).toMatch(/^__session=/);
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; Max-Age=2592000/);
    expect(header).toMatch(/; Path=\//);
  });

  it("is not Secure over plain HTTP, in production too (a browser would drop it off localhost)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "test-secret");
    vi.stubEnv("COOKIE_SECURE", "");
    const header = await sessionCookieHeader("http://192.168.1.20:3000/");
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
    expect(session.get("sessionToken")).toBeUndefined();
    const garbage = await getSession(new Request("http://localhost/", { headers: { Cookie: "__session=%%%not-a-cookie" } }));
    expect(garbage.get("sessionToken")).toBeUndefined();
  });
});
