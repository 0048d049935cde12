import type { Page } from '@playwright/test';
import { crc32, deflateSync } from 'node:zlib';
import { expect, expectNoAxeViolations, signInThroughApi, signInThroughForm, test } from './fixtures';
import { entryBox, openWithServiceWorker } from './my-stories';

/**
 * Share → Life Updates from another app: the OS share sheet opens the installed app with a POST of
 * multipart form data to /share (the manifest's share target). Here a page of the app submits a real
 * form to /share with photos set in its file input, the same navigation the share sheet makes; the
 * real service worker of the production build receives it, or, where there is none, the real server.
 */

/** The new-idea form's photos waiting to be uploaded with the idea. */
const photosToUpload = (page: Page) => page.getByRole('list', { name: 'Photos to upload' }).getByRole('listitem');

/** A real PNG of one colour (signature, IHDR, IDAT, IEND), so that every shared file is an image. */
function png(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photos = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `photo-${index + 1}.png`,
    mimeType: 'image/png',
    buffer: png(32, 24, [index * 20, 120, 200]),
  }));

/**
 * What the share sheet sends, as a form on the current page: the manifest's field names, sent by a
 * navigation (a POST of multipart form data to /share).
 */
async function shareFromAnotherApp(
  page: Page,
  { files, ...text }: { title?: string; text?: string; url?: string; files: ReturnType<typeof photos> },
) {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(text)) if (value !== undefined) fields[name] = value;
  await page.evaluate((hiddenFields) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share';
    form.dataset.testid = 'share-sheet';
    for (const [name, value] of Object.entries(hiddenFields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    const fileInput = document.createElement('input');
    fileInput.type = 'file';
    fileInput.name = 'photos';
    fileInput.multiple = true;
    form.append(fileInput);
    document.body.append(form);
  }, fields);
  const form = page.getByTestId('share-sheet');
  await form.locator('input[type=file]').setInputFiles(files);
  await form.evaluate((element: HTMLFormElement) => element.submit());
}

test('the manifest shares photos, text and links by a POST of multipart form data', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest.share_target).toEqual({
    action: '/share',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'photos', accept: ['image/*'] }] },
  });
});

test('shared photos and text, signed out: after signing in both wait in the new-idea form, once, and land on the idea saved', async ({
  page,
  account,
}) => {
  // Who answered each POST to /share: the service worker, never the server.
  const shareAnsweredByWorker: boolean[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/share') {
      shareAnsweredByWorker.push(response.fromServiceWorker());
    }
  });
  await openWithServiceWorker(page, '/login');
  await shareFromAnotherApp(page, {
    title: 'Harbour walk',
    text: 'Boats coming in at sunset',
    url: 'https://example.com/harbour',
    files: photos(2),
  });
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, account);

  await expect(entryBox(page)).toHaveValue('Harbour walk\nBoats coming in at sunset\nhttps://example.com/harbour');
  await expect(photosToUpload(page)).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'photo-1.png' })).toBeVisible();
  await expect(page.getByText(/did not come through/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(shareAnsweredByWorker).toEqual([true]);

  // Saved: the idea has the two photos, in the order shared.
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(photosToUpload(page)).toHaveCount(0);
  await expect
    .poll(async () => {
      const { ideas } = (await (await page.request.get('/api/ideas')).json()) as {
        ideas: { content: string; photos: { width: number; height: number }[] }[];
      };
      return ideas.find((idea) => idea.content.startsWith('Harbour walk'))?.photos.length;
    })
    .toBe(2);

  // Once: a reload does not bring them back.
  await page.reload();
  await expect(page.getByText('Loading application data...')).toBeHidden();
  await expect(entryBox(page)).toBeVisible();
  await expect(photosToUpload(page)).toHaveCount(0);
});

test('signed in: more photos than an idea takes are cut to ten with a message, and can be removed', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await openWithServiceWorker(page, '/dashboard');
  await expect(entryBox(page)).toBeVisible();
  await shareFromAnotherApp(page, { text: 'The whole market in pictures', files: photos(12) });

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(entryBox(page)).toHaveValue('The whole market in pictures');
  await expect(photosToUpload(page)).toHaveCount(10);
  await expect(page.getByText('2 shared files were left out: an idea takes photos only, 10 at most.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove photo-3.png' }).click();
  await expect(photosToUpload(page)).toHaveCount(9);
  await expect(page.getByRole('img', { name: 'photo-3.png' })).toHaveCount(0);
  await expect(entryBox(page)).toHaveValue('The whole market in pictures');

  // Photos alone, as a gallery shares them: the box stays empty, the photos wait.
  await shareFromAnotherApp(page, { files: photos(1) });
  await expect(page).toHaveURL(/\/dashboard$/);
  // A share opens the app anew: the form holds what this share brought.
  await expect(photosToUpload(page)).toHaveCount(1);
  await expect(entryBox(page)).toHaveValue('');
  // Photos alone make an idea, called "Photo" until its text is written.
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(photosToUpload(page)).toHaveCount(0);
  await expect
    .poll(async () => {
      const { ideas } = (await (await page.request.get('/api/ideas')).json()) as {
        ideas: { content: string; photos: unknown[] }[];
      };
      return ideas.map((idea) => [idea.content, idea.photos.length]);
    })
    .toEqual([['Photo', 1]]);
});

test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the server sends the share on with its text, and the page says the photos did not come through', async ({
    page,
    account,
  }) => {
    await signInThroughApi(page, account);
    await page.goto('/dashboard');
    await expect(entryBox(page)).toBeVisible();
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/share',
    );
    await shareFromAnotherApp(page, { title: 'Harbour walk', text: 'Boats coming in', files: photos(2) });
    const answer = await answered;
    expect(answer.status()).toBe(303);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(entryBox(page)).toHaveValue('Harbour walk\nBoats coming in');
    await expect(
      page.getByText(
        'The 2 shared photos did not come through. Share them again in a moment, or add them to the idea yourself.',
      ),
    ).toBeVisible();
    await expect(photosToUpload(page)).toHaveCount(0);
  });
});
