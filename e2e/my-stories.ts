import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** My Stories (/dashboard) as the specs use it: its parts by role and label, and the ideas the server holds. */

export const entryBox = (page: Page) => page.getByRole('textbox', { name: 'Your event or idea' });
export const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Event' });
export const organizer = (page: Page) => page.getByRole('tabpanel');

/** The signed-in user's ideas as the API lists them (GET /api/ideas), newest first. */
export async function serverIdeas<Idea = { id: string; content: string }>(page: Page): Promise<Idea[]> {
  const response = await page.request.get('/api/ideas');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { ideas: Idea[] }).ideas;
}

/** Opens `path` under the control of the installed service worker, as on any visit after the first. */
export async function openWithServiceWorker(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
