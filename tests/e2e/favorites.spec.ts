import { expect, test } from "@playwright/test";

test.use({ locale: "de-DE" });

test("favourites are toggled with the heart and listed on /favorites", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.goto("/favorites");
  await expect(page.getByTestId("favorites-empty")).toContainText("Sie haben noch keine Favoriten");
  const featured = page.getByTestId("favorites-featured").getByTestId("product-card");
  const count = await featured.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);

  // Mark the first suggestion.
  const card = featured.first();
  const name = (await card.locator("h3").innerText()).trim();
  await card.getByRole("button", { name: `${name} zu den Favoriten hinzufügen` }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Zu den Favoriten hinzugefügt");
  await expect(toast).toContainText(name);
  await expect(toast).toHaveCount(1);
  const list = page.getByTestId("favorites-list");
  await expect(list.getByTestId("product-card")).toHaveCount(1);
  await expect(list.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("favorites-empty")).toHaveCount(0);

  // The heart on the product page shows it as a favourite too, and marks a second product.
  await list.getByRole("link", { name }).click();
  const heart = page.getByRole("button", { name: `${name} aus den Favoriten entfernen` });
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  await page.goto("/products");
  const other = page.getByTestId("product-card").filter({ hasNot: page.getByRole("heading", { name, exact: true }) }).first();
  const otherName = (await other.locator("h3").innerText()).trim();
  await other.getByRole("button", { name: `${otherName} zu den Favoriten hinzufügen` }).click();
  await expect(toast).toContainText(otherName);
  await expect(other.getByRole("button", { name: `${otherName} aus den Favoriten entfernen` })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/favorites");
  await expect(list.getByTestId("product-card")).toHaveCount(2);

  // Unmark both from the list: the empty state and the suggestions come back.
  await list.getByRole("button", { name: `${name} aus den Favoriten entfernen` }).click();
  await expect(toast).toContainText("Aus den Favoriten entfernt");
  await expect(list.getByTestId("product-card")).toHaveCount(1);
  await list.getByRole("button", { name: `${otherName} aus den Favoriten entfernen` }).click();
  await expect(page.getByTestId("favorites-empty")).toBeVisible();
  await expect(page.getByTestId("favorites-featured")).toBeVisible();
  if (js) await expect(page).toHaveURL(/\/favorites$/);
});

test("a favourite toggle for an unknown product or a foreign site changes nothing", async ({ playwright, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "plain HTTP requests: once is enough");
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const unknown = await api.post("/favorites", {
    form: { intent: "toggle", productId: "00000000-0000-4000-8000-999999999999", _fetcher: "1" },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(404);
  const malformed = await api.post("/favorites", { form: { intent: "toggle", productId: "x", redirectTo: "/" }, maxRedirects: 0 });
  expect(malformed.status()).toBe(303);
  expect(await (await api.get("/")).text()).toContain("Dieses Produkt gibt es nicht oder es ist nicht mehr erhältlich.");
  const wrongIntent = await api.post("/favorites", { form: { intent: "delete-all", _fetcher: "1" }, maxRedirects: 0 });
  expect(wrongIntent.status()).toBe(400);
  expect(await (await api.get("/favorites")).text()).toContain('data-testid="favorites-empty"');
  await api.dispose();
});
