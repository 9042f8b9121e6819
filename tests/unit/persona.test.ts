import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { hasPersonalCookie, isSharedPageRequest, withoutPersonalCookies } from "~/page-cache/key.server";
import { isSubstitutable, PERSONA_TOKENS, personaUser, substituteUser, type Persona } from "~/page-cache/persona.server";

describe("pages of a kind of visitor (the page cache's personas)", () => {
  it("puts each visitor's own strings in place of the placeholders, in markup and inline data alike", () => {
    const page = `<p>${PERSONA_TOKENS.firstName}</p><script>enqueue("[\\"${PERSONA_TOKENS.email}\\",\\"${PERSONA_TOKENS.id}\\"]")</script>`;
    expect(substituteUser(page, { id: "u-1", email: "erika@example.com", firstName: "Zoë" })).toBe(
      '<p>Zoë</p><script>enqueue("[\\"erika@example.com\\",\\"u-1\\"]")</script>',
    );
  });

  it("serves a name from the cache only when it needs no escaping anywhere", () => {
    expect(isSubstitutable("Zoë")).toBe(true);
    expect(isSubstitutable("محمد")).toBe(true);
    for (const value of ['a"b', "a<b", "a&b", "a'b", "a\\b", "a/b", "a\u2028b", "x" + PERSONA_TOKENS.email]) {
      expect(isSubstitutable(value), value).toBe(false);
    }
  });

  it("renders a persona's page without the visitor's own cookies, keeping the preferences", () => {
    expect(withoutPersonalCookies("lng=fr; __session=abc; cart-session-id=x; preferred-currency=CHF")).toBe("lng=fr; preferred-currency=CHF");
    expect(withoutPersonalCookies("__session=abc")).toBeUndefined();
    expect(hasPersonalCookie("lng=fr; cart-session-id=x")).toBe(true);
    expect(hasPersonalCookie("lng=fr")).toBe(false);
    // The new visitors' page stays theirs alone.
    expect(isSharedPageRequest("GET", "/products", "cart-session-id=x")).toBe(false);
  });
});

describe("the persona is applied in one place: the request context", () => {
  const appDir = path.resolve(__dirname, "../../app");
  const read = (file: string) => readFileSync(path.join(appDir, file), "utf8");

  it("answers user, cart count and favourites from the persona the page cache's fill put in the load context, reading no cookie", async () => {
    vi.stubEnv("SESSION_SECRET", "persona-test");
    const { requestContext } = await import("~/services/request-context.server");
    const persona: Persona = { role: "admin", cartCount: 3, favoriteIds: ["p-1"], user: personaUser(true) };
    // Cookies a persona's render never gets (the fill drops them): were they read, they would count.
    const request = new Request("http://localhost/products", { headers: { cookie: "lng=fr; cart-session-id=0b7c2a52-5d3c-4e0a-9a43-2a9c1f7c3e11" } });
    const ctx = await requestContext({ request, context: { cspNonce: "n", persona } });
    expect(ctx).toMatchObject({ locale: "fr", user: persona.user, userId: PERSONA_TOKENS.id, cartOwner: null, cartSessionId: null, persona });
    expect([await ctx.cartCount(), await ctx.favoriteIds()]).toEqual([3, ["p-1"]]);
    expect(ctx.auth).toMatchObject({ user: persona.user, sessionId: null, sessionChanged: false });
    // An action never renders as a persona.
    const post = await requestContext({ request: new Request("http://localhost/cart", { method: "POST" }), context: { persona } });
    expect(post.persona).toBeNull();
  });

  it("models and the user lookup answer from the database only (no ambient persona scope)", () => {
    for (const file of ["models/cart.server.ts", "models/favorite.server.ts", "auth/user.server.ts", "models/catalogue.server.ts"]) {
      expect(read(file), file).not.toMatch(/persona|AsyncLocalStorage/i);
    }
    expect(readdirSync(path.join(appDir, "utils"))).not.toContain("persona.server.ts");
  });
});
