import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { expect, test, type Locator, type Page } from "@playwright/test";
import postgres from "postgres";
import type { Queryable } from "~/db/database.server";
import { demoAdmin } from "./fixtures";
import { addToCart, registerCustomer, signInByRequest } from "./support/shop";
import { startShopServer, type ShopServer } from "./support/shop-server";
import { createProduct } from "../factories";
import { leaksMetadata, phonePhoto } from "../setup/photos";

/*
 * Real phone photos (3000×2000 JPEG, EXIF orientation 6, GPS, camera serial) uploaded by the
 * admin, seen on a 375 px phone (device pixel ratio 2): every kind of page draws them with AVIF and
 * WebP `srcset`, `sizes`, the intrinsic `width`/`height` and the dominant colour; the page's main
 * image loads first, the rest lazily; the phone loads a phone-sized variant, stripped of metadata.
 * With JavaScript on and off (it is all HTML). And `npm run images -- rebuild` for images uploaded
 * before uploads were processed.
 */
test.use({ locale: "de-DE" });

async function expectPicture(image: Locator, label: string) {
  const picture = image.locator("xpath=..");
  await expect(picture, label).toHaveJSProperty("tagName", "PICTURE");
  const avif = await picture.locator('source[type="image/avif"]').getAttribute("srcset");
  const webp = await picture.locator('source[type="image/webp"]').getAttribute("srcset");
  expect(avif, label).toMatch(/-160\.avif 160w, .*-360\.avif 360w, .*-1920\.avif 1920w$/);
  expect(webp, label).toMatch(/-360\.webp 360w/);
  expect(await picture.locator("source").first().getAttribute("sizes"), label).toBeTruthy();
  // Upright: the photo was taken turned (EXIF orientation 6), so it is 2000 wide and 3000 high.
  await expect(image, label).toHaveAttribute("width", "2000");
  await expect(image, label).toHaveAttribute("height", "3000");
  expect(await image.getAttribute("style"), label).toMatch(/background-color:\s*(#[0-9a-f]{6}|rgb)/);
  expect(await image.getAttribute("src"), label).toMatch(/^\/uploads\/[0-9a-f-]{36}-2000x3000-[0-9a-f]{6}\.jpg$/);
}

test("uploaded photos: srcset on listing, product page, cart, favourites and the admin list; a phone loads a small stripped variant", async ({ browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const name = `Fotolampe ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  // The admin uploads two phone photos.
  const admin = await browser.newContext({ javaScriptEnabled });
  await signInByRequest(admin.request, baseURL!, demoAdmin.email, demoAdmin.password);
  const form = new FormData();
  for (const [key, value] of Object.entries({ intent: "create-product", name, nameAr: "مصباح", category: "home-office", priceEUR: "20.00", priceCHF: "21.00", stock: "5", inStock: "on" })) {
    form.append(key, value);
  }
  form.append("images", new File([new Uint8Array(await phonePhoto({ seed: 2 }))], "IMG_0001.jpg", { type: "image/jpeg" }));
  form.append("images", new File([new Uint8Array(await phonePhoto({ seed: 3 }))], "IMG_0002.jpg", { type: "image/jpeg" }));
  const created = await admin.request.post("/admin/products?index", { multipart: form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const row = adminPage.getByTestId("admin-product").first();
  await expectPicture(row.locator("img").first(), "admin list");
  const id = (await row.getByRole("link", { name: "Bearbeiten" }).getAttribute("href"))!.split("/").pop()!;
  await admin.close();

  // A shopper on a 375 px phone with a screen of device pixel ratio 2. The screen is the phone's too:
  // the projects' "Desktop Chrome" gives every context a 1920×1080 screen, and with a 375 px viewport
  // on it Chromium picks a load's srcset candidate now and then (most second loads in a tab) as if the
  // image were drawn wider (the 640 px one): no phone has that screen.
  const phoneScreen = { width: 375, height: 812 };
  const phone = await browser.newContext({ viewport: phoneScreen, screen: phoneScreen, deviceScaleFactor: 2, isMobile: true, javaScriptEnabled });
  const page: Page = await phone.newPage();
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("product-card").first().locator("img").first();
  await expectPicture(card, "listing card");
  // The first cards are the listing's main images: eager, first in line.
  await expect(card).toHaveAttribute("loading", "eager");
  await expect(card).toHaveAttribute("fetchpriority", "high");
  // The browser chose the 360 px AVIF for a ~170 px card at DPR 2, not the 3000 px upload.
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-360\.avif$/);
  const loaded = await page.request.get(await card.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(loaded.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(loaded.headers()["content-type"]).toBe("image/avif");
  const bytes = await loaded.body();
  expect(bytes.byteLength).toBeLessThan(60_000);
  expect(leaksMetadata(bytes)).toEqual([]);

  // Product page: the first gallery image first (eager, high priority), the second and the thumbnails lazily.
  await page.goto(`/products/${id}`);
  const gallery = page.getByTestId("gallery").locator("img");
  await expect(gallery).toHaveCount(2);
  await expectPicture(gallery.nth(0), "gallery, first");
  await expect(gallery.nth(0)).toHaveAttribute("loading", "eager");
  await expect(gallery.nth(0)).toHaveAttribute("fetchpriority", "high");
  await expect(gallery.nth(1)).toHaveAttribute("loading", "lazy");
  await expect(gallery.nth(1)).not.toHaveAttribute("fetchpriority", /./);
  const thumbnail = page.locator('a[href="#image-2"] img');
  await expectPicture(thumbnail, "thumbnail");
  await expect(thumbnail).toHaveAttribute("loading", "lazy");
  expect(await page.locator('a[href="#image-2"] source').first().getAttribute("sizes")).toBe("72px");
  // Nothing on the page asks for an original.
  const html = await page.content();
  expect(html).not.toMatch(/\/uploads\/[0-9a-f-]{36}\.(jpg|png)/);

  // Cart and favourites of a customer of this test's own.
  await registerCustomer(page.request, baseURL!, "bilder");
  await addToCart(page.request, baseURL!, id);
  await page.goto("/cart");
  await expectPicture(page.locator(`[data-testid="cart-line"][data-product-id="${id}"] img`), "cart line");
  const favourite = await page.request.post("/favorites", { form: { intent: "toggle", productId: id, redirectTo: "/favorites" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(favourite.status()).toBe(303);
  await page.goto("/favorites");
  await expectPicture(page.getByTestId("product-card").first().locator("img").first(), "favourites");
  await phone.close();
});

// `npm run images -- rebuild` (scripts/images.mjs) runs the production build's code, so it is tried
// here, against the build: on Postgres with the shop running (DATABASE_URL), and on the embedded database.
const run = promisify(execFile);
async function imagesCommand(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/images.mjs", ...args], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", BUILD_DIR: process.env.BUILD_DIR ?? "build", SEED_DEMO_DATA: "false", ...env },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** What the factories write through: the shop's database as the test opens it itself. */
const queryable = (query: (text: string, params?: unknown[]) => Promise<unknown[]>): Queryable => ({
  query: query as Queryable["query"],
  exec: async (text) => void (await query(text)),
});

test.describe("npm run images -- rebuild", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a command, no pages: run once, in the js project");
  test.setTimeout(240_000);

  let tmp: string;
  let server: ShopServer | undefined;
  test.beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-images-"));
  });
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  test("on Postgres (DATABASE_URL), the shop running", async () => {
    test.skip(!process.env.TEST_DATABASE_URL, "needs a Postgres server (TEST_DATABASE_URL)");
    const name = `shop_images_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const dataDir = path.join(tmp, "data");
      server = await startShopServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO_DATA: "false" });
      const db = queryable(async (text, params = []) => [...(await sql.unsafe(text, params as never[]))]);
      const legacyId = "2b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c22";
      mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
      writeFileSync(path.join(dataDir, "uploads", `${legacyId}.jpg`), await phonePhoto({ width: 1200, height: 800 }));
      const id = await createProduct(db, { name: "CLI legacy", images: [`/uploads/${legacyId}.jpg`] });
      // An image whose file is gone stays as it is, run after run.
      await createProduct(db, { name: "Missing file", images: [`/uploads/${"1".repeat(8)}-1111-4111-8111-${"1".repeat(12)}.png`] });
      // The command runs with the server's settings, as an operator runs it beside the shop.
      const settings = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SITE_URL: server.url, SESSION_SECRET: "images-test-secret", SHOP_IBAN: "DE89 3704 0044 0532 0130 00" };
      const first = await imagesCommand(settings, "rebuild");
      expect(first.out).toMatch(/-> \/uploads\/2b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c22-800x1200-[0-9a-f]{6}\.jpg/);
      const [product] = await db.query<{ image: string }>("select image from public.products where id = $1", [id]);
      expect(product!.image).toMatch(/-800x1200-/);
      const second = await imagesCommand(settings, "rebuild");
      expect(second.out).not.toContain("->");
      expect(second.out).toMatch(/0 processed/);
    } finally {
      await server?.stop();
      server = undefined;
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  test("on the embedded database (DATA_DIR): refuses while the shop holds the data folder, then processes and reports; a second run has nothing to do", async () => {
    const dir = path.join(tmp, "data");
    const legacyId = "3b0e7a52-8a61-4c5e-9a63-1c0d1f3f3c33";
    // The running shop (it makes the database) holds DATA_DIR/server.lock.
    server = await startShopServer({ DATA_DIR: dir, SEED_DEMO_DATA: "false" });
    const refused = await imagesCommand({ DATA_DIR: dir }, "rebuild");
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("stop the shop first");
    await server.stop();
    server = undefined;

    const pg = new PGlite(path.join(dir, "pglite"), { extensions: { pg_trgm, unaccent } });
    const id = await createProduct(queryable(async (text, params) => (await pg.query(text, params)).rows), { name: "Embedded legacy", images: [`/uploads/${legacyId}.jpg`] });
    await pg.close();
    mkdirSync(path.join(dir, "uploads"), { recursive: true });
    writeFileSync(path.join(dir, "uploads", `${legacyId}.jpg`), await phonePhoto({ width: 1200, height: 800 }));

    const first = await imagesCommand({ DATA_DIR: dir }, "rebuild");
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain("1 image(s) uploaded before processing.");
    expect(first.out).toContain("Done: 1 processed, 0 left as they were.");
    const second = await imagesCommand({ DATA_DIR: dir }, "rebuild");
    expect(second.out).toContain("nothing to do");

    const check = new PGlite(path.join(dir, "pglite"), { extensions: { pg_trgm, unaccent } });
    const { rows } = await check.query<{ image: string }>("select image from public.products where id = $1", [id]);
    await check.close();
    expect(rows[0]!.image).toMatch(new RegExp(`^/uploads/${legacyId}-800x1200-[0-9a-f]{6}\\.jpg$`));
    expect(existsSync(path.join(dir, "uploads", `${legacyId}.jpg`))).toBe(false);
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  });
});
