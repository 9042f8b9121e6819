import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { useLanguage } from "./support/shop";
import { startShopServer, type ShopServer } from "./support/shop-server";

/**
 * The production server's /metrics (server/metrics.ts) and its backups (app/services/backup.server.ts)
 * as an operator meets them: started from the build with its own settings, like server.spec.ts.
 */
const TOKEN = "e2e-metrics-token";
const run = promisify(execFile);

/** A GET on a connection of its own (no keep-alive): node:cluster hands each to the next process. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { Connection: "close", ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
}

/** Sample lines of the Prometheus text format: { name, labels, value }. */
function samples(text: string) {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: match[3] === "+Inf" ? Number.POSITIVE_INFINITY : Number(match[3]) };
    });
}

const productCount = (text: string) =>
  samples(text)
    .filter((s) => s.name === "http_request_duration_seconds_count" && s.labels.route === "/products/:id")
    .reduce((sum, s) => sum + s.value, 0);

test.describe("/metrics with two server processes (WEB_CONCURRENCY=2 on Postgres)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side behaviour: run once, in the js project");
  test.skip(!process.env.TEST_DATABASE_URL, "needs a Postgres server (TEST_DATABASE_URL)");
  test.setTimeout(180_000);

  let server: ShopServer | undefined;
  let admin: postgres.Sql | undefined;
  const name = `shop_metrics_${Date.now()}`;

  test.afterAll(async () => {
    await server?.stop();
    if (admin) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  test("one scrape sums every process: requests to three products are one route label with every request counted", async () => {
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    server = await startShopServer({ DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2", SEED_DEMO_DATA: "true", METRICS_TOKEN: TOKEN, PAGE_CACHE: "off" });
    // Both processes up: each logs its start.
    await expect.poll(() => (server!.output().match(/Listening on/g) ?? []).length, { timeout: 60_000 }).toBe(2);
    const db = postgres(url.toString(), { max: 1 });
    const products = (await db`select id from public.products order by id limit 3`).map((row) => row.id as string);
    await db.end();
    expect(products).toHaveLength(3);

    expect((await get(`${server.url}/metrics`)).status).toBe(401);
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const before = productCount((await get(`${server.url}/metrics`, auth)).body);
    const REQUESTS = 30;
    for (let i = 0; i < REQUESTS; i++) expect((await get(`${server.url}/products/${products[i % 3]}?utm=${i}`)).status).toBe(200);

    // Each scrape lands on either process (a connection each) and always says the whole sum.
    for (let i = 0; i < 4; i++) {
      const { status, body } = await get(`${server.url}/metrics`, auth);
      expect(status).toBe(200);
      expect(productCount(body) - before).toBe(REQUESTS);
      const all = samples(body);
      const routes = new Set(all.filter((s) => s.name === "http_request_duration_seconds_count").map((s) => s.labels.route));
      for (const id of products) expect([...routes].some((route) => route?.includes(id))).toBe(false);
      // Read from the one database by every process: not doubled.
      expect(all.find((s) => s.name === "shop_orders_placed_total")?.value).toBe(0);
      expect(all.find((s) => s.name === "shop_database_up")?.value).toBe(1);
      expect(all.some((s) => s.name === "shop_outbox_emails" && s.labels.status === "queued")).toBe(true);
      expect(all.some((s) => s.name === "process_cpu_user_seconds_total")).toBe(true);
    }
  });
});

test.describe("backups while the embedded shop runs", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side behaviour: run once, in the js project");
  test.setTimeout(240_000);

  let tmp: string;
  let server: ShopServer | undefined;
  test.beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-backup-"));
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  test("npm run backup asks the running server; the restored folder serves the shop; /metrics is 404 without a token", async () => {
    const dataDir = path.join(tmp, "data");
    server = await startShopServer({ DATA_DIR: dataDir, BACKUP_INTERVAL_HOURS: "0" });
    expect((await get(`${server.url}/metrics`)).status).toBe(404);
    const backup = await run(process.execPath, ["scripts/backup.mjs"], { env: { ...process.env, DATA_DIR: dataDir } });
    expect(backup.stdout).toMatch(/The shop is running \(process \d+\): asking it/);
    const file = /Backup written: (\S+)/.exec(backup.stdout)?.[1];
    expect(file).toBeTruthy();
    expect(server.output()).toMatch(/Backup requested over the control socket/);
    // The shop kept serving meanwhile.
    expect((await get(`${server.url}/`)).status).toBe(200);
    await server.stop();
    server = undefined;

    const restoredDir = path.join(tmp, "restored");
    const restore = await run(process.execPath, ["scripts/restore.mjs", file!], { env: { ...process.env, DATA_DIR: restoredDir } });
    expect(restore.stdout).toMatch(/Restored the backup/);
    server = await startShopServer({ DATA_DIR: restoredDir, BACKUP_INTERVAL_HOURS: "0", METRICS_TOKEN: TOKEN });
    expect(server.output()).toMatch(/Migrations: all \d+ already applied/);
    expect((await get(`${server.url}/`)).status).toBe(200);
    const metrics = await get(`${server.url}/metrics`, { Authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(200);
    expect(samples(metrics.body).find((s) => s.name === "shop_backup_age_seconds")?.value).toBe(Number.POSITIVE_INFINITY);
  });

  test("a scheduled backup that fails is logged loudly and shown on the admin overview", async ({ page, context }) => {
    const dataDir = path.join(tmp, "failing");
    const blocked = path.join(tmp, "not-a-folder");
    writeFileSync(blocked, "");
    await server?.stop();
    server = await startShopServer({ DATA_DIR: dataDir, BACKUP_DIR: blocked, BACKUP_INTERVAL_HOURS: "0.0003" });
    await expect.poll(() => server!.output(), { timeout: 30_000 }).toMatch(/BACKUP FAILED: .*not-a-folder/);
    await useLanguage(context, server.url, "en");
    // This server is not the suite's (baseURL): absolute addresses, its own origin.
    const login = await page.request.post(`${server.url}/login`, {
      form: { email: "admin@example.com", password: "admin12345" },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    await page.goto(`${server.url}/admin`);
    await expect(page.getByTestId("backup-alert")).toContainText("The last backup failed");
  });
});
