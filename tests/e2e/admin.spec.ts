import { mkdirSync, readFileSync, rmdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { demoAdmin, demoCustomer, signIn, test, uniqueEmail } from "./fixtures";
import { orderNumberOf } from "./support/shop";

/*
 * The admin area with JavaScript on and off, as the demo admin: products (add with images and a
 * video, edit, delete with confirmation), inventory, the order workflow on orders placed through the
 * shop's checkout, promoting a freshly registered customer, and the offers editor. Then: visitors
 * and customers reach no admin loader or action, and bad input is refused with clear messages.
 */

test.use({ locale: "de-DE" });

const fixture = (name: string) => path.join("tests/fixtures", name);
const toast = (page: Page) => page.getByTestId("toast");
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function pngFile(name = "p.png") {
  return new File([readFileSync(fixture("product-1.png"))], name, { type: "image/png" });
}

/** Posts the add-product form directly (for setup and for bad input the browser would not send). */
async function postProduct(request: APIRequestContext, baseURL: string, fields: Record<string, string>, files: { images?: File[]; video?: File } = {}) {
  const form = new FormData();
  form.append("intent", "create-product");
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const image of files.images ?? [pngFile()]) form.append("images", image);
  if (files.video) form.append("video", files.video);
  return request.post("/admin/products?index", { multipart: form, headers: { Origin: baseURL }, maxRedirects: 0 });
}

const productBase = (name: string, stock: string) => ({
  name,
  nameAr: "منتج اختبار",
  category: "home-office",
  price: "10",
  priceEUR: "20.00",
  priceCHF: "21.00",
  stock,
  inStock: "on",
});

/** Creates a product as the signed-in admin of `page` and returns its id (found through the admin search). */
async function createProduct(page: Page, baseURL: string, name: string, stock: string): Promise<string> {
  const response = await postProduct(page.request, baseURL, productBase(name, stock));
  expect(response.status()).toBe(302);
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const href = await page.getByTestId("admin-product").first().getByRole("link", { name: "Bearbeiten" }).getAttribute("href");
  return href!.split("/").pop()!;
}

async function stockOf(page: Page, productId: string): Promise<string> {
  await page.goto(`/admin/products/${productId}`);
  return page.getByTestId("product-form").locator('input[name="stock"]').inputValue();
}

