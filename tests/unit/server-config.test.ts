import { afterEach, describe, expect, it, vi } from "vitest";
import { checkServerConfig, siteUrl } from "~/utils/env.server";
import { secureCookies, serializeCookie } from "~/utils/cookies.server";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("SITE_URL", () => {
  it("is the configured origin, whatever Host the request names", () => {
    vi.stubEnv("SITE_URL", "https://shop.example/");
    expect(siteUrl()).toBe("https://shop.example");
  });

  it("defaults to http://localhost:PORT for the embedded demo, in production too", () => {
    vi.stubEnv("SITE_URL", "");
    vi.stubEnv("PORT", "4123");
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "");
    expect(siteUrl()).toBe("http://localhost:4123");
  });

  it("stops a production server on a real database at start when it is missing", () => {
    vi.stubEnv("SITE_URL", "");
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("DATABASE_URL", "postgres://shop@db.example/shop");
    vi.stubEnv("SESSION_SECRET", "set");
    expect(() => checkServerConfig()).toThrow(/SITE_URL must be set in production/);
  });

  it("refuses a value that is not an origin", () => {
    vi.stubEnv("SITE_URL", "shop.example/path");
    expect(() => siteUrl()).toThrow(/SITE_URL must be the shop's origin/);
  });
});

describe("COOKIE_SECURE and the Secure flag", () => {
  const http = new Request("http://192.168.1.20:3000/");
  const https = new Request("https://shop.example/");
  const proxied = new Request("http://10.0.0.5:3000/", { headers: { "X-Forwarded-Proto": "https" } });

  it("auto (default): Secure exactly when the request came over HTTPS", () => {
    vi.stubEnv("COOKIE_SECURE", "");
    vi.stubEnv("TRUST_PROXY", "false");
    expect(secureCookies(http)).toBe(false);
    expect(secureCookies(https)).toBe(true);
    // X-Forwarded-Proto counts only from a trusted proxy: anyone could send it.
    expect(secureCookies(proxied)).toBe(false);
    vi.stubEnv("TRUST_PROXY", "true");
    expect(secureCookies(proxied)).toBe(true);
    expect(serializeCookie(http, "lng", "en")).toBe("lng=en; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(serializeCookie(https, "lng", "en")).toBe("lng=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });

  it("always: Secure on every answer", () => {
    vi.stubEnv("COOKIE_SECURE", "always");
    expect(secureCookies(http)).toBe(true);
  });

  it("stops the server at start on any other value (the old true/false included)", () => {
    vi.stubEnv("SITE_URL", "http://localhost:3000");
    vi.stubEnv("SESSION_SECRET", "set");
    for (const value of ["true", "false", "yes"]) {
      vi.stubEnv("COOKIE_SECURE", value);
      expect(() => checkServerConfig(), value).toThrow(/COOKIE_SECURE must be "auto"/);
    }
  });
});
