import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MAIL_FROM, mailFrom, startMailWorker } from "~/services/mail-worker.server";

const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  globalThis.__shopMailWorker = undefined;
});

describe("mail worker start-up", () => {
  it("never starts under tests, even with SMTP_URL set", () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    startMailWorker();
    expect(globalThis.__shopMailWorker).toBeUndefined();
  });

  it("sends from MAIL_FROM, or the default when unset; a line break in it is a configuration error", () => {
    delete process.env.MAIL_FROM;
    expect(mailFrom()).toBe(DEFAULT_MAIL_FROM);
    process.env.MAIL_FROM = "Shop <orders@shop.example>";
    expect(mailFrom()).toBe("Shop <orders@shop.example>");
    // A header injection through configuration: the typed environment refuses it (the server does not start).
    process.env.MAIL_FROM = "Shop <orders@shop.example>\r\nBcc: victim@evil.example";
    expect(() => mailFrom()).toThrow(/MAIL_FROM must be one line/);
    delete process.env.MAIL_FROM;
  });
});