/** Places an order for one product as a fresh visitor through /products/{id}, /cart and /checkout. */
async function placeOrder(browser: Browser, productId: string, quantity: number): Promise<string> {
  const context = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/products/${productId}`);
  await page.getByLabel("Menge").fill(String(quantity));
  await page.getByRole("button", { name: "In den Warenkorb" }).first().click();
  await page.goto("/checkout");
  await page.getByLabel("Vorname").fill("Olga");
  await page.getByLabel("Nachname").fill("Order");
  await page.getByLabel("E-Mail", { exact: true }).fill("olga@example.com");
  await page.getByLabel("Telefon").fill("+49 170 555 1234");
  const shipping = page.locator("fieldset").filter({ hasText: "Lieferadresse" }).first();
  await shipping.getByLabel("Straße und Hausnummer").fill("Hauptstraße 12");
  await shipping.getByLabel("Postleitzahl").fill("10115");
  await shipping.getByLabel("Ort").fill("Berlin");
  await page.getByLabel("Banküberweisung").check();
  await page.getByRole("button", { name: "Zahlungspflichtig bestellen" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop()!;
  await context.close();
  return id;
}

/** The two projects run side by side on one database: the offers section is edited by one at a time. */
async function withOffersLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `admin-e2e-offers-${process.env.E2E_PORT ?? "3100"}.lock`);
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (i > 600) throw new Error("offers lock not released");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(lock);
  }
}

test.describe("as the demo admin", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, demoAdmin.email, demoAdmin.password, "/admin");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("dashboard: stat cards, tabs as links, export as CSV", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin-Dashboard");
    // No fixed trend texts: the trends are computed from orders (tests/e2e/aftercare.spec.ts).
    await expect(page.getByTestId("stat-totalProducts").getByTestId("stat-trend")).toHaveCount(0);
    await expect(page.getByTestId("stat-orders30")).toBeVisible();
    await expect(page.getByTestId("stock-alert")).toContainText("Lagerwarnung");
    // The overview: the stat cards (the frame's), the latest orders and what runs low.
    await expect(page.getByTestId("tab-overview")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("recent-orders")).toBeVisible();
    await expect(page.getByTestId("low-stock")).toBeVisible();
    for (const [tab, heading] of [["products", /Neues Produkt hinzufügen/], ["inventory", /Lager/], ["orders", /Bestellungen/], ["customers", /Kunden/], ["reports", /Berichte/], ["messages", /Kontaktnachrichten/], ["offers", /Angebote/], ["settings", /Einstellungen/]] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${tab}$`));
      await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(heading);
    }
    await expect(page.getByText("coming soon")).toHaveCount(0);
    // A detail page belongs to its section; the first round's ?tab= links land on the section's URL.
    await page.goto(`/admin/products/00000000-0000-4000-8000-000000000001`);
    await expect(page.getByTestId("tab-products")).toHaveAttribute("aria-current", "page");
    await page.goto("/admin?tab=orders&page=1");
    await expect(page).toHaveURL(/\/admin\/orders\?page=1$/);
    await expect(page.getByTestId("tab-orders")).toHaveAttribute("aria-current", "page");
    await page.goto("/admin/reports");
    await expect(page.getByTestId("revenue-chart").locator("svg")).toBeVisible();
    await expect(page.getByTestId("revenue-table").locator("tbody tr")).toHaveCount(30, { timeout: 10_000 });
    await page.getByTestId("new-product").click();
    await expect(page).toHaveURL(/\/admin\/products#new-product$/);
    const csv = await page.request.get(`${baseURL}/admin/export.csv`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="products-/);
    const body = await csv.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString("utf8")).toContain("Executive Pen Gift Set");
  });

  test("adds a product with two images and a video, edits its price and deletes it with confirmation", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const js = testInfo.project.name === "js";
    const name = unique(`Admin Lamp ${testInfo.project.name}`);
    await page.goto("/admin/products");
    const form = page.getByTestId("product-form");
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="nameAr"]').fill("مصباح الاختبار");
    await form.locator('input[name="nameDE"]').fill(`${name} DE`);
    await form.locator('input[name="priceEUR"]').fill("49.90");
    await form.locator('input[name="priceCHF"]').fill("52.90");
    await form.locator('input[name="salePriceEUR"]').fill("39.90");
    await form.locator('input[name="stock"]').fill("12");
    await form.locator('select[name="category"]').selectOption("home-office");
    await form.getByLabel("Empfohlen").check();
    if (js) {
      const tagInput = form.getByTestId("tag-input");
      for (const tag of ["licht", " licht ", "desk"]) {
        await tagInput.fill(tag);
        await tagInput.press("Enter");
      }
      await expect(form.getByTestId("tag-chips").locator("li")).toHaveCount(2);
    } else {
      await form.locator('input[name="tags"]').fill("licht, desk, licht");
    }
    await form.locator('input[name="images"]').setInputFiles([fixture("product-1.png"), fixture("product-2.png")]);
    await form.locator('input[name="video"]').setInputFiles(fixture("clip.mp4"));
    if (js) {
      await expect(form.getByTestId("video-preview")).toBeVisible();
      await expect(form.getByTestId("video-toggle")).toHaveText("Abspielen");
    }
    await form.getByTestId("product-submit").click();
    await expect(toast(page)).toContainText("Produkt erfolgreich hinzugefügt");
    // The form starts empty again.
    await expect(page.getByTestId("product-form").locator('input[name="name"]')).toHaveValue("");

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByTestId("product-count")).toHaveText("Produkte (1)");
    const editHref = await page.getByTestId("admin-product").getByRole("link", { name: "Bearbeiten" }).getAttribute("href");
    const id = editHref!.split("/").pop()!;

    // The shop shows it at once: in the listing and on its page, with uploaded images and the video.
    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByTestId("product-card")).toHaveCount(1);
    await page.goto(`/products/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} DE`);
    // It is on sale from the start: the sale price is charged, and with no price history before the
    // reduction no price may be shown crossed out (§ 11 PAngV).
    await expect(page.getByTestId("price").first()).toHaveText("39,90 €");
    await expect(page.getByTestId("reference-price")).toHaveCount(0);
    const imageUrls = await page.locator('img[src^="/uploads/"]').evaluateAll((imgs) => Array.from(new Set(imgs.map((img) => img.getAttribute("src")))));
    expect(imageUrls.length).toBeGreaterThanOrEqual(2);
    const image = await page.request.get(imageUrls[0]!);
    expect(image.status()).toBe(200);
    // Uploads are processed: pages show the JPEG fallback and its AVIF/WebP variants (never the original).
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    expect(image.headers()["cache-control"]).toContain("max-age=31536000");

    // Edit: same form, prefilled; the new price shows in the shop.
    await page.goto(`/admin/products/${id}`);
    const edit = page.getByTestId("product-form");
    await expect(edit.locator('input[name="name"]')).toHaveValue(name);
    await expect(edit.getByTestId("current-images").locator("img")).toHaveCount(2);
    await expect(edit.locator('input[name="salePriceEUR"]')).toHaveValue("39.90");
    // The sale ends: no sale price, a new regular price.
    await edit.locator('input[name="salePriceEUR"]').fill("");
    await edit.locator('input[name="priceEUR"]').fill("34.90");
    await edit.getByTestId("product-submit").click();
    await expect(toast(page)).toContainText("Produkt gespeichert");
    await page.goto(`/products/${id}`);
    await expect(page.getByTestId("price").first()).toHaveText("34,90 €");
    await expect(page.locator(`img[src="${imageUrls[0]}"]`).first()).toBeAttached();

    // Delete: a confirmation step first (a page, with or without JavaScript), then the toasts.
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByTestId("admin-product").getByRole("link", { name: "Löschen" }).click();
    await expect(page.getByTestId("confirm-delete")).toContainText("Sind Sie sicher, dass Sie dieses Produkt löschen möchten?");
    expect((await page.request.get(`/products/${id}`)).status()).toBe(200);
    await page.getByTestId("confirm-delete-button").click();
    await expect(toast(page)).toContainText("Gelöscht");
    await expect(toast(page)).toContainText("Produkt wurde erfolgreich entfernt");
    expect((await page.request.get(`/products/${id}`)).status()).toBe(404);
    // Its files are gone too.
    expect((await page.request.get(imageUrls[0]!)).status()).toBe(404);
  });

  test("shows the spec's message for missing required fields, in Arabic too", async ({ page }) => {
    await page.goto("/admin/products?lng=ar");
    await page.getByTestId("product-submit").click();
    const error = page.getByTestId("form-error");
    await expect(error).toContainText("خطأ في البيانات");
    await expect(error).toContainText("يرجى ملء جميع الحقول المطلوبة");
    await page.goto("/admin/products?lng=de");
    await page.getByTestId("product-form").locator('input[name="nameDE"]').fill("Nur deutsch");
    await page.getByTestId("product-submit").click();
    await expect(page.getByTestId("form-error")).toContainText("Bitte füllen Sie alle Pflichtfelder aus.");
    await expect(page.getByTestId("error-name")).toHaveText("Bitte geben Sie den englischen Namen ein.");
    await expect(page.getByTestId("error-images")).toContainText("mindestens ein Bild");
    // Typed values stay.
    await expect(page.getByTestId("product-form").locator('input[name="nameDE"]')).toHaveValue("Nur deutsch");
  });

  test("refuses bad input with clear messages and stores nothing", async ({ page, baseURL }, testInfo) => {
    const name = unique(`Bad ${testInfo.project.name}`);
    const count = async () => {
      await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
      return page.getByTestId("product-count").innerText();
    };
    const cases: Array<[Record<string, string>, { images?: File[]; video?: File }, string]> = [
      [{}, { images: [new File([readFileSync(fixture("product-1.png")), Buffer.alloc(21 * 1024 * 1024)], "big.png", { type: "image/png" })] }, "Ein Bild ist größer als 20 MB."],
      [{}, { images: [new File([readFileSync(fixture("not-an-image.png"))], "not-an-image.png", { type: "image/png" })] }, "Nur Bilder im Format JPEG, PNG, WebP, AVIF oder GIF sind erlaubt."],
      [{ priceEUR: "-5" }, {}, "Der Betrag darf nicht negativ sein."],
      [{ priceCHF: "1e400" }, {}, "Der Betrag ist zu groß"],
      [{ name: `${name} ${"x".repeat(10_000)}` }, {}, "Höchstens 200 Zeichen."],
      [{ category: "waffen" }, {}, "Diese Kategorie gibt es nicht."],
    ];
    for (const [fields, files, message] of cases) {
      const response = await postProduct(page.request, baseURL!, { ...productBase(name, "3"), ...fields }, files);
      expect(response.status(), message).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await count()).toBe("Produkte (0)");
    const unknown = await page.request.post("/admin/products/00000000-0000-4000-8000-00000000ffff/delete", {
      headers: { Origin: baseURL! },
      form: {},
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("Fehler beim Löschen des Produkts");
  });

  test("changes stock in the inventory tab", async ({ page, baseURL }, testInfo) => {
    const name = unique(`AAA Stock ${testInfo.project.name}`);
    const id = await createProduct(page, baseURL!, name, "0");
    await page.goto("/admin/inventory");
    const row = page.locator(`[data-testid="inventory-row"][data-product-id="${id}"]`);
    await expect(row).toContainText("Ausverkauft");
    await row.locator('input[name="stock"]').fill("6");
    await row.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Bestand auf 6 gesetzt");
    expect(await stockOf(page, id)).toBe("6");
    await page.goto(`/products/${id}`);
    await expect(page.getByRole("button", { name: "In den Warenkorb" }).first()).toBeEnabled();
  });

  test("a visitor sees a stock change at once, though the page was served from the shared cache", async ({ page, browser, baseURL }, testInfo) => {
    const id = await createProduct(page, baseURL!, unique(`Cached Stock ${testInfo.project.name}`), "0");
    const visitor = await browser.newContext({ locale: "de-DE", javaScriptEnabled: testInfo.project.name === "js" });
    const shopper = await visitor.newPage();
    // Served from the shared cache (a catalogue change by a test running alongside may need a reload).
    await expect.poll(async () => (await shopper.goto(`/products/${id}`))?.headers()["x-page-cache"]).toBe("hit");
    await expect(shopper.getByRole("button", { name: "Ausverkauft" }).first()).toBeDisabled();

    await page.goto("/admin/inventory");
    const row = page.locator(`[data-testid="inventory-row"][data-product-id="${id}"]`);
    await row.locator('input[name="stock"]').fill("6");
    await row.getByRole("button", { name: "Speichern" }).click();
    await expect(toast(page)).toContainText("Bestand auf 6 gesetzt");

    await shopper.goto(`/products/${id}`);
    await expect(shopper.getByRole("button", { name: "In den Warenkorb" }).first()).toBeEnabled();
    await visitor.close();
  });

  test("moves an order through every status and cancels another, putting its stock back", async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const id = await createProduct(page, baseURL!, unique(`Order Chair ${testInfo.project.name}`), "10");
    const first = await placeOrder(browser, id, 2);
    const second = await placeOrder(browser, id, 3);
    expect(await stockOf(page, id)).toBe("5");

    // The admin may open any order's confirmation page, which shows its number.
    const firstNumber = await orderNumberOf(page.request, first);
    await page.goto("/admin/orders");
    await expect(page.getByTestId("order-row").filter({ hasText: `#${firstNumber}` })).toContainText("Offen");

    await page.goto(`/admin/orders/${first}`);
    await expect(page.getByTestId("order-items")).toContainText("Order Chair");
    await expect(page.getByTestId("shipping-address")).toContainText("Hauptstraße 12");
    for (const [status, label] of [["confirmed", "Bestätigt"], ["shipped", "Versendet"], ["delivered", "Zugestellt"]] as const) {
      await page.getByTestId(`set-status-${status}`).click();
      await expect(toast(page)).toContainText("Status geändert");
      await expect(page.getByTestId("order-status").first()).toHaveText(label);
    }
    await expect(page.getByTestId("status-final")).toBeVisible();
    // A delivered order cannot be cancelled, not even by a forged post.
    const forged = await page.request.post(`/admin/orders/${first}`, { headers: { Origin: baseURL! }, form: { intent: "set-status", status: "cancelled" }, maxRedirects: 0 });
    expect(forged.status()).toBe(409);
    expect(await stockOf(page, id)).toBe("5");

    await page.goto(`/admin/orders/${second}`);
    await page.getByTestId("set-status-cancelled").click();
    await expect(toast(page)).toContainText("storniert");
    await expect(page.getByTestId("order-status").first()).toHaveText("Storniert");
    expect(await stockOf(page, id)).toBe("8");
  });

  test("promotes a freshly registered customer, who then sees /admin", async ({ page, browser }, testInfo) => {
    const email = uniqueEmail(`promote-${testInfo.project.name}`);
    const password = "neu-im-team-1";
    const customer = await browser.newContext({ locale: "de-DE", javaScriptEnabled: testInfo.project.name === "js" });
    const other = await customer.newPage();
    await other.goto("/register");
    const register = other.getByTestId("register-form");
    for (const [field, value] of Object.entries({ firstName: "Theo", lastName: "Team", email, password, confirmPassword: password })) {
      await register.locator(`input[name="${field}"]`).fill(value);
    }
    await register.locator('select[name="country"]').selectOption("DE");
    await register.locator('button[type="submit"]').click();
    await expect(other).toHaveURL(/\/login/);
    await signIn(other, email, password);
    expect((await other.request.get("/admin", { maxRedirects: 0 })).status()).toBe(403);

    await page.goto("/admin/settings");
    const box = page.getByTestId("add-admin");
    await box.locator("summary").click();
    await box.locator('input[name="email"]').fill("niemand-hier@example.com");
    await box.getByRole("button", { name: "Hinzufügen" }).click();
    await expect(page.getByTestId("error-email")).toContainText("Fehler beim Hinzufügen des Administrators");
    await expect(page.getByTestId("error-email")).toContainText("kein Konto");
    await expect(page.getByTestId("add-admin").locator('input[name="email"]')).toHaveValue("niemand-hier@example.com");

    await page.goto("/admin/settings");
    await page.getByTestId("add-admin").locator("summary").click();
    await page.getByTestId("add-admin").locator('input[name="email"]').fill(email.toUpperCase());
    await page.getByTestId("add-admin").getByRole("button", { name: "Hinzufügen" }).click();
    await expect(toast(page)).toContainText("Admin hinzugefügt");
    await expect(page.getByTestId("admin-list")).toContainText(email);

    await other.goto("/admin");
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Admin-Dashboard");
    await customer.close();
  });

  test("edits and saves the offers, which a visitor then sees", async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const js = testInfo.project.name === "js";
    const sectionTitle = unique(`Angebote ${testInfo.project.name}`);
    const offerTitle = unique("Bürostuhl-Woche");
    await withOffersLock(async () => {
      await page.goto("/");
      await page.getByTestId("offers-edit-toggle").click();
      await expect(page).toHaveURL(/editOffers=1/);
      let editor = page.getByTestId("offers-editor");
      const originalTitle = await editor.locator('input[name="offers[0].title"]').inputValue();
      const offersBefore = await editor.getByTestId("offer-draft").count();
      await editor.locator('input[name="title"]').fill(sectionTitle);
      await editor.locator('input[name="offers[0].title"]').fill(offerTitle);
      // Add an entry (spec defaults), then remove it again.
      await editor.getByTestId("offer-add").click();
      editor = page.getByTestId("offers-editor");
      await expect(editor.getByTestId("offer-draft")).toHaveCount(offersBefore + 1);
      const added = editor.getByTestId("offer-draft").last();
      await expect(added.locator('input[name$=".timeLeft"]')).toHaveValue("7 Tage");
      await expect(added.locator('input[name$=".featured"]')).not.toBeChecked();
      // Without JavaScript the add was a round trip that kept the typed values.
      await expect(editor.locator('input[name="title"]')).toHaveValue(sectionTitle);
      // A product id that is no id is refused with a message.
      await added.locator('input[name$=".productId"]').fill("kein-produkt");
      await editor.getByTestId("offers-save").click();
      await expect(page.getByTestId("offers-editor").getByTestId(`error-offers[${offersBefore}].productId`)).not.toBeEmpty();
      editor = page.getByTestId("offers-editor");
      await editor.getByTestId("offer-draft").last().getByRole("button", { name: "Entfernen" }).click();
      editor = page.getByTestId("offers-editor");
      await expect(editor.getByTestId("offer-draft")).toHaveCount(offersBefore);
      await editor.getByTestId("offers-save").click();
      await expect(toast(page)).toContainText("Erfolgreich gespeichert");
      await expect(page).toHaveURL(/\/$/);

      const visitor = await browser.newContext({ locale: "de-DE", javaScriptEnabled: js });
      const home = await visitor.newPage();
      await home.goto("/");
      await expect(home.locator("#offers-heading")).toHaveText(sectionTitle);
      await expect(home.getByTestId("offer").first()).toContainText(offerTitle);
      await expect(home.getByTestId("offers-edit-toggle")).toHaveCount(0);
      await visitor.close();

      // Put the section back as it was for the other suites.
      await page.goto("/?editOffers=1");
      editor = page.getByTestId("offers-editor");
      await editor.locator('input[name="title"]').fill("");
      await editor.locator('input[name="offers[0].title"]').fill(originalTitle);
      await editor.getByTestId("offers-save").click();
      await expect(toast(page)).toContainText("Erfolgreich gespeichert");
    });
  });
});

