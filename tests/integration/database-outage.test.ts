import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { allowConsoleErrors } from "../setup/vitest.setup";
import { DatabaseUnavailableError, type Database } from "~/db/database.server";
import { openPostgres } from "~/db/postgres.server";
import { databaseWasUnavailable, runInRequestScope, withOutageAnswer } from "~/services/outage.server";
import { TcpProxy } from "../e2e/support/tcp-proxy";

/*
 * The Postgres connection when the database goes away: on the real Postgres of TEST_DATABASE_URL,
 * reached directly or through a TCP proxy the test can cut. The database layer throws a
 * DatabaseUnavailableError; what a request answers then (`answered`: as a loader or action of the
 * build the server entry serves) is the 503.
 */
const answered = <T>(work: () => Promise<T>): Promise<T> => withOutageAnswer(work)();
const adminUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!adminUrl)("Postgres outages", () => {
  let admin: Database;
  let name = "";
  let directUrl = "";
  let proxy: TcpProxy;
  let proxiedUrl = "";

  beforeAll(async () => {
    admin = await openPostgres(adminUrl!, { max: 2 });
    name = `shop_outage_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await admin.exec(`create database ${name}`);
    const direct = new URL(adminUrl!);
    direct.pathname = `/${name}`;
    directUrl = direct.toString();
    proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const proxied = new URL(directUrl);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.toString();
  });

  // Every outage is logged for the operator (once per 10 s): expected here.
  beforeEach(() => allowConsoleErrors());

  afterAll(async () => {
    await proxy?.close();
    await admin?.exec(`drop database if exists ${name} with (force)`);
    await admin?.close();
  });

  it("while the database refuses connections every query fails at once with 503, and works as soon as it is back", async () => {
    const db = await openPostgres(proxiedUrl, { max: 2 });
    try {
      await db.query("select 1");
      await proxy.down();
      // postgres-js would wait longer before each new attempt (0.03, 0.09, 0.27, 0.8, 2.4, 7 s…).
      for (let attempt = 1; attempt <= 8; attempt++) {
        const started = performance.now();
        const error = await answered(() => db.query("select 1")).catch((e: unknown) => e);
        expect(error, `attempt ${attempt}`).toBeInstanceOf(Response);
        expect((error as Response).status).toBe(503);
        expect(performance.now() - started, `attempt ${attempt}`).toBeLessThan(1_000);
      }
      await proxy.up();
      const started = performance.now();
      expect(await db.query<{ ok: number }>("select 1 as ok")).toEqual([{ ok: 1 }]);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      await proxy.up();
      await db.close();
    }
  });

  it("a transaction whose connection dies fails with 503 and nothing more is written to the dead connection", async () => {
    // Written after the close, postgres-js's buffered write runs on a null socket from a timer and
    // throws uncaught ("Cannot read properties of null (reading 'write')"): Vitest fails the run.
    const db = await openPostgres(directUrl, { max: 2 });
    try {
      const outcome = db.transaction(async (tx) => {
        const [row] = await tx.query<{ pid: number }>("select pg_backend_pid() as pid");
        await admin.query("select pg_terminate_backend($1)", [row!.pid]);
        // The app goes on with other work meanwhile; the connection's close arrives.
        await sleep(300);
        await tx.query("select 1");
        return "committed";
      });
      const error = await answered(() => outcome).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(503);
      // Any stray write would throw by now.
      await sleep(500);
      expect(await db.query<{ ok: number }>("select 1 as ok")).toEqual([{ ok: 1 }]);
      // The statement that failed mid-transaction is a 503 too, and the pool recovers.
      const failing = db.transaction(async (tx) => {
        const [row] = await tx.query<{ pid: number }>("select pg_backend_pid() as pid");
        await admin.query("select pg_terminate_backend($1)", [row!.pid]);
        return tx.query("select pg_sleep(0.2)");
      });
      expect(((await answered(() => failing).catch((e: unknown) => e)) as Response).status).toBe(503);
      await sleep(500);
      expect(await db.query<{ ok: number }>("select 1 as ok")).toEqual([{ ok: 1 }]);
    } finally {
      await db.close();
    }
  });

  it("reads sent on connections a restart has just cut are read again on fresh ones, not answered 503", async () => {
    // A restart closes every connection, and a query can be sent on one before the driver has
    // heard of it (it hears on its next turn of the event loop): each such query failed with
    // CONNECTION_CLOSED and its page answered 503 though the database was back.
    const db = await openPostgres(proxiedUrl, { max: 4 });
    const warm = () => Promise.all(Array.from({ length: 4 }, () => db.query("select pg_sleep(0.05)")));
    try {
      await warm();
      proxy.cut();
      const reads = await Promise.all(Array.from({ length: 4 }, () => db.query<{ ok: number }>("select 1 as ok").catch((e: unknown) => e)));
      expect(reads).toEqual(Array.from({ length: 4 }, () => [{ ok: 1 }]));
      // A write is not sent twice: it may have been done before its connection went.
      await warm();
      proxy.cut();
      const write = await answered(() => db.query("create temporary table t (x int)")).catch((e: unknown) => e);
      expect(write).toBeInstanceOf(Response);
      expect((write as Response).status).toBe(503);
    } finally {
      await db.close();
    }
  });

  it("a database that stops answering: the statement gives up at its deadline with 503, and the log names it (never its parameters)", async () => {
    vi.stubEnv("DATABASE_QUERY_TIMEOUT_MS", "700");
    // The outage log writes one line per 10 s: a clock an hour on, so this outage's first line is written.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + 3_600_000);
    const logged = vi.spyOn(console, "error");
    const db = await openPostgres(proxiedUrl, { max: 1 });
    try {
      await db.query("select 1");
      proxy.hold();
      const started = performance.now();
      const error = await answered(() => db.query("select $1::text as held,\n       2 as   other", ["secret-parameter"])).catch((e: unknown) => e);
      expect((error as Response).status).toBe(503);
      expect(performance.now() - started).toBeLessThan(5_000);
      const lines = logged.mock.calls.map((call) => call.map(String).join(" "));
      expect(lines.some((line) => line.includes("did not answer within 700 ms: select $1::text as held, 2 as other"))).toBe(true);
      expect(lines.join("\n")).not.toContain("secret-parameter");
      proxy.release();
      expect(await db.query<{ ok: number }>("select 1 as ok")).toEqual([{ ok: 1 }]);
    } finally {
      proxy.release();
      vi.unstubAllEnvs();
      await db.close();
    }
  });

  it("what the database layer itself throws is a plain DatabaseUnavailableError, not an HTTP answer", async () => {
    const db = await openPostgres(proxiedUrl, { max: 1 });
    try {
      await db.query("select 1");
      await proxy.down();
      const error = await db.query("select 1").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(error).not.toBeInstanceOf(Response);
    } finally {
      await proxy.up();
      await db.close();
    }
  });

  it("a request knows that the database was unavailable while it was answered", async () => {
    const db = await openPostgres(proxiedUrl, { max: 1 });
    const attempt = () =>
      runInRequestScope(async () => {
        await db.query("select 1").catch(() => undefined);
        return databaseWasUnavailable();
      });
    try {
      expect(await attempt()).toBe(false);
      await proxy.down();
      expect(await attempt()).toBe(true);
      // Outside a request nothing is noted.
      expect(databaseWasUnavailable()).toBe(false);
    } finally {
      await proxy.up();
      await db.close();
    }
  });
});
