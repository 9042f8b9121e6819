import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_NAMES, EnvError, envReader, parseEnv } from "~/utils/env.server";
import { readConfig } from "../../server/config";

describe("the typed environment", () => {
  it("knows every setting of .env.example", () => {
    const example = readFileSync(path.resolve(__dirname, "../../.env.example"), "utf8");
    const names = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
    expect(names.size).toBeGreaterThan(20);
    expect([...names].filter((name) => !(ENV_NAMES as string[]).includes(name))).toEqual([]);
  });

  it("a server reads its settings once; tests and development see each change", () => {
    const source: Record<string, string> = { PORT: "8080" };
    const server = envReader(source, false);
    const watching = envReader(source, true);
    expect(server().PORT).toBe(8080);
    expect(watching().PORT).toBe(8080);
    expect(server()).toBe(server());
    source.PORT = "9090";
    expect(server().PORT).toBe(8080);
    expect(watching().PORT).toBe(9090);
    // A setting that does not parse is said on every read until it is fixed.
    const broken = envReader({ PORT: "eighty" }, false);
    expect(() => broken()).toThrow(EnvError);
    expect(() => broken()).toThrow(EnvError);
  });

  it("gives the embedded demo's defaults when nothing is set", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      DATABASE_URL: undefined,
      DATABASE_POOL_SIZE: 10,
      DATABASE_PREPARE: false,
      COOKIE_SECURE: "auto",
      ADMIN_EMAILS: [],
      AUTH_PROVIDER: "local",
      TRUST_PROXY: false,
      PAGE_CACHE_TTL: 60,
      PAGE_CACHE: "on",
      LOG_FORMAT: "text",
      MAIL_FROM: "OfficeHaus <shop@officehaus.example>",
    });
  });

  it("types good values (blank counts as unset)", () => {
    expect(
      parseEnv({
        PORT: " 8080 ",
        DATABASE_URL: "postgres://shop@db.example:5432/shop",
        TRUST_PROXY: "true",
        PAGE_CACHE_TTL: "0",
        COOKIE_SECURE: "ALWAYS",
        ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
        SITE_URL: "https://shop.example/",
        SMTP_URL: "smtps://u:p@mail.example:465",
        HOST: "",
      }),
    ).toMatchObject({
      PORT: 8080,
      DATABASE_URL: "postgres://shop@db.example:5432/shop",
      TRUST_PROXY: true,
      PAGE_CACHE_TTL: 0,
      COOKIE_SECURE: "always",
      ADMIN_EMAILS: ["boss@example.com", "ops@example.com"],
      SITE_URL: "https://shop.example",
      SMTP_URL: "smtps://u:p@mail.example:465",
      HOST: undefined,
    });
  });

  it.each([
    ["PORT", "abc", /PORT must be a whole number from 1 to 65535, not "abc"/],
    ["PORT", "70000", /PORT must be a whole number/],
    ["PAGE_CACHE_TTL", "-1", /PAGE_CACHE_TTL must be a whole number ≥ 0, not "-1"/],
    ["COOKIE_SECURE", "maybe", /COOKIE_SECURE must be "auto" .* not "maybe"/],
    ["TRUST_PROXY", "yes", /TRUST_PROXY must be "true" or "false", not "yes"/],
    ["DATABASE_URL", "mysql://db/shop", /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    ["SITE_URL", "shop.example/path", /SITE_URL must be the shop's origin/],
    ["ADMIN_EMAILS", "boss", /ADMIN_EMAILS must be comma-separated e-mail addresses/],
    ["AUTH_PROVIDER", "ldap", /AUTH_PROVIDER must be "local" or "supabase"/],
    ["LOG_FORMAT", "xml", /LOG_FORMAT must be "text" or "json"/],
    ["MAIL_FROM", "shop@example.com\nBcc: x@example.com", /MAIL_FROM must be one line/],
  ])("refuses %s=%j with a message naming it", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  it("names every wrong variable at once", () => {
    try {
      parseEnv({ PORT: "abc", PAGE_CACHE_TTL: "-1" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toHaveLength(2);
      expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}PORT .*\n {2}PAGE_CACHE_TTL /);
    }
  });

  it("requires SITE_URL, SESSION_SECRET and SHOP_IBAN in production on a real database, not for the embedded demo", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://shop@db.example/shop" };
    expect(() => parseEnv(production)).toThrow(/SITE_URL must be set in production[\s\S]*SESSION_SECRET must be set in production[\s\S]*SHOP_IBAN must be set in production/);
    expect(() => parseEnv({ ...production, SITE_URL: "https://shop.example", SESSION_SECRET: "s", SHOP_IBAN: "DE89 3704 0044 0532 0130 00" })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });

  it("is what the server entry reads its own settings from", () => {
    expect(readConfig({ PORT: "4100", TRUST_PROXY: "true" })).toMatchObject({ port: 4100, trustProxy: true, logFormat: "text" });
    expect(() => readConfig({ PORT: "abc" })).toThrow(/PORT must be a whole number/);
  });
});
