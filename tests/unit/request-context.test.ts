import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getSession } from "~/utils/session.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-db";

// Count the session lookups: the real getAuthState would ask the database.
const lookups = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/auth/user.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/auth/user.server")>();
  return {
    ...original,
    getAuthState: async (request: Request) => {
      lookups.count++;
      return { user: null, sessionId: null, session: await getSession(request), sessionChanged: false };
    },
  };
});

const { requestContext } = await import("~/services/request-context.server");
const { loader: rootLoader } = await import("~/root");
const { loader: cartLoader } = await import("~/routes/cart");

const CART = "0b7c2a52-5d3c-4e0a-9a43-2a9c1f7c3e11";

function get(path: string) {
  // Remix hands each loader its own Request (same address, same headers).
  return new Request(`http://localhost:3000${path}`, {
    headers: { Cookie: `lng=fr; preferred-country=CH; preferred-currency=CHF; cart-session-id=${CART}` },
  });
}

describe("the request context", () => {
  // The cart loader reads the cart: from a database of the test's own (without one, getDb() would
  // open the embedded database in ./data, the developer's shop).
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("pglite", { seed: false });
    test.install();
  });
  afterAll(async () => {
    await test?.close();
  });

  beforeEach(() => {
    lookups.count = 0;
    vi.stubEnv("SESSION_SECRET", "request-context-test");
  });

  it("is worked out once per request: the root loader and a child loader share it", async () => {
    const context = {};
    const [root, cart] = await Promise.all([
      rootLoader({ request: get("/cart"), context, params: {} }),
      cartLoader({ request: get("/cart"), context, params: {} }),
    ]);
    expect(lookups.count).toBe(1);
    expect(root.data).toMatchObject({ locale: "fr", currency: "CHF", country: "CH", user: null });
    expect(cart.cart.currency).toBe("CHF");
    // The next request (a new load context) asks again.
    await requestContext({ request: get("/"), context: {} });
    expect(lookups.count).toBe(2);
  });

  it("gives plain values: locale, preferences, the visitor's cart owner", async () => {
    const ctx = await requestContext({ request: get("/"), context: {} });
    expect(ctx).toMatchObject({ locale: "fr", country: "CH", currency: "CHF", user: null, userId: null, cartSessionId: CART });
    expect(ctx.cartOwner).toEqual({ sessionId: CART });
  });

  it("is not reused by an action (it may sign someone in or out) nor without a load context", async () => {
    const context = {};
    const post = new Request("http://localhost:3000/cart", { method: "POST", headers: get("/").headers });
    await requestContext({ request: post, context });
    await requestContext({ request: get("/cart"), context });
    await requestContext({ request: get("/cart"), context });
    expect(lookups.count).toBe(2);
    await requestContext({ request: get("/cart") });
    await requestContext({ request: get("/cart") });
    expect(lookups.count).toBe(4);
  });
});

describe("models take ids and values", () => {
  const dir = path.resolve(__dirname, "../../app/models");
  const files = readdirSync(dir).filter((file) => /\.tsx?$/.test(file));

  it("has models to check", () => {
    expect(files).toEqual(expect.arrayContaining(["cart.server.ts", "catalogue.server.ts", "favorite.server.ts", "admin-roles.server.ts"]));
  });

  for (const file of files) {
    it(`${file} imports neither ~/auth nor ~/utils/cookies and never takes a Request`, () => {
      const source = readFileSync(path.join(dir, file), "utf8");
      expect(source).not.toMatch(/from\s+["']~\/auth\//);
      expect(source).not.toMatch(/from\s+["']~\/utils\/cookies/);
      expect(source).not.toMatch(/\bRequest\b/);
    });
  }
});