test.describe("visitors and customers", () => {
  const id = "00000000-0000-4000-8000-000000000001";
  const pages = ["/admin", "/admin/orders", "/admin/edit", `/admin/products/${id}`, `/admin/products/${id}/delete`, "/admin/export.csv", "/admin/roles", "/admin/offers"];
  const posts: Array<[string, "form" | "multipart", Record<string, string>]> = [
    ["/admin/products?index", "multipart", { intent: "create-product", ...productBase("Intruder", "1") }],
    ["/admin/inventory", "form", { intent: "update-stock", productId: id, stock: "0" }],
    ["/admin/edit", "form", { intent: "delete", productId: id }],
    [`/admin/products/${id}/delete`, "form", {}],
    [`/admin/products/${id}`, "multipart", productBase("Hijacked", "0")],
    ["/admin/orders/00000000-0000-4000-8000-00000000ffff", "form", { intent: "set-status", status: "cancelled" }],
    ["/admin/settings", "form", { intent: "promote", email: demoCustomer.email }],
    ["/admin/offers", "multipart", { intent: "save", title: "Hacked" }],
  ];

  async function expectUntouched(page: Page) {
    await page.goto(`/products/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Hijacked");
    await page.goto("/");
    await expect(page.locator("#offers-heading")).not.toHaveText("Hacked");
  }

  test("a visitor is sent to the login for every admin page and action", async ({ page, baseURL }) => {
    for (const url of pages) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(302);
      expect(response.headers()["location"], url).toMatch(/^\/login\?redirectTo=/);
    }
    await page.goto("/admin/edit");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fedit/);
    for (const [url, kind, fields] of posts) {
      const response = await page.request.post(url, { headers: { Origin: baseURL! }, [kind]: fields, maxRedirects: 0 });
      expect(response.status(), url).toBe(302);
      expect(response.headers()["location"], url).toMatch(/^\/login/);
    }
    await expectUntouched(page);
  });

  test("a customer gets 403 for every admin page and action", async ({ page, baseURL, customer }) => {
    await signIn(page, customer.email, customer.password);
    for (const url of pages) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(403);
    }
    await page.goto("/admin");
    await expect(page.getByTestId("error-state")).toHaveAttribute("data-status", "403");
    for (const [url, kind, fields] of posts) {
      const response = await page.request.post(url, { headers: { Origin: baseURL! }, [kind]: fields, maxRedirects: 0 });
      expect(response.status(), url).toBe(403);
    }
    const promote = await page.request.post("/admin/settings?lng=en", { headers: { Origin: baseURL! }, form: { intent: "promote", email: customer.email }, maxRedirects: 0 });
    expect(await promote.text()).toContain("Only admins can make other users admin.");
    await page.goto("/");
    await expect(page.getByTestId("offers-edit-toggle")).toHaveCount(0);
    // The admin area's texts are not sent to shoppers' browsers.
    expect(await (await page.request.get("/")).text()).not.toContain("Lagerwarnung");
    await expectUntouched(page);
  });
});
