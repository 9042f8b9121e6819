import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { TcpProxy } from "./support/tcp-proxy";
import { postgresBinaries, ThrowawayCluster } from "./support/pg-cluster";
import { startShopServer, type ShopServer } from "./support/shop-server";
import { checkoutForm } from "./support/shop";

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

test.describe("the database behind a proxy the test cuts", () => {
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
});

/** Can this machine run a throwaway cluster (Debian's PostgreSQL; as root, through the postgres user)? */
function clusterUnavailable(): string | null {
  if (!postgresBinaries()) return "needs PostgreSQL's initdb and pg_ctl (Debian: apt-get install postgresql)";
  if (process.getuid?.() === 0 && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser")) return "as root, needs runuser";
  return null;
}

test.describe("a real Postgres restart under traffic", () => {
  const unavailable = clusterUnavailable();
  test.skip(unavailable !== null, unavailable ?? "");

  test("the server survives restarts, answers 503 within 3 s while the database is down, and serves again without a restart", async () => {
    test.setTimeout(300_000);
    const cluster = new ThrowawayCluster(postgresBinaries()!);
    await cluster.init();
    const sql = postgres(cluster.url(), { max: 1, onnotice: () => {} });
    await sql.unsafe("create database shop");
    await sql.end();
    const server = await startShopServer({ DATABASE_URL: cluster.url("shop"), SEED_DEMO_DATA: "true", TRUST_PROXY: "true" });
    const json = { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "de" };
    let stop = false;
    let traffic: Promise<unknown> = Promise.resolve();
    try {
      // A shopper with an account, and one with a cart.
      const email = `restart-${Date.now()}@example.com`;
      const register = await fetch(`${server.url}/register`, {
        method: "POST",
        headers: json,
        redirect: "manual",
        body: new URLSearchParams({ firstName: "Rita", lastName: "Restart", email, country: "DE", password: "restart-1234", confirmPassword: "restart-1234" }),
      });
      expect(register.status).toBeLessThan(400);
      const login = () =>
        fetch(`${server.url}/login`, { method: "POST", headers: json, redirect: "manual", body: new URLSearchParams({ email, password: "restart-1234" }), signal: AbortSignal.timeout(3_000) });
      // The shopper is also an administrator: /admin is one of the personal pages checked below.
      const roles = postgres(cluster.url("shop"), { max: 1, onnotice: () => {} });
      await roles`insert into public.user_roles (user_id, role) select user_id, 'admin' from public.profiles where email = ${email}`;
      await roles.end();
      const signedIn = await login();
      expect(signedIn.status).toBe(302);
      const session = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const added = await fetch(`${server.url}/cart`, {
        method: "POST",
        headers: json,
        redirect: "manual",
        body: new URLSearchParams({ intent: "add", productId: PRODUCT_ID, quantity: "1", redirectTo: "/cart" }),
      });
      const cart = added.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      expect(cart).toContain("cart-session-id=");
      const personal = {
        cart: () => fetch(`${server.url}/cart`, { headers: { Cookie: cart }, signal: AbortSignal.timeout(3_000) }),
        profile: () => fetch(`${server.url}/profile`, { headers: { Cookie: session }, redirect: "manual", signal: AbortSignal.timeout(3_000) }),
        admin: () => fetch(`${server.url}/admin`, { headers: { Cookie: session }, redirect: "manual", signal: AbortSignal.timeout(3_000) }),
        checkoutPage: () => fetch(`${server.url}/checkout`, { headers: { Cookie: cart }, redirect: "manual", signal: AbortSignal.timeout(3_000) }),
        login,
        checkout: () =>
          fetch(`${server.url}/checkout`, {
            method: "POST",
            headers: { ...json, Cookie: cart },
            redirect: "manual",
            body: new URLSearchParams(checkoutForm()),
            signal: AbortSignal.timeout(3_000),
          }),
      };

      // Traffic all along: personal pages and cart changes from four shoppers.
      const answers: Record<string, number> = {};
      traffic = Promise.all(
        [0, 1, 2, 3].map(async (worker) => {
          for (let i = worker; !stop; i++) {
            const work = [
              () => fetch(`${server.url}/cart`, { headers: { Cookie: cart } }),
              () => fetch(`${server.url}/profile`, { headers: { Cookie: session }, redirect: "manual" }),
              () =>
                fetch(`${server.url}/cart`, {
                  method: "POST",
                  headers: { ...json, Cookie: cart },
                  redirect: "manual",
                  body: new URLSearchParams({ intent: "update", productId: PRODUCT_ID, quantity: "1", redirectTo: "/cart" }),
                }),
            ][i % 3]!;
            try {
              const response = await work();
              await response.arrayBuffer();
              answers[response.status] = (answers[response.status] ?? 0) + 1;
            } catch {
              answers.failed = (answers.failed ?? 0) + 1;
            }
          }
        }),
      );

      const servesAgain = async () => {
        await expect.poll(async () => (await personal.cart().catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
      };
      // 1. Restarts, clean and like a crash, while requests are in flight.
      for (const mode of ["immediate", "fast", "immediate"] as const) {
        await cluster.restart(mode);
        await servesAgain();
        expect(server.process.exitCode, `after a ${mode} restart:\n${server.output()}`).toBeNull();
      }

      // 2. Down: every page that needs the database answers 503 within 3 s (the fetches give up
      //    after 3 s); login and checkout too, not 500 — also while the traffic's requests for the
      //    same session and cart wait on the same queries.
      await cluster.stop("immediate");
      for (const [name, request] of Object.entries(personal)) {
        const response = await request();
        expect(response.status, `${name} while the database is down`).toBe(503);
        expect(response.headers.get("retry-after"), name).toBe("5");
      }
      const page = await (await personal.cart()).text();
      expect(page).toContain('data-status="503"');
      expect(server.process.exitCode).toBeNull();

      // 3. Back: it serves again by itself.
      await cluster.start();
      await servesAgain();
      const tail = () => server.output().slice(-4000);
      // A request that does not answer in time fails with the server's log (which names the statement that waited).
      const answer = async (name: keyof typeof personal) => {
        try {
          return (await personal[name]()).status;
        } catch (error) {
          throw new Error(`${name} after the database came back: ${String(error)}\n${tail()}`);
        }
      };
      expect(await answer("profile"), tail()).toBe(200);
      expect(await answer("admin"), tail()).toBe(200);
      expect(await answer("checkoutPage"), tail()).toBe(200);
      expect(await answer("login"), tail()).toBe(302);
      expect(await answer("checkout"), tail()).toBe(303);

      stop = true;
      await traffic;
      expect(answers["200"] ?? 0, JSON.stringify(answers)).toBeGreaterThan(0);
      // Down or not, no request of the traffic was a server error other than the outage's 503.
      expect(Object.keys(answers).filter((status) => /^5/.test(status) && status !== "503"), JSON.stringify(answers)).toEqual([]);
      expect(server.process.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/Uncaught|Unhandled|TypeError|Cannot read properties|driver fault/);
    } finally {
      stop = true;
      await traffic;
      await server.stop();
      await cluster.destroy();
    }
  });
});
