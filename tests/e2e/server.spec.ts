import { createHash } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { demoAdmin, signIn } from "./fixtures";
import { freePort } from "./support/shop-server";
import { PRODUCT_ID, waitForHydration } from "./support/shop";

/*
 * The production server entry (server/): headers, health endpoints, body limits, the data folder's
 * lock and the start-up sequence, and the pages working under its Content-Security-Policy.
 */

/** Collects CSP violations (the event fires for anything the policy blocked) and console errors. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const logged: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) logged.push(message.text());
  });
  return async (label: string) => {
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    expect([...violations, ...logged], `${label}: CSP violations`).toEqual([]);
  };
}

async function expectImagesLoaded(page: Page, label: string) {
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>("main img")]
      .filter((img) => img.loading !== "lazy" || img.getBoundingClientRect().top < innerHeight)
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );
  expect(broken, `${label}: images that did not load`).toEqual([]);
}

test.describe("under the Content-Security-Policy", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "scripts and the policy: JavaScript on");

  test("the shop's pages run their scripts, load images and styles, and nothing is blocked", async ({ page }) => {
    test.setTimeout(120_000);
    const check = await watchPolicy(page);
    for (const url of ["/", "/products", `/products/${PRODUCT_ID}`, "/category/office-gifts", "/search?q=stift"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      const csp = response?.headers()["content-security-policy"] ?? "";
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      // Every inline script (JSON-LD is data, not run) is allowed: by the response's nonce, or, on a
      // page from the shared cache, by its hash (page-cache-hardening.spec.ts).
      const scripts = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src]):not([type='application/ld+json'])")].map((s) => ({ nonce: (s as HTMLScriptElement).nonce, text: s.textContent ?? "" })),
      );
      expect(scripts.length, url).toBeGreaterThan(0);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      if (nonce) expect(new Set(scripts.map((s) => s.nonce)), url).toEqual(new Set([nonce]));
      else {
        expect(["hit", "miss"], url).toContain(response?.headers()["x-page-cache"]);
        const allowed = [...(/script-src 'self'([^;]*)/.exec(csp)?.[1] ?? "").matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
        for (const { text } of scripts) expect(allowed, url).toContain(createHash("sha256").update(text).digest("base64"));
      }
      await waitForHydration(page, true);
      // The stylesheet applies (Tailwind's layout on the body).
      expect(await page.evaluate(() => getComputedStyle(document.body).display), url).toBe("flex");
      await expectImagesLoaded(page, url);
      await check(url);
    }
    // Client-side work: add to the cart without a reload, then the cart and the checkout.
    await page.goto(`/products/${PRODUCT_ID}`);
    await waitForHydration(page, true);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("button", { name: /^(In den Warenkorb|Add to cart)$/ }).first().click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.getByTestId("cart-badge").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await check("cart");
    await page.goto("/checkout");
    await waitForHydration(page, true);
    await check("checkout");
  });

  test("signing in and the admin's product page work under it too", async ({ page }) => {
    test.setTimeout(120_000);
    const check = await watchPolicy(page);
    await signIn(page, demoAdmin.email, demoAdmin.password);
    await check("sign-in");
    await page.goto(`/admin/products/${PRODUCT_ID}`);
    await waitForHydration(page, true);
    await expect(page.getByTestId("product-form")).toBeVisible();
    await expectImagesLoaded(page, "admin product");
    await check("admin product");
  });
});

test.describe("the server itself", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side behaviour: run once, in the js project");

  test("security headers on every answer; HSTS only over HTTPS (the tests' server trusts its proxy)", async ({ request }) => {
    for (const url of ["/", "/robots.txt", "/favicon.svg", "/no-such-page"]) {
      const response = await request.get(url);
      const headers = response.headers();
      expect(headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["x-frame-options"], url).toBe("DENY");
      expect(headers["strict-transport-security"], url).toBeUndefined();
    }
    const https = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  test("hashed assets are cached for a year, immutable; other public files for an hour", async ({ request }) => {
    const page = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(page)?.[0];
    expect(asset).toBeTruthy();
    expect((await request.get(asset!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await request.get("/favicon.svg")).headers()["cache-control"]).toBe("public, max-age=3600");
  });

  test("an idle keep-alive connection stays open past Node's 5 s default, so a pooled socket is not reset", async ({ baseURL }) => {
    test.setTimeout(30_000);
    const url = new URL(baseURL!);
    const socket = net.connect(Number(url.port), url.hostname);
    let received = "";
    let closedAfter = -1;
    const opened = Date.now();
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("close", () => (closedAfter = Date.now() - opened));
    const ask = () => socket.write(`GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    ask();
    await expect.poll(() => received).toContain("\r\n\r\nok");
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(closedAfter, "the server closed the idle connection").toBe(-1);
    received = "";
    ask();
    await expect.poll(() => received).toContain("\r\n\r\nok");
    socket.destroy();
  });

  test("/healthz and /readyz answer for load balancers", async ({ request }) => {
    const health = await request.get("/healthz");
    expect([health.status(), await health.text()]).toEqual([200, "ok"]);
    const ready = await request.get("/readyz");
    expect([ready.status(), await ready.text()]).toEqual([200, "ready"]);
  });

  test("a form post over 1 MB is refused with 413 in the visitor's language, before any route runs", async ({ request, baseURL }) => {
    const body = `message=${"a".repeat(2 * 1024 * 1024)}`;
    const texts = { de: "Anfrage zu groß", en: "Request too large", fr: "Requête trop volumineuse", ar: "الطلب كبير جداً" };
    for (const [lng, title] of Object.entries(texts)) {
      const response = await request.post("/contact", {
        headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", "Accept-Language": lng },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status(), lng).toBe(413);
      expect(await response.text(), lng).toContain(`<h1>${title}</h1>`);
    }
    // The shop is fine afterwards.
    expect((await request.get("/contact")).status()).toBe(200);
  });
});

/** Runs the build's server on its own port and data folder; resolves when it exits. */
function runServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/main.js`], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SESSION_SECRET: "lock-test-secret", SITE_URL: `http://localhost:${port}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

