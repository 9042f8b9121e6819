import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

// A German browser: links inside the site carry no ?lng=, so the language comes from Accept-Language.
test.use({ locale: "de-DE" });

type Pages = Record<string, { title: string; intro: string; meta: { title: string; description: string } } & Record<string, unknown>>;
const read = (locale: string): Pages => JSON.parse(readFileSync(`app/locales/${locale}/pages.json`, "utf8"));
const texts = { de: read("de"), en: read("en"), fr: read("fr"), ar: read("ar") };

const pages = ["about", "contact", "shipping", "returns", "warranty", "privacy", "terms", "cookies", "faq", "blog", "support", "impressum", "accessibility"];

for (const page of pages) {
  test(`/${page} answers 200 with its heading in German and in Arabic (right to left)`, async ({ page: browser }) => {
    const de = await browser.goto(`/${page}?lng=de`);
    expect(de?.status()).toBe(200);
    await expect(browser.locator("html")).toHaveAttribute("lang", "de");
    await expect(browser.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(browser.getByRole("heading", { level: 1 })).toHaveText(texts.de[page]!.title);
    await expect(browser.getByText(texts.de[page]!.intro)).toBeVisible();
    await expect(browser).toHaveTitle(new RegExp(texts.de[page]!.meta.title.replace(/[()]/g, "\\$&")));

    const ar = await browser.goto(`/${page}?lng=ar`);
    expect(ar?.status()).toBe(200);
    await expect(browser.locator("html")).toHaveAttribute("lang", "ar");
    await expect(browser.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(browser.getByRole("heading", { level: 1 })).toHaveText(texts.ar[page]!.title);
    await expect(browser.locator('meta[name="description"]')).toHaveAttribute("content", texts.ar[page]!.meta.description);
  });
}

test("English and French have their own texts", async ({ page }) => {
  await page.goto("/shipping?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.en.shipping!.title);
  await page.goto("/returns?lng=fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.fr.returns!.title);
});

test("the shipping, returns and warranty pages state the spec's figures", async ({ page }) => {
  await page.goto("/shipping?lng=de");
  const shipping = page.locator("main");
  for (const fact of ["Standardversand Deutschland", "5,99 €", "Standardversand Schweiz", "8,99 €", "Expressversand (24 h)", "15,99 €", "Bestellwert über 100 €", "2–3 Werktage"]) {
    await expect(shipping.getByText(fact, { exact: true })).toBeVisible();
  }
  await page.goto("/returns?lng=de");
  for (const fact of ["30 Tage ab Lieferung", "5–7 Werktage", "7–14 Werktage"]) {
    await expect(page.locator("main").getByText(fact, { exact: true })).toBeVisible();
  }
  await page.goto("/warranty?lng=de");
  const warranty = page.locator("main dl").first();
  for (const [label, value] of [["Möbel", "2 Jahre"], ["Elektronik", "1 Jahr"], ["Zubehör", "6 Monate"], ["Kleingeräte", "1 Jahr"]]) {
    await expect(warranty.locator("div", { has: page.getByText(label!, { exact: true }) }).locator("dd")).toHaveText(value!);
  }
  await expect(page.locator("main")).toContainText("innerhalb von 24 Stunden");
  await page.goto("/shipping?lng=ar");
  await expect(page.locator("main").getByText("8.99 €", { exact: true })).toBeVisible();
});

test("contact shows address, phone, e-mail and opening hours; the impressum the company data", async ({ page }) => {
  await page.goto("/contact?lng=de");
  const main = page.locator("main");
  await expect(main.getByText("Friedrichstraße 123, 10117 Berlin, Deutschland")).toBeVisible();
  await expect(main.locator('a[href="tel:+493012345678"]')).toHaveText("+49 30 1234 5678");
  await expect(main.locator('a[href="mailto:info@officehaus.example"]')).toBeVisible();
  await expect(main.getByText("9:00 – 18:00 Uhr")).toBeVisible();
  await expect(main.getByText("10:00 – 16:00 Uhr")).toBeVisible();
  await page.goto("/impressum?lng=de");
  for (const fact of ["OfficeHaus GmbH", "HRB 234567 B", "DE312345678", "Markus Weber, Claudia Brunner"]) {
    await expect(page.locator("main").getByText(fact, { exact: true })).toBeVisible();
  }
  await page.goto("/about?lng=de");
  await expect(page.locator("main")).toContainText("Hauptsitz in Zürich");
});

test("the cookie policy names every cookie the shop sets and promises no tracking", async ({ page }) => {
  await page.goto("/cookies?lng=de");
  for (const name of ["__session", "cart-session-id", "lng", "preferred-country", "preferred-currency"]) {
    await expect(page.locator("main dt", { hasText: new RegExp(`^${name} – `) })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Kein Tracking" })).toBeVisible();
});

test("the FAQ opens one answer at a time and closes it again", async ({ page }) => {
  await page.goto("/faq?lng=de");
  const items = page.locator('[data-testid="faq"] details[name="faq"]');
  await expect(items).toHaveCount(6);
  const questions = texts.de.faq!.questions as Array<{ question: string; answer: string }>;
  const answer = (i: number) => page.getByText(questions[i]!.answer);
  await expect(answer(0)).toBeHidden();

  await page.getByText(questions[0]!.question).click();
  await expect(answer(0)).toBeVisible();
  await page.getByText(questions[1]!.question).click();
  await expect(answer(1)).toBeVisible();
  await expect(answer(0)).toBeHidden();
  await expect(page.locator('[data-testid="faq"] details[open]')).toHaveCount(1);
  await page.getByText(questions[1]!.question).click();
  await expect(page.locator('[data-testid="faq"] details[open]')).toHaveCount(0);

  await expect(page.locator("main")).toContainText("Kreditkarten (Visa, MasterCard), PayPal und Banküberweisung");
  await expect(page.locator("main")).toContainText("5–7 Werktage");
});

test("the blog shows three teaser cards without links", async ({ page }) => {
  await page.goto("/blog?lng=de");
  const cards = page.locator('[data-testid="blog-posts"] > li');
  await expect(cards).toHaveCount(3);
  await expect(cards.locator("a")).toHaveCount(0);
  const posts = texts.de.blog!.posts as Array<{ title: string }>;
  for (const post of posts) await expect(page.getByRole("heading", { level: 2, name: post.title })).toBeVisible();
});

test("the support page's phone, e-mail and live-chat boxes all lead somewhere real", async ({ page }) => {
  await page.goto("/support?lng=de");
  const main = page.locator("main");
  await expect(main.locator('a[href="tel:+493012345678"]')).toBeVisible();
  await expect(main.locator('a[href="mailto:info@officehaus.example"]')).toBeVisible();
  const chat = main.locator("section.card", { has: page.getByRole("heading", { name: "Live-Chat" }) });
  await expect(chat).toContainText("Mo–Fr 9:00–18:00, Sa 10:00–16:00");
  await chat.getByRole("link", { name: "Zum Kontaktformular" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.de.contact!.title);
});

test("the long page texts stay on the server: a page carries only its own", async ({ request }) => {
  const html = await (await request.get("/about?lng=de")).text();
  expect(html).toContain(texts.de.about!.intro);
  expect(html).not.toContain(texts.de.privacy!.intro);
  expect(html).not.toContain(texts.de.terms!.intro);
});

test("static pages fit a 375 px screen, in German and in Arabic", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/contact?lng=de", "/support?lng=ar", "/cookies?lng=ar", "/shipping?lng=de", "/blog?lng=ar"]) {
    await page.goto(path);
    const box = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(box, path).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    // Nothing sticks out sideways: the page does not scroll horizontally.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});
