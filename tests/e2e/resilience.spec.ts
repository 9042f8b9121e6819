import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { TcpProxy } from "./support/tcp-proxy";
import { startShopServer, type ShopServer } from "./support/shop-server";

/*
 * The shop when its database goes away, and on shutdown. A second production server of our own runs
 * on a fresh database on the TEST_DATABASE_URL server, reached through a TCP proxy this test controls:
 * with the proxy down, pages answer 503 with the error state (not a hang, not a crash), and they
 * recover once it is back. Then: SIGTERM lets a request in flight finish and the process exits 0.
 * Needs a real Postgres (TEST_DATABASE_URL); JavaScript plays no part, so it runs in the js project.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const PRODUCT_ID = "00000000-0000-4000-8000-000000000001";
const PAGES = ["/", "/products", `/products/${PRODUCT_ID}`, "/cart"];

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side behaviour: run once, in the js project");
test.skip(!adminUrl, "needs TEST_DATABASE_URL (a Postgres server to create a throwaway database on)");

let database = "";
let proxy: TcpProxy;
let databaseUrl = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const admin = new URL(adminUrl!);
  database = `shop_resilience_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const sql = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${database}`);
  await sql.end();
  proxy = new TcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  await proxy.start();
  const url = new URL(adminUrl!);
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
});

test.afterAll(async () => {
  await proxy?.close();
  if (!database) return;
  const sql = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await sql.unsafe(`drop database if exists ${database} with (force)`);
  await sql.end();
});

/** A shopper with something in the cart (an empty cart needs no database, a filled one does). */
let cookie = "";

async function fillCart(server: ShopServer) {
  const response = await fetch(`${server.url}/cart`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", productId: PRODUCT_ID, quantity: "1", redirectTo: "/cart" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  expect(cookie).toContain("cart-session-id=");
}

async function fetchPage(server: ShopServer, path: string, { withCart = true } = {}) {
  // A hanging page fails here: the request gives up long before the test does.
  const headers: Record<string, string> = { "Accept-Language": "de", ...(withCart ? { Cookie: cookie } : {}) };
  const response = await fetch(`${server.url}${path}`, { headers, signal: AbortSignal.timeout(20_000) });
  return {
    status: response.status,
    body: await response.text(),
    retryAfter: response.headers.get("retry-after"),
    pageCache: response.headers.get("x-page-cache"),
  };
}

test("without the database pages answer 503 with the error state, and recover when it is back", async () => {
  test.setTimeout(180_000);
  const server = await startShopServer({ DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "true", DATABASE_CONNECT_TIMEOUT: "2", DATABASE_QUERY_TIMEOUT_MS: "4000" });
  try {
    await fillCart(server);
    for (const path of PAGES) expect((await fetchPage(server, path)).status, `${path} with the database`).toBe(200);
    expect((await fetchPage(server, "/cart")).body).toContain('data-testid="cart-line"');
    // A new visitor's listing, now in the shared page cache.
    await fetchPage(server, "/products", { withCart: false });
    expect((await fetchPage(server, "/products", { withCart: false })).pageCache).toBe("hit");

    // 1. The database refuses connections (and the open ones are cut).
    await proxy.down();
    for (const path of PAGES) {
      const page = await fetchPage(server, path);
      expect(page.status, `${path} without the database`).toBe(503);
      expect(page.body, path).toContain('data-testid="error-state"');
      expect(page.body, path).toContain('data-status="503"');
      expect(page.body, path).not.toMatch(/ECONNREFUSED|at \/|node_modules|postgres/i);
    }
    // A page the shared cache already holds is still shown to new visitors; any other is a 503.
    const cached = await fetchPage(server, "/products", { withCart: false });
    expect([cached.status, cached.pageCache]).toEqual([200, "hit"]);
    const uncached = await fetchPage(server, "/products?page=2", { withCart: false });
    expect(uncached.status, "an uncached page without the database").toBe(503);
    expect(uncached.body).toContain('data-status="503"');
    // Still alive: the process did not crash.
    expect(server.process.exitCode).toBeNull();

    // 2. Back again: the next requests succeed.
    await proxy.up();
    await expect.poll(async () => (await fetchPage(server, "/")).status, { timeout: 30_000 }).toBe(200);
    for (const path of PAGES) expect((await fetchPage(server, path)).status, `${path} after recovery`).toBe(200);

    // 3. The database stops answering (connections stay open, nothing comes back).
    proxy.hold();
    const stalled = await fetchPage(server, "/products");
    expect(stalled.status, "a database that stops answering").toBe(503);
    proxy.release();
    await expect.poll(async () => (await fetchPage(server, "/products")).status, { timeout: 30_000 }).toBe(200);
  } finally {
    proxy.release();
    await proxy.up();
    await server.stop();
  }
});

test("SIGTERM: the request in flight completes with 200 and the process exits 0", async () => {
  test.setTimeout(120_000);
  const server = await startShopServer({ DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "true", SHUTDOWN_GRACE_MS: "20000" });
  try {
    expect((await fetchPage(server, "/products")).status).toBe(200);
    // Hold the database's traffic so the next page is mid-request when the signal comes.
    proxy.hold();
    const inFlight = fetchPage(server, `/products/${PRODUCT_ID}`);
    await proxy.waitForHeld();
    server.process.kill("SIGTERM");
    // The server stops taking new connections…
    await expect
      .poll(async () => {
        try {
          await fetch(`${server.url}/robots.txt`, { signal: AbortSignal.timeout(2_000) });
          return "open";
        } catch {
          return "closed";
        }
      }, { timeout: 15_000 })
      .toBe("closed");
    // …and is still there, finishing what it started.
    expect(server.process.exitCode).toBeNull();
    proxy.release();
    const page = await inFlight;
    expect(page.status).toBe(200);
    expect(page.body).toContain("</html>");
    expect(await server.exited, server.output()).toBe(0);
  } finally {
    proxy.release();
    await server.stop();
  }
});
