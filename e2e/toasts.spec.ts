import type { Locator, Page } from '@playwright/test';
import { expect, signInThroughApi, test } from './fixtures';
import { createIdea, openWithHandedOverIdeas } from './generation-helpers';

/*
 * Toasts cover nothing that can be tapped: not the top bar, not the phone's bottom tab bar, and not
 * Create Content's actions, even when those sit at the foot of the screen where the user taps them.
 * Measured in the real layout, on a phone and on a desktop.
 */

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

/** The toast showing this text, once it is in place. */
async function toastBox(page: Page, text: string): Promise<Box> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  return boxOf(toast);
}

/** Scrolls until the row of actions is the last thing visible above the tab bar (phone) or the window's foot. */
async function bringActionsToTheFoot(page: Page, actions: Locator, isPhone: boolean) {
  const tabBarHeight = isPhone ? (await boxOf(page.getByRole('navigation', { name: 'Bottom navigation' }))).height : 0;
  await actions.evaluate((element, clearance) => {
    element.scrollIntoView({ block: 'end' });
    window.scrollBy(0, clearance);
  }, tabBarHeight + 8);
}

for (const screen of [
  { name: 'phone', viewport: { width: 390, height: 844 }, isPhone: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isPhone: false },
]) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('a toast covers neither the top bar, the tab bar nor Create Content’s actions', async ({ page, account }) => {
      await signInThroughApi(page, account);
      const idea = await createIdea(page, 'Planted three apple trees in the garden with my kids.');
      await openWithHandedOverIdeas(page, '/create', { selectedIdea: idea });
      const save = page.getByRole('button', { name: 'Save for later' });
      const approve = page.getByRole('button', { name: 'Approve & Finish' });
      const email = page.getByRole('button', { name: 'Email to Contacts' });
      await expect(approve).toBeVisible();
      const tabBar = page.getByRole('navigation', { name: 'Bottom navigation' });
      await expect(tabBar).toBeVisible({ visible: screen.isPhone });

      const tappable = async () => [
        await boxOf(page.locator('header')),
        ...(screen.isPhone ? [await boxOf(tabBar)] : []),
        await boxOf(save),
        await boxOf(approve),
        await boxOf(email),
      ];

      // Nothing generated yet: Save for later says so, with the actions at the foot of the screen.
      await bringActionsToTheFoot(page, approve, screen.isPhone);
      await save.click();
      const noText = await toastBox(page, 'No text to save.');
      for (const box of await tappable()) expect(overlaps(noText, box), JSON.stringify({ noText, box })).toBe(false);
      expect(noText.y + noText.height).toBeLessThanOrEqual(screen.viewport.height);

      // Generating: the button is at the top of the page, the actions lower down.
      await page.getByRole('button', { name: 'Generate Content' }).click();
      await bringActionsToTheFoot(page, approve, screen.isPhone);
      const generated = await toastBox(page, 'Text generated!');
      for (const box of await tappable())
        expect(overlaps(generated, box), JSON.stringify({ generated, box })).toBe(false);
    });
  });
}