test.describe("one server per data folder, and the start-up", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side behaviour: run once, in the js project");

  test("of three servers started at once on a folder with a stale lock, one serves and two stop, naming the folder", async () => {
    test.setTimeout(180_000);
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "shop-lock-e2e-")), "data");
    mkdirSync(dataDir, { recursive: true });
    // Left behind by a server that crashed: its process is gone.
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.once("exit", resolve));
    writeFileSync(path.join(dataDir, "server.lock"), JSON.stringify({ pid: dead.pid, hostname: os.hostname() }));
    const servers = await Promise.all([0, 1, 2].map(async () => runServer(dataDir, await freePort())));
    try {
      // Two stop at once, with a message naming the folder.
      const stopped: typeof servers = [];
      await expect
        .poll(() => {
          stopped.splice(0, stopped.length, ...servers.filter((s) => s.child.exitCode !== null));
          return stopped.length;
        }, { timeout: 60_000 })
        .toBe(2);
      for (const server of stopped) {
        expect(server.child.exitCode, server.output()).toBe(1);
        expect(server.output()).toContain(`The data folder ${dataDir} is in use by another shop server`);
      }
      // The third one starts and serves, and said what it did, in order.
      const winner = servers.find((s) => s.child.exitCode === null)!;
      await expect.poll(() => winner.output(), { timeout: 150_000 }).toContain("Listening on");
      const log = winner.output();
      const steps = [
        `Data folder: ${dataDir}`,
        `Database: embedded PGlite in ${path.join(dataDir, "pglite")}`,
        "Migrations applied: ",
        "Demo data: catalogue and offers seeded",
        "Demo account created: admin@example.com / admin12345 (administrator)",
        "Demo account created: kunde@example.com / kunde12345 (customer)",
        `Listening on http://localhost:${winner.port}`,
      ];
      const positions = steps.map((step) => log.indexOf(step));
      expect(positions.every((p) => p >= 0), log).toBe(true);
      expect([...positions].sort((a, b) => a - b), log).toEqual(positions);
      // It listens only once the database is ready: the first request already finds the catalogue.
      const first = await fetch(`http://localhost:${winner.port}/products/${PRODUCT_ID}`);
      expect(first.status).toBe(200);

      // SIGTERM: it stops cleanly and lets go of the folder; the next server may use it.
      winner.child.kill("SIGTERM");
      expect(await winner.exited, winner.output()).toBe(0);
      const next = runServer(dataDir, await freePort());
      try {
        await expect.poll(() => next.output(), { timeout: 120_000 }).toContain("Listening on");
        expect(next.output()).toContain("Migrations: all ");
        expect(next.output()).toContain("Demo data: catalogue already present");
      } finally {
        next.child.kill("SIGTERM");
        await next.exited;
      }
    } finally {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
