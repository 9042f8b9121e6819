import { describe, expect, it } from "vitest";
import { stickyLanguageCookie } from "~/i18n/i18n.server";

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

describe("?lng= sticks", () => {
  it("sets the lng cookie when the address names a language the cookie doesn't hold", () => {
    expect(stickyLanguageCookie(request("http://shop.test/?lng=en"))).toMatch(/^lng=en; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(stickyLanguageCookie(request("http://shop.test/products?lng=ar", "lng=de"))).toMatch(/^lng=ar;/);
  });

  it("sets nothing without ?lng, for an unknown language, or when the cookie already holds it", () => {
    expect(stickyLanguageCookie(request("http://shop.test/products"))).toBeNull();
    expect(stickyLanguageCookie(request("http://shop.test/?lng=xx"))).toBeNull();
    expect(stickyLanguageCookie(request("http://shop.test/?lng=fr", "lng=fr"))).toBeNull();
  });

  it("marks the cookie Secure over HTTPS", () => {
    expect(stickyLanguageCookie(request("https://shop.test/?lng=en"))).toContain("; Secure");
  });
});
