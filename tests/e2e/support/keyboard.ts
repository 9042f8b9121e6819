import { expect, type Locator, type Page } from "@playwright/test";


/**
 * Presses Tab (only Tab: no clicks, no focus() calls) until the element matched by `target` has the
 * focus. Fails after `max` presses, naming the target.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if ((await target.and(page.locator(":focus")).count()) > 0) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Expects the next Tab to land on exactly this element. */
export async function expectNextTab(page: Page, target: Locator, what: string): Promise<void> {
  await page.keyboard.press("Tab");
  await expect(target, what).toBeFocused();
}
