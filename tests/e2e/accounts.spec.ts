import { expect, type Page } from "@playwright/test";
import { demoAdmin, demoCustomer, signIn, test, uniqueEmail } from "./fixtures";

/**
 * Accounts, sessions and roles, in German (the default language) unless a test says otherwise.
 * Runs in both projects: JavaScript on and JavaScript off.
 */

// German is the shop's default; the browser asks for it (Playwright's Chrome would ask for English).
test.use({ locale: "de-DE" });

const toast = (page: Page) => page.getByTestId("toast");
const header = (page: Page) => page.locator("header").first();
const signOutButton = (page: Page) => header(page).locator('form[action="/logout"] button').first();

async function fillRegisterForm(page: Page, values: Record<string, string>) {
  const form = page.getByTestId("register-form");
  for (const [name, value] of Object.entries(values)) {
    if (name === "country") await form.locator('select[name="country"]').selectOption(value);
    else await form.locator(`input[name="${name}"]`).fill(value);
  }
  await form.locator('button[type="submit"]').click();
}

test.describe("account journey", () => {
  test("register → sign in → profile to Switzerland (prices in CHF) → sign out", async ({ page }) => {
    const email = uniqueEmail("journey");
    const password = "journey-pass-1";

    await page.goto("/register");
    await expect(page).toHaveTitle(/Konto erstellen/);
    await fillRegisterForm(page, { firstName: "Jana", lastName: "Reise", email, country: "DE", password, confirmPassword: password });
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Registrierung erfolgreich");

    const login = page.getByTestId("login-form");
    await login.locator('input[name="email"]').fill(email);
    await login.locator('input[name="password"]').fill(password);
    await login.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page)).toContainText("Willkommen zurück!");
    await expect(header(page).getByRole("link", { name: "Profil" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Admin" })).toHaveCount(0);

    await header(page).getByRole("link", { name: "Profil" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const profile = page.getByTestId("profile-form");
    await expect(profile.locator('input[name="email"]')).toHaveValue(email);
    await expect(profile.locator('input[name="email"]')).toHaveAttribute("readonly", "");
    await expect(profile.locator('input[name="firstName"]')).toHaveValue("Jana");
    await profile.locator('input[name="phone"]').fill("+41 44 123 45 67");
    await profile.locator('select[name="country"]').selectOption("CH");
    await profile.getByRole("button", { name: "Profil aktualisieren" }).click();
    await expect(toast(page)).toContainText("Profil aktualisiert");
    await page.reload();
    await expect(profile.locator('input[name="phone"]')).toHaveValue("+41 44 123 45 67");
    await expect(profile.locator('select[name="country"]')).toHaveValue("CH");

    await page.goto("/products");
    await expect(page.getByTestId("price").first()).toContainText("CHF");

    await signOutButton(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page)).toContainText("Abgemeldet");
    await expect(header(page).getByRole("link", { name: "Anmelden" })).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });

  test("the profile page has its own Sign Out button", async ({ page, customer }) => {
    await signIn(page, customer.email, customer.password, "/profile");
    await expect(page).toHaveURL(/\/profile$/);
    await page.locator("main").getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page)).toContainText("Abgemeldet");
    await expect(header(page).locator('form[action="/logout"]')).toHaveCount(0);
  });

  test("wrong password: 'Login Failed' with the reason, e-mail kept, password emptied (English)", async ({ page, baseURL, customer }) => {
    await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    await page.goto("/login");
    const login = page.getByTestId("login-form");
    await login.locator('input[name="email"]').fill(customer.email);
    await login.locator('input[name="password"]').fill("not-the-password");
    await login.locator('button[type="submit"]').click();
    const alert = page.getByTestId("form-alert");
    await expect(alert).toContainText("Login Failed");
    await expect(alert).toContainText("Invalid login credentials");
    await expect(login.locator('input[name="email"]')).toHaveValue(customer.email);
    await expect(login.locator('input[name="password"]')).toHaveValue("");
    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("register: mismatching passwords show 'Password Mismatch', nothing is created", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    const email = uniqueEmail("mismatch");
    await page.goto("/register");
    await fillRegisterForm(page, { firstName: "Max", lastName: "Muster", email, country: "CH", password: "first-pass-1", confirmPassword: "other-pass-1" });
    await expect(page.getByText("Password Mismatch")).toBeVisible();
    await expect(page.getByTestId("error-confirmPassword")).toHaveText("Passwords do not match.");
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId("register-form").locator('input[name="email"]')).toHaveValue(email);
    // The account was not created: signing in with it fails.
    await page.goto("/login");
    const login = page.getByTestId("login-form");
    await login.locator('input[name="email"]').fill(email);
    await login.locator('input[name="password"]').fill("first-pass-1");
    await login.locator('button[type="submit"]').click();
    await expect(page.getByTestId("form-alert")).toContainText("Invalid login credentials");
  });

  test("a taken e-mail gets the same answer as a new one, and no second account", async ({ page, baseURL, customer }) => {
    await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
    await page.goto("/register");
    await fillRegisterForm(page, { firstName: "Karl", lastName: "Kopie", email: customer.email, country: "DE", password: "copy-pass-1", confirmPassword: "copy-pass-1" });
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Registration Successful");
    await expect(toast(page)).toContainText("Please check your email to verify your account.");
    await expect(page.getByTestId("form-alert")).toHaveCount(0);
    // The owner's account is untouched: the copy's password does not open it.
    const login = page.getByTestId("login-form");
    await login.locator('input[name="email"]').fill(customer.email);
    await login.locator('input[name="password"]').fill("copy-pass-1");
    await login.locator('button[type="submit"]').click();
    await expect(page.getByTestId("form-alert")).toContainText("Invalid login credentials");
  });

  test("register and forgot-password answer a taken address and a new one alike, over HTTP", async ({ playwright, baseURL, customer }) => {
    /** Status, headers and body a browser would see, without the date, the CSP nonce and the cookie's expiry moment. */
    // A client address of this test's own, so the per-address limits of other tests do not meet it.
    const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    async function answer(path: string, form: Record<string, string>) {
      const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL!, Cookie: "lng=en", "X-Forwarded-For": address } });
      const response = await client.post(path, { form, maxRedirects: 0 });
      const headers = Object.fromEntries(
        response
          .headersArray()
          .filter(({ name }) => !/^(date|x-request-id|server-timing|content-length)$/i.test(name))
          .map(({ name, value }) => [name.toLowerCase(), value.replace(/;\s*Expires=[^;]*/gi, "").replace(/'nonce-[^']*'/g, "'nonce'")]),
      );
      const result = { status: response.status(), headers, body: await response.text() };
      await client.dispose();
      return result;
    }
    const registration = (email: string) => ({ firstName: "Karl", lastName: "Kopie", email, country: "DE", password: "copy-pass-1", confirmPassword: "copy-pass-1" });
    const taken = await answer("/register", registration(customer.email));
    const fresh = await answer("/register", registration(uniqueEmail("alike")));
    expect(fresh.status).toBe(302);
    expect(taken).toEqual(fresh);
    const known = await answer("/forgot-password", { email: customer.email });
    const unknown = await answer("/forgot-password", { email: uniqueEmail("nobody") });
    expect(known.status).toBe(302);
    expect(unknown).toEqual(known);
  });

  test("an empty, oversized or tampered address is a 400 with a message in the visitor's language", async ({ playwright, baseURL }) => {
    const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL!, Cookie: "lng=fr" } });
    const invalid = /Veuillez saisir une adresse e-mail valide|au plus 254 caractères/;
    const cases: Array<[string, string | RegExp]> = [
      ["", "Veuillez saisir votre adresse e-mail."],
      [`${"a".repeat(250)}@example.com`, invalid],
      ["not-an-address", invalid],
      ["kunde@example.com\r\nBcc: x@evil.test", /Veuillez saisir une adresse e-mail valide|caractères de contrôle/],
    ];
    for (const [email, text] of cases) {
      for (const [path, form] of [
        ["/register", { firstName: "Karl", lastName: "Kopie", email, country: "DE", password: "copy-pass-1", confirmPassword: "copy-pass-1" }],
        ["/forgot-password", { email }],
      ] as const) {
        const response = await client.post(path, { form, maxRedirects: 0 });
        expect(response.status(), `${path} ${email.slice(0, 20)}`).toBe(400);
        const body = await response.text();
        if (typeof text === "string") expect(body, `${path} ${email.slice(0, 20)}`).toContain(text);
        else expect(body, `${path} ${email.slice(0, 20)}`).toMatch(text);
      }
    }
    await client.dispose();
  });

  test("signed-in users are sent away from /login and /register", async ({ page, customer }) => {
    await signIn(page, customer.email, customer.password);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/$/);
  });

  test("redirectTo brings the user back, but never to another site", async ({ page, baseURL, customer }) => {
    const signOut = async () => {
      await signOutButton(page).click();
      await expect(header(page).getByRole("link", { name: "Anmelden" })).toBeVisible();
    };
    await signIn(page, customer.email, customer.password, "/cart");
    await expect(page).toHaveURL(`${baseURL}/cart`);
    await signOut();
    for (const evil of ["//evil.example", "https://evil.example/steal"]) {
      await signIn(page, customer.email, customer.password, evil);
      await expect(page).toHaveURL(`${baseURL}/`);
      await signOut();
    }
  });

  test("a forged session cookie counts as signed out", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "__session", value: "eyJ1c2VySWQiOiJhZG1pbiJ9.forged", url: baseURL! }]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(header(page).getByRole("link", { name: "Anmelden" })).toBeVisible();
    const profile = await page.goto("/profile");
    expect(profile?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });
});

