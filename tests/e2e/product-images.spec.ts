import { expect, test, type Locator, type Page } from "@playwright/test";
import { demoAdmin } from "./fixtures";
import { addToCart, registerCustomer, signInByRequest } from "./support/shop";
import { leaksMetadata, phonePhoto } from "../setup/photos";

/*
 * Real phone photos (3000×2000 JPEG, EXIF orientation 6, GPS, camera serial) uploaded by the
 * admin, seen on a 375 px phone (device pixel ratio 2): every kind of page draws them with AVIF and
 * WebP `srcset`, `sizes`, the intrinsic `width`/`height` and the dominant colour; the page's main
 * image loads first, the rest lazily; the phone loads a phone-sized variant, stripped of metadata.
 * With JavaScript on and off (it is all HTML).
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

  // A shopper on a 375 px phone with a screen of device pixel ratio 2.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, javaScriptEnabled });
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
