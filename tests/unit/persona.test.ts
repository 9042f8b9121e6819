import { describe, expect, it } from "vitest";
import { hasPersonalCookie, isSharedPageRequest, substituteUser, withoutPersonalCookies } from "~/utils/page-cache.server";
import { isSubstitutable, PERSONA_TOKENS } from "~/utils/persona.server";

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
