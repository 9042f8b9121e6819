import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { demoCustomer, signIn } from "./fixtures";
import { waitForHydration } from "./support/shop";

/*
 * The shared page cache (app/page-cache/) against what an attacker tried: searching
 * for the placeholders the cache fills with the visitor's own strings, and reusing a cached page's
 * Content-Security-Policy nonce (kept pages now carry none: their scripts are allowed by hash).
 */
test.use({ locale: "de-DE" });

const count = (text: string, part: string) => text.split(part).length - 1;

/** The hash sources of a policy's script-src, sorted. */
const scriptSources = (csp: string) => [...(/script-src([^;]*)/.exec(csp)?.[1] ?? "").matchAll(/'sha256-[^']+'/g)].map((m) => m[0]).sort();

/** The hashes (as CSP sources, sorted, once each) of a page's inline scripts that run: not JSON-LD, not loaded by src. */
const inlineScriptHashes = (html: string) =>
  [
    ...new Set(
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes ?? ""))
        .map(([, , text]) => `'sha256-${createHash("sha256").update(text ?? "").digest("base64")}'`),
    ),
  ].sort();

test("a signed-in visitor searching for a placeholder sees what they typed, and their own values only where they belong", async ({ page }) => {
  await signIn(page, demoCustomer.email, demoCustomer.password);
  let normal = await page.request.get("/search?q=lamp");
  await expect.poll(async () => {
    normal = await page.request.get("/search?q=lamp");
    return normal.headers()["x-page-cache"];
  }).toBe("hit");
  const html = await normal.text();
  // Their own values, put in by the cache where the page shows them.
  const emails = count(html, demoCustomer.email);
  expect(emails).toBeGreaterThan(0);
  expect(html).toContain('action="/logout"');

  // How the placeholders were spelt before they became this process's secret, and a guess.
  for (const typed of ["zqPersonaEmailq7", "zqPersonaFirstNameq7", "zqPersonaUserIdq7", "zqPersonaEmail"]) {
    const answer = await page.request.get(`/search?q=${encodeURIComponent(typed)}`);
    expect(answer.status()).toBe(200);
    const text = await answer.text();
    expect(text, typed).toContain(`value="${typed}"`);
    expect(count(text, demoCustomer.email), typed).toBe(emails);
    expect(text, typed).toContain('action="/logout"');
  }
  await page.goto(`/search?q=zqPersonaEmailq7`);
  await expect(page.locator("#search-q")).toHaveValue("zqPersonaEmailq7");
  await expect(page.locator("main")).not.toContainText(demoCustomer.email);
});

test("two visitors served the same cached page share no nonce: its scripts are allowed by their hashes, and they run", async ({ playwright, baseURL, page }, testInfo) => {
  const visit = async () => {
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "accept-language": "de-DE" } });
    let answer = await visitor.get("/faq");
    await expect.poll(async () => {
      answer = await visitor.get("/faq");
      return answer.headers()["x-page-cache"];
    }).toBe("hit");
    const html = await answer.text();
    await visitor.dispose();
    const csp = answer.headers()["content-security-policy"] ?? "";
    return { csp, html };
  };
  const first = await visit();
  const second = await visit();
  for (const { csp, html } of [first, second]) {
    expect(csp).not.toContain("'nonce-");
    expect(html).not.toMatch(/nonce="/);
    // Every inline script that runs is named by its hash, and nothing else is.
    expect(scriptSources(csp)).toEqual(inlineScriptHashes(html));
    expect(scriptSources(csp).length).toBeGreaterThan(0);
  }

  // In a browser, from the cache: no script is refused, and the page hydrates.
  const js = testInfo.project.name === "js";
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto("/faq");
  const response = await page.goto("/faq");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  await waitForHydration(page, js);
  expect(refused).toEqual([]);
});
