import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../setup/test-db";
import { createAccount, type AccountOverrides } from "../factories";
import type { Database } from "~/db/database.server";
import { openPglite } from "~/db/pglite.server";
import { migrate } from "~/db/migrate.server";

/**
 * `npm run admin -- grant|revoke|list` on a fresh database (migrated, no demo data): the way a
 * shop on its own Postgres gets its first administrator. On the embedded PGlite folder too (one
 * run only: every run starts PGlite anew, which takes seconds).
 */
const run = promisify(execFile);
const script = path.resolve(__dirname, "../../scripts/admin.mjs");

async function admin(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ADMIN_EMAILS: "", ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** An account that has not confirmed its address yet (first name "First"). */
const unconfirmed = { confirmed: false, firstName: "First", lastName: "" } satisfies AccountOverrides;

async function roles(db: Database, userId: string) {
  return (await db.query("select 1 from public.user_roles where user_id = $1 and role = 'admin'", [userId])).length;
}

describe("the admin command on the embedded database (DATA_DIR)", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-cli-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("grants the role on the folder the server uses, and refuses a folder that is missing or open", async () => {
    const env = { DATA_DIR: dataDir };
    const missing = await admin(env, "list");
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("There is no embedded database in");

    const db = await openPglite(path.join(dataDir, "pglite"));
    await migrate(db);
    const { id: userId } = await createAccount(db, { ...unconfirmed, email: "owner@example.com" });
    // While a process has the folder open, the command keeps out (PGlite: one process per folder).
    const open = await admin(env, "grant", "owner@example.com");
    expect(open.code).toBe(1);
    expect(open.out).toContain("is open (postmaster.pid): stop the shop first");
    await db.close();

    const granted = await admin(env, "grant", "owner@example.com");
    expect(granted, granted.out).toMatchObject({ code: 0 });
    expect(granted.out).toContain("owner@example.com is now an administrator.");
    const reopened = await openPglite(path.join(dataDir, "pglite"));
    expect(await roles(reopened, userId)).toBe(1);
    await reopened.close();
  }, 180_000);
});

describe.runIf(testDbKinds.includes("postgres"))("the admin command on a fresh Postgres (DATABASE_URL)", () => {
  let testDb: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    testDb = await createTestDatabase("postgres", { seed: false });
    env = { DATABASE_URL: testDb.url! };
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it("grants, lists and revokes the administrator role of an account by e-mail", async () => {
    const email = "first-admin@example.com";
    const { id: userId } = await createAccount(testDb, { ...unconfirmed, email });

    const granted = await admin(env, "grant", `  ${email.toUpperCase()} `);
    expect(granted, granted.out).toMatchObject({ code: 0 });
    expect(granted.out).toContain(`${email} is now an administrator.`);
    expect(await roles(testDb.db, userId)).toBe(1);
    expect((await admin(env, "grant", email)).out).toContain("was an administrator already");

    const listed = await admin({ ...env, ADMIN_EMAILS: "boss@example.com" }, "list");
    expect(listed.out).toContain(`${email} (role)`);
    expect(listed.out).toContain("boss@example.com (ADMIN_EMAILS, no account yet)");

    const revoked = await admin(env, "revoke", email);
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.out).toContain("is no longer an administrator");
    expect(await roles(testDb.db, userId)).toBe(0);
  });

  it("refuses an unknown e-mail and a wrong command with a clear message", async () => {
    const unknown = await admin(env, "grant", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain("No account has the e-mail nobody@example.com");
    const wrong = await admin(env, "promote", "x@example.com");
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain("Usage: npm run admin -- grant <email>");
  });
});