test.describe("roles", () => {
  test("the demo admin sees the Admin link and opens /admin and /admin/edit", async ({ page }) => {
    await signIn(page, demoAdmin.email, demoAdmin.password);
    const adminLink = header(page).getByRole("link", { name: "Admin", exact: true });
    await expect(adminLink).toBeVisible();
    await adminLink.click();
    await expect(page).toHaveURL(/\/admin$/);
    const dashboard = await page.goto("/admin");
    expect(dashboard?.status()).toBe(200);
    await expect(page.getByTestId("error-state")).toHaveCount(0);
    const table = await page.goto("/admin/edit");
    expect(table?.status()).toBe(200);
    await expect(page).toHaveURL(/\/admin\/edit$/);
  });

  test("a customer gets 403 on /admin and /admin/edit and no Admin link", async ({ page, customer }) => {
    await signIn(page, customer.email, customer.password);
    await expect(header(page).getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    for (const path of ["/admin", "/admin/edit"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { name: "Zugriff verweigert" })).toBeVisible();
    }
  });

  test("a visitor is sent to /login and comes back to the admin page after signing in", async ({ page, baseURL }) => {
    for (const path of ["/admin", "/admin/edit"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL}/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const login = page.getByTestId("login-form");
    await login.locator('input[name="email"]').fill(demoAdmin.email);
    await login.locator('input[name="password"]').fill(demoAdmin.password);
    await login.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(`${baseURL}/admin/edit`);
  });
});

test.describe("protection (HTTP)", () => {
  const evil = { Origin: "https://evil.example" };

  // A browser's cross-site form post carries Origin: https://evil.example; one without Origin may
  // still carry a foreign Referer. The server entry refuses both with 403 before any action runs.
  const posts: Array<[string, Record<string, string>]> = [
    ["/login", { email: demoCustomer.email, password: demoCustomer.password }],
    ["/register", { firstName: "E", lastName: "Vil", email: "evil-register@example.com", country: "DE", password: "evil-pass-1", confirmPassword: "evil-pass-1" }],
    ["/profile", { firstName: "Hacked", lastName: "Vil", country: "CH" }],
    ["/logout", { redirectTo: "/" }],
    ["/cart", { intent: "clear" }],
    ["/checkout", { firstName: "E" }],
  ];

  test("cross-site posts to login, register, profile, logout, cart and checkout are refused", async ({ request }) => {
    for (const [path, form] of posts) {
      const byOrigin = await request.post(path, { form, headers: evil, maxRedirects: 0 });
      expect(byOrigin.status(), `${path} (Origin)`).toBeGreaterThanOrEqual(400);
      expect(byOrigin.headers()["set-cookie"] ?? "", path).not.toContain("__session=");
      const byReferer = await request.post(path, { form, headers: { Referer: "https://evil.example/form" }, maxRedirects: 0 });
      expect(byReferer.status(), `${path} (Referer)`).toBe(403);
    }
    // Nothing was created: the forged registration cannot sign in.
    const login = await request.post("/login", { form: { email: "evil-register@example.com", password: "evil-pass-1" }, maxRedirects: 0 });
    expect(login.status()).toBe(401);
  });

  test("a signed-in customer's cross-site posts change nothing; admin actions answer 403", async ({ request, customer }) => {
    const signedIn = await request.post("/login", { form: { email: customer.email, password: customer.password }, maxRedirects: 0 });
    expect(signedIn.status()).toBe(302);
    const listing = await (await request.get("/products")).text();
    const productId = listing.match(/\/products\/([0-9a-f-]{36})/)?.[1];
    expect(productId).toBeTruthy();
    const added = await request.post("/cart", { form: { intent: "add", productId: productId!, quantity: "1" }, maxRedirects: 0 });
    expect(added.status()).toBeLessThan(400);
    for (const [path, form] of posts.filter(([p]) => p === "/profile" || p === "/logout" || p === "/cart")) {
      expect((await request.post(path, { form, headers: evil, maxRedirects: 0 })).status(), path).toBeGreaterThanOrEqual(400);
      expect((await request.post(path, { form, headers: { Referer: "https://evil.example/" }, maxRedirects: 0 })).status(), path).toBe(403);
    }
    const profile = await request.get("/profile", { maxRedirects: 0 });
    // Still signed in (the forged logout did nothing) and the profile is unchanged.
    expect(profile.status()).toBe(200);
    expect(await profile.text()).not.toContain("Hacked");
    // The forged "clear" left the cart as it was.
    expect(await (await request.get("/cart")).text()).toContain(productId!);
    for (const path of ["/admin", "/admin/edit"]) {
      const response = await request.post(path, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
    }
  });

  test("a visitor's admin post is sent to /login", async ({ request }) => {
    const response = await request.post("/admin/edit", { form: { intent: "delete" }, maxRedirects: 0 });
    expect([302, 303]).toContain(response.status());
    expect(response.headers().location).toMatch(/^\/login\?redirectTo=%2Fadmin%2Fedit/);
  });

  test("bad login input answers 400/401 with a clear message", async ({ request, customer }) => {
    const address = { "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 200) + 1}`, Cookie: "lng=en" };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ email: "", password: "" }, 400, "Please enter your email address."],
      [{ email: "kun de@example.com", password: "x" }, 400, "Please enter a valid email address"],
      [{ email: `${"a".repeat(290)}@example.com`, password: "x" }, 400, "at most 254 characters"],
      [{ email: customer.email, password: "wrong-password" }, 401, "Invalid login credentials"],
      [{ email: uniqueEmail("unknown"), password: "whatever-1" }, 401, "Invalid login credentials"],
    ];
    for (const [form, status, message] of cases) {
      const response = await request.post("/login", { form, headers: address, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(form).slice(0, 60)).toBe(status);
      expect(await response.text()).toContain(message);
    }
  });

  test("after 5 failed sign-ins for one e-mail the login answers 429 with Retry-After", async ({ request }) => {
    const email = uniqueEmail("locked");
    const headers = { "X-Forwarded-For": `192.0.2.${Math.floor(Math.random() * 200) + 1}`, Cookie: "lng=en" };
    for (let i = 0; i < 5; i++) {
      const response = await request.post("/login", { form: { email, password: `guess-${i}` }, headers, maxRedirects: 0 });
      expect(response.status()).toBe(401);
    }
    const blocked = await request.post("/login", { form: { email, password: "guess-again" }, headers, maxRedirects: 0 });
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many failed sign-in attempts");
  });

  test("the session cookie is httpOnly and SameSite=Lax", async ({ request, customer }) => {
    const response = await request.post("/login", { form: { email: customer.email, password: customer.password }, maxRedirects: 0 });
    const cookie = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
    expect(cookie?.value).toMatch(/HttpOnly/i);
    expect(cookie?.value).toMatch(/SameSite=Lax/i);
    expect(cookie?.value).toMatch(/Max-Age=2592000/);
  });
});
