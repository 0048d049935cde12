import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';
import { entryBox, openWithServiceWorker, organizer, saveButton, serverIdeas } from './my-stories';

/**
 * Photos on ideas in the web app: attached while writing an idea and uploaded once it is saved,
 * shown as thumbnails in My Stories, given an alt text, put in order, opened full size and removed
 * from the Edit dialog; and an idea written offline that keeps its photo in the device's queue and
 * sends it, once, when the connection returns. Real Chromium, the real server and its image
 * processing; the photos are drawn in the browser.
 */

type ServerPhoto = { id: string; alt: string | null; width: number; height: number };
type ServerIdea = { id: string; content: string; photos: ServerPhoto[] };

async function serverIdea(page: Page, content: string): Promise<ServerIdea> {
  const idea = (await serverIdeas<ServerIdea>(page)).find((each) => each.content === content);
  expect(idea, content).toBeDefined();
  return idea!;
}

/** A PNG of one colour, `width` × `height`, drawn on a canvas in the page. */
async function drawnPng(page: Page, name: string, colour: string, width: number, height: number) {
  const dataUrl = await page.evaluate(
    ({ colour, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      return canvas.toDataURL('image/png');
    },
    { colour, width, height },
  );
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

async function openMyStories(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading application data...')).toBeHidden();
}

/** Counts the photo uploads the page sends (each one request), and their Idempotency-Keys. */
async function countUploads(context: BrowserContext) {
  const keys: string[] = [];
  await context.route(/\/api\/ideas\/[^/]+\/photos$/, (route) => {
    if (route.request().method() === 'POST') keys.push(route.request().headers()['idempotency-key'] ?? '');
    return route.fallback();
  });
  return keys;
}

test('an idea written with two photos: thumbnails, alt text, order, full view and removal', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  const uploadKeys = await countUploads(context);
  await openMyStories(page);
  await expect(organizer(page).getByRole('list', { name: 'Photos' })).toHaveCount(0);

  const red = await drawnPng(page, 'red.png', '#ff0000', 300, 200);
  const blue = await drawnPng(page, 'blue.png', '#0000ff', 200, 300);
  await entryBox(page).fill('Painted the boat red and blue');
  await page.getByTestId('photo-picker').setInputFiles([red, blue]);
  // Held with local previews until the idea is saved.
  const toUpload = page.getByRole('list', { name: 'Photos to upload' });
  await expect(toUpload.getByRole('img', { name: 'red.png' })).toBeVisible();
  await expect(toUpload.getByRole('img', { name: 'blue.png' })).toBeVisible();
  expect(uploadKeys).toEqual([]);

  await saveButton(page).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(toUpload).toHaveCount(0);
  // One request per photo, each with its own key.
  expect(uploadKeys).toHaveLength(2);
  expect(new Set(uploadKeys).size).toBe(2);

  let idea = await serverIdea(page, 'Painted the boat red and blue');
  expect(idea.photos.map((photo) => [photo.width, photo.height])).toEqual([
    [300, 200],
    [200, 300],
  ]);
  const [redPhoto, bluePhoto] = idea.photos;

  // Thumbnails on the card: lazy, sized before they load, loaded.
  const cardPhotos = organizer(page).getByRole('list', { name: 'Photos' });
  const thumbnails = cardPhotos.getByRole('img');
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toHaveAttribute('loading', 'lazy');
  await expect(thumbnails.first()).toHaveAttribute('width', '56');
  await expect(thumbnails.first()).toHaveAttribute('height', '56');
  await expect(thumbnails.first()).toHaveAttribute('alt', 'Photo 1');
  // Both load (a thumbnail that failed would stay at natural width 0).
  await expect
    .poll(() =>
      thumbnails.evaluateAll((images) =>
        images.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toEqual([true, true]);

  // The Edit dialog: an alt text for the red one, then the red one moved after the blue one.
  await organizer(page).getByRole('button', { name: 'Edit Painted the boat...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByTestId('idea-photo')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Alt text for photo 1' }).fill('A red boat in the sun');
  await dialog.getByRole('button', { name: 'Save alt text for photo 1' }).click();
  await expect(page.getByText('Alt text saved.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'A red boat in the sun' })).toBeVisible();

  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Move photo 1 later' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Alt text for photo 2' })).toHaveValue('A red boat in the sun');
  // Shown at once; stored when the server answers.
  await expect
    .poll(async () =>
      (await serverIdea(page, 'Painted the boat red and blue')).photos.map((photo) => [photo.id, photo.alt]),
    )
    .toEqual([
      [bluePhoto!.id, null],
      [redPhoto!.id, 'A red boat in the sun'],
    ]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The full view from the card: the blue one first, the arrow keys move to the red one.
  await expect(thumbnails.nth(1)).toHaveAttribute('alt', 'A red boat in the sun');
  await cardPhotos.getByRole('button', { name: 'Open photo 1 of 2' }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 2' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', `/api/photos/${bluePhoto!.id}`);
  await page.keyboard.press('ArrowRight');
  const second = page.getByRole('dialog', { name: 'Photo 2 of 2' });
  await expect(second.getByRole('img', { name: 'A red boat in the sun' })).toHaveAttribute(
    'src',
    `/api/photos/${redPhoto!.id}`,
  );
  await expect
    .poll(() => second.getByRole('img').evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBe(300);
  await expectNoAxeViolations(page);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Removing one asks first.
  await organizer(page).getByRole('button', { name: 'Edit Painted the boat...' }).click();
  await dialog.getByRole('button', { name: 'Remove photo 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this photo?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByTestId('idea-photo')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Remove photo 1' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Photo removed.')).toBeVisible();
  await expect(dialog.getByTestId('idea-photo')).toHaveCount(1);
  idea = await serverIdea(page, 'Painted the boat red and blue');
  expect(idea.photos.map((photo) => photo.id)).toEqual([redPhoto!.id]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(thumbnails).toHaveCount(1);
  await expect(thumbnails.first()).toHaveAttribute('alt', 'A red boat in the sun');

  // Create Content shows the idea's photos too.
  await page.goto(`/create?idea=${idea.id}`);
  const createPhotos = page.getByRole('list', { name: 'Photos' });
  await expect(createPhotos.getByRole('img', { name: 'A red boat in the sun' })).toHaveAttribute(
    'src',
    `/api/photos/${redPhoto!.id}/thumbnail`,
  );
});

test('a file that is not an image is refused before it is sent; one the server cannot read shows its message and Retry', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  const uploadKeys = await countUploads(context);
  await openMyStories(page);
  await page
    .getByTestId('photo-picker')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByText('This file is not a supported photo. Use JPEG, PNG, WebP, AVIF or GIF.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos to upload' })).toHaveCount(0);
  expect(uploadKeys).toEqual([]);

  // Called a PNG by its name and type, but not one by its bytes: only the server can tell.
  await entryBox(page).fill('A photo that is not one');
  await page
    .getByTestId('photo-picker')
    .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('still not a photo') });
  await saveButton(page).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  const failed = page.getByRole('list', { name: 'Photos to upload' }).getByRole('alert');
  await expect(failed).toContainText('This file is not a supported photo.');
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => uploadKeys.length).toBe(2);
  await expect(failed).toContainText('This file is not a supported photo.');
  // Sent twice with the same key: one photo, tried again.
  expect(new Set(uploadKeys).size).toBe(1);
  expect((await serverIdea(page, 'A photo that is not one')).photos).toEqual([]);
  await page.getByRole('button', { name: 'Remove broken.png' }).click();
  await expect(page.getByRole('list', { name: 'Photos to upload' })).toHaveCount(0);
});

test('offline: an idea with a photo waits on the device, then arrives with exactly one photo', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  // Installed and in control, as on any later visit: its Background Sync must leave this idea to the page.
  await openWithServiceWorker(page, '/dashboard');
  await expect(page.getByText('Loading application data...')).toBeHidden();
  const photo = await drawnPng(page, 'harbour.png', '#228833', 320, 240);
  const uploadKeys = await countUploads(context);
  const ideaKeys: string[] = [];
  await context.route('**/api/ideas', (route) => {
    if (route.request().method() === 'POST') ideaKeys.push(route.request().headers()['idempotency-key'] ?? '');
    return route.fallback();
  });

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await entryBox(page).fill('Watched the boats come into the harbour');
  await page.getByTestId('photo-picker').setInputFiles([photo]);
  await saveButton(page).click();
  const waiting = organizer(page).getByTestId('queued-idea');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('Photos: 1');
  await expect(page.getByRole('list', { name: 'Photos to upload' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  await expect(organizer(page).getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(1);
  const idea = await serverIdea(page, 'Watched the boats come into the harbour');
  expect(idea.photos.map((each) => [each.width, each.height])).toEqual([[320, 240]]);
  expect(new Set(ideaKeys).size).toBe(1);
  expect(uploadKeys).toHaveLength(1);

  // Nothing is sent again: not on a reload, not by the worker.
  await page.reload();
  await expect(organizer(page).getByText('Watched the boats come into the harbour')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(uploadKeys).toHaveLength(1);
  expect((await serverIdea(page, 'Watched the boats come into the harbour')).photos).toHaveLength(1);
  expect(await serverIdeas(page)).toHaveLength(1);
});

test('Background Sync with no page open sends a typed idea but leaves one with photos to the page', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  await openWithServiceWorker(page, '/dashboard');
  await expect(page.getByText('Loading application data...')).toBeHidden();
  const photo = await drawnPng(page, 'garden.png', '#66aa33', 240, 240);

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await entryBox(page).fill('Planted tomatoes with a photo');
  await page.getByTestId('photo-picker').setInputFiles([photo]);
  await saveButton(page).click();
  await entryBox(page).fill('Planted beans, no photo');
  await saveButton(page).click();
  await expect(organizer(page).getByTestId('queued-idea')).toHaveCount(2);
  await page.close();

  await context.setOffline(false);
  // The worker sends the typed idea (so it has run through the queue) and leaves the other.
  const contents = async () =>
    ((await (await context.request.get('/api/ideas')).json()).ideas as ServerIdea[]).map((idea) => idea.content);
  await expect.poll(contents, { timeout: 30_000 }).toEqual(['Planted beans, no photo']);

  // The next page sends it, with its photo.
  const next = await context.newPage();
  await openMyStories(next);
  await expect(organizer(next).getByText('Planted tomatoes with a photo')).toBeVisible();
  await expect(organizer(next).getByTestId('queued-idea')).toHaveCount(0);
  await expect
    .poll(async () =>
      (await serverIdeas<ServerIdea>(next))
        .find((idea) => idea.content === 'Planted tomatoes with a photo')
        ?.photos.map((each) => [each.width, each.height]),
    )
    .toEqual([[240, 240]]);
});
