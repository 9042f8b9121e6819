import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCatalogueBroadcast, type CatalogueBroadcast } from "~/db/catalogue-broadcast.server";
import { catalogueGeneration } from "~/db/catalogue-version.server";
import type { Database } from "~/db/database.server";
import { openPostgres } from "~/db/postgres.server";
import { TcpProxy } from "../e2e/support/tcp-proxy";
import { createTestDatabase, type TestDatabase } from "../setup/test-db";

/*
 * Several server processes on one Postgres: a catalogue change made through one database handle
 * (one process) reaches another handle (another process) through LISTEN/NOTIFY, also after the
 * other's LISTEN connection was lost while the database could not be reached.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)("catalogue changes across processes (Postgres LISTEN/NOTIFY)", () => {
  let test: TestDatabase;
  let other: Database;
  let proxy: TcpProxy;
  const broadcasts: CatalogueBroadcast[] = [];
  const seenByOther = vi.fn();

  beforeAll(async () => {
    test = await createTestDatabase("postgres");
    // The "other process": its own handle, reaching the database through a proxy the test can cut.
    const url = new URL(test.url!);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    other = await openPostgres(url.toString(), { max: 2 });
    const quiet = () => {};
    // This process publishes its changes (every catalogueChanged(), as the app's database does).
    broadcasts.push(startCatalogueBroadcast(test.db as Required<Database>, { onRemoteChange: quiet, pingMs: 200, log: quiet }));
    // The other process only listens (it must not take this process's changes for its own).
    broadcasts.push(
      startCatalogueBroadcast(other as Required<Database>, { onRemoteChange: seenByOther, subscribeLocal: () => () => {}, pingMs: 200, log: quiet }),
    );
    await vi.waitFor(() => expect(broadcasts.every((b) => b.isListening())).toBe(true), { timeout: 5_000 });
  });

  afterAll(async () => {
    for (const broadcast of broadcasts) await broadcast.stop();
    await other?.close();
    await proxy?.close();
    await test?.close();
  });

  async function changeStock() {
    const [product] = await test.db.query<{ id: string }>("select id from public.products order by id limit 1");
    await test.db.query("update public.products set stock = stock + 1 where id = $1", [product!.id]);
  }

  it("a stock change through one handle moves the other's generation within a second", async () => {
    const before = catalogueGeneration();
    seenByOther.mockClear();
    await changeStock();
    // This process's own generation moved at once (observeCatalogueWrites)…
    expect(catalogueGeneration()).toBeGreaterThan(before);
    // …and the other process hears of it.
    await vi.waitFor(() => expect(seenByOther).toHaveBeenCalled(), { timeout: 1_000, interval: 20 });
  });

  it("a read-only query announces nothing", async () => {
    await sleep(300);
    seenByOther.mockClear();
    await test.db.query("select count(*) from public.products");
    await sleep(500);
    expect(seenByOther).not.toHaveBeenCalled();
  });

  it("after its LISTEN connection was lost while the database was away, the other listens again and hears changes", async () => {
    await proxy.down();
    await vi.waitFor(() => expect(broadcasts[1]!.isListening()).toBe(false), { timeout: 5_000, interval: 50 });
    // Keep it away for a few ping periods: the driver's own re-listen fails and gives up.
    await sleep(1_000);
    await proxy.up();
    await vi.waitFor(() => expect(broadcasts[1]!.isListening()).toBe(true), { timeout: 10_000, interval: 50 });
    seenByOther.mockClear();
    await changeStock();
    await vi.waitFor(() => expect(seenByOther).toHaveBeenCalled(), { timeout: 1_000, interval: 20 });
  });
});
