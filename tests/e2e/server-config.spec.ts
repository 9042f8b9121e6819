import { expect, test } from "@playwright/test";
import { startShopServer } from "./support/shop-server";

/**
 * Settings without which a production server on a real database must not run: it stops at start
 * with a message naming the setting, instead of mailing links to whatever Host a request names.
 */
test("a production server on a real database refuses to start without SITE_URL", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "no browser involved: once is enough");
  // The check comes before any connection: this database need not exist.
  const start = startShopServer({ DATABASE_URL: "postgres://shop@127.0.0.1:9/shop", SITE_URL: "" });
  await expect(start).rejects.toThrow(/shop server exited \(1\)[\s\S]*SITE_URL must be set in production/);
});
