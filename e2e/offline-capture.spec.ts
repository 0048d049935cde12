import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, expectNoAxeViolations, mainServerOrigin, signInThroughApi, signInThroughForm, test } from './fixtures';
import { createIdea } from './generation-helpers';
import { entryBox, organizer, saveButton, serverIdeas } from './my-stories';

/**
 * Capture anywhere: the manifest's share target, ideas saved without a connection (kept in
 * IndexedDB, sent when it returns, never twice thanks to their idempotency key), and My Stories
 * opened offline from the service worker with the ideas as last loaded. Real Chromium, the real
 * service worker of the production build, the real server; the network is cut with the browser's
 * own offline emulation (context.setOffline) or by dropping one answer (context.route).
 */

const waitingCards = (page: Page) => organizer(page).getByTestId('queued-idea');

type ServerIdea = { id: string; content: string; isAudioRecording: boolean };

/**
 * My Stories after a first visit: the service worker installed (its precache complete), and the page
 * opened again under its control, as on any later visit.
 */
async function openMyStoriesWithServiceWorker(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading application data...')).toBeHidden();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test('sharing into the app: signed out, sign in, the shared text is in the box and saves in one tap', async ({
  page,
  account,
}) => {
  // The share page as installs from before photos open it (the manifest's share target is now a
  // POST with photos: share-target.spec.ts).
  const shared = new URLSearchParams({
    title: 'Lisbon trip',
    text: 'Walked the whole Alfama district today',
    url: 'https://example.com/photos/alfama',
  });
  await page.goto(`/share?${shared}`);
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, account);
  await expect(entryBox(page)).toHaveValue(
    'Lisbon trip\nWalked the whole Alfama district today\nhttps://example.com/photos/alfama',
  );
  await expect(page.getByText('The shared text is in the box: check it and save it.')).toBeVisible();
  await saveButton(page).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(entryBox(page)).toHaveValue('');
  expect((await serverIdeas<ServerIdea>(page)).map((idea) => idea.content)).toEqual([
    'Lisbon trip\nWalked the whole Alfama district today\nhttps://example.com/photos/alfama',
  ]);

  // Signed in already: straight to the box; a link the text already holds is not repeated. A reload
  // afterwards does not bring the shared text back.
  await page.goto(
    `/share?${new URLSearchParams({ text: 'Read this https://example.com/a', url: 'https://example.com/a' })}`,
  );
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(entryBox(page)).toHaveValue('Read this https://example.com/a');
  await page.reload();
  await expect(page.getByText('Loading application data...')).toBeHidden();
  await expect(entryBox(page)).toHaveValue('');
});

test('installable: the manifest has icons (maskable too), theme colour, short name and screenshots', async ({
  page,
  account,
}) => {
  await signInThroughApi(page, account);
  await openMyStoriesWithServiceWorker(page);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'Life Updates', theme_color: '#4f46e5', display: 'standalone' });
  expect(manifest.icons.filter((icon: { purpose?: string }) => icon.purpose === 'maskable')).toHaveLength(2);
  expect(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor).sort()).toEqual([
    'narrow',
    'wide',
  ]);
  for (const image of [...manifest.icons, ...manifest.screenshots] as { src: string; sizes: string }[]) {
    const response = await page.request.get(image.src);
    expect(response.status(), image.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    // The PNG header's width and height are the sizes the manifest states.
    const body = await response.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, image.src).toBe(image.sizes);
  }
  // Chromium's own installability check, in a profile of its own: a test context is incognito,
  // where Chromium never offers installing.
  const profile = mkdtempSync(path.join(tmpdir(), 'life-updates-install-'));
  const browserContext = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const installPage = browserContext.pages()[0] ?? (await browserContext.newPage());
    await installPage.goto('/');
    await installPage.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await browserContext.newCDPSession(installPage);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
  } finally {
    await browserContext.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline: two ideas wait on the device through a reload, then exactly two reach the server', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  await openMyStoriesWithServiceWorker(page);
  await goOffline(context, page);

  await entryBox(page).fill('Fixed the bike chain myself');
  await saveButton(page).click();
  await expect(
    page.getByText('No connection: the idea is kept on this device and will be saved when you are back online.'),
  ).toBeVisible();
  await expect(entryBox(page)).toHaveValue('');
  await entryBox(page).fill('Baked sourdough for the neighbours');
  await saveButton(page).click();
  await expect(waitingCards(page)).toHaveCount(2);

  // The page comes from the service worker; the ideas from IndexedDB.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(waitingCards(page)).toHaveCount(2);
  await expect(waitingCards(page).filter({ hasText: 'Waiting to sync' })).toHaveCount(2);
  await expect(waitingCards(page).filter({ hasText: 'Fixed the bike chain myself' })).toBeVisible();
  await expect(waitingCards(page).filter({ hasText: 'Baked sourdough for the neighbours' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Raw/ })).toContainText('2');
  await expectNoAxeViolations(page);

  // Every create that leaves the browser, from the page or its service worker, with its sync key.
  const sentKeys: string[] = [];
  await context.route('**/api/ideas', (route) => {
    if (route.request().method() === 'POST') sentKeys.push(route.request().headers()['idempotency-key'] ?? '');
    return route.fallback();
  });
  await context.setOffline(false);
  await expect(page.getByText('2 ideas saved from this device')).toBeVisible();
  await expect(waitingCards(page)).toHaveCount(0);
  await expect(organizer(page).getByText('Fixed the bike chain myself')).toBeVisible();
  const ideas = await serverIdeas<ServerIdea>(page);
  expect(ideas.map((idea) => idea.content).sort()).toEqual([
    'Baked sourdough for the neighbours',
    'Fixed the bike chain myself',
  ]);
  expect(new Set(sentKeys).size).toBe(2);
  const sentBeforeReload = sentKeys.length;
  // Focus and a later reload send nothing more (the server would store nothing new for a key it
  // has seen, so it is the requests that are counted, not the rows).
  await page.reload();
  await expect(organizer(page).getByText('Baked sourdough for the neighbours')).toBeVisible();
  // A negative check needs a window: the signed-in screen loads its sync code lazily and sends the
  // queue as soon as it is in (and on focus), about when the ideas above show; one second covers it.
  await page.waitForTimeout(1000);
  expect(sentKeys).toHaveLength(sentBeforeReload);
  expect(await serverIdeas<ServerIdea>(page)).toHaveLength(2);
});

test('a sync whose answer is lost after the server wrote the idea still leaves exactly one row', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  await openMyStoriesWithServiceWorker(page);
  // The first create reaches the server, which stores it; its answer never reaches the page.
  let dropped = 0;
  const createdKeys: string[] = [];
  await context.route('**/api/ideas', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.fallback();
    createdKeys.push(request.headers()['idempotency-key'] ?? '');
    if (dropped > 0) return route.fallback();
    dropped += 1;
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    await route.abort('connectionreset');
  });

  await entryBox(page).fill('Signed the lease on the new flat');
  await saveButton(page).click();
  await expect(
    page.getByText('No connection: the idea is kept on this device and will be saved when you are back online.'),
  ).toBeVisible();
  // Sent again by itself a few seconds later, with the same key: the server answers with the stored idea.
  await expect(waitingCards(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(organizer(page).getByText('Signed the lease on the new flat')).toBeVisible();
  expect(createdKeys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(createdKeys).size).toBe(1);
  expect(createdKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
  const ideas = await serverIdeas<ServerIdea>(page);
  expect(ideas.map((idea) => idea.content)).toEqual(['Signed the lease on the new flat']);
});

test('opened offline after a visit: the shell and the ideas as last loaded, read-only, with a banner', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  await createIdea(page, 'Planted three apple trees');
  await createIdea(page, 'Called grandma on her birthday');
  await openMyStoriesWithServiceWorker(page);
  await expect(organizer(page).getByText('Called grandma on her birthday')).toBeVisible();
  // The list is saved for offline use shortly after it loads.
  await page.waitForFunction(() =>
    localStorage.getItem('life-updates.cache.offline-queries')?.includes('Called grandma'),
  );

  await goOffline(context, page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(organizer(page).getByText('Planted three apple trees')).toBeVisible();
  await expect(organizer(page).getByText('Called grandma on her birthday')).toBeVisible();
  await expect(page.getByText('Loading application data...')).toHaveCount(0);
  // Read-only: nothing that needs the server is offered for the loaded ideas.
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await expectNoAxeViolations(page);

  // Back online the banner goes and the ideas can be changed again.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit Planted/ })).toBeVisible();
});

test('opened offline with nothing kept from the last visit: it says so, and opens once back online', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  await createIdea(page, 'Fixed the garden fence');
  await openMyStoriesWithServiceWorker(page);
  // Nothing kept on this device: as after 24 hours, or with the browser's stored data cleared.
  await page.evaluate(() => localStorage.clear());

  await goOffline(context, page);
  await page.goto('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'nothing from your last visit is kept' })).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(organizer(page).getByText('Fixed the garden fence')).toBeVisible();
});

test('an idea the server refuses stays waiting with its message, and can be edited, retried and deleted', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  for (let index = 1; index <= 10; index += 1) await createIdea(page, `Idea number ${index}`);
  await openMyStoriesWithServiceWorker(page);
  await goOffline(context, page);
  await entryBox(page).fill('One idea over the limit');
  await saveButton(page).click();
  await expect(waitingCards(page)).toHaveCount(1);
  await context.setOffline(false);

  const waiting = waitingCards(page);
  await expect(waiting).toContainText('Not saved: ');
  await expect(waiting).toContainText('Waiting to sync');
  expect(await serverIdeas<ServerIdea>(page)).toHaveLength(10);

  // Edited: sent again with its new text, refused again while the limit is full.
  await page.getByRole('button', { name: 'Edit waiting idea: One idea over...' }).click();
  await page.getByRole('textbox', { name: 'Idea text' }).fill('An edited idea over the limit');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(waiting).toContainText('An edited idea over the limit');
  await expect(waiting).toContainText('Not saved: ');
  expect(await serverIdeas<ServerIdea>(page)).toHaveLength(10);

  // Room made on the server: Try again now saves it.
  const [oldest] = (await serverIdeas<ServerIdea>(page)).slice(-1);
  const removed = await page.request.delete(`/api/ideas/${oldest?.id}`, { headers: { origin: mainServerOrigin() } });
  expect(removed.status()).toBe(204);
  await page.getByRole('button', { name: 'Try again now' }).click();
  await expect(waitingCards(page)).toHaveCount(0);
  expect((await serverIdeas<ServerIdea>(page)).map((idea) => idea.content)).toContain('An edited idea over the limit');

  // A waiting idea is deleted after a confirmation, and never reaches the server.
  await goOffline(context, page);
  await entryBox(page).fill('Never mind this one');
  await saveButton(page).click();
  await expect(waitingCards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete waiting idea: Never mind this...' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('It has not reached the server yet');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(waitingCards(page)).toHaveCount(0);
  // Every create that leaves the browser from now on, from the page or its service worker. The
  // open-ideas limit is full again, so the server would refuse the deleted idea: only the requests
  // show whether it was sent.
  const sentAfterDelete: string[] = [];
  await context.route('**/api/ideas', (route) => {
    if (route.request().method() === 'POST') sentAfterDelete.push(route.request().postData() ?? '');
    return route.fallback();
  });
  await context.setOffline(false);
  await page.waitForFunction(() => navigator.onLine);
  // A negative check needs a window: the page sends its queue on the "online" event it has just had,
  // and the service worker's Background Sync fires on the same reconnection; one second covers both.
  await page.waitForTimeout(1000);
  expect(sentAfterDelete).toEqual([]);
  expect((await serverIdeas<ServerIdea>(page)).map((idea) => idea.content)).not.toContain('Never mind this one');
});

test('text typed while a save is in flight stays in the box when the save finishes', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  await page.goto('/dashboard');
  await expect(page.getByText('Loading application data...')).toBeHidden();
  // A slow connection: every create takes two seconds to reach the server.
  await context.route('**/api/ideas', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.fallback();
  });
  await entryBox(page).fill('Started learning the cello');
  await saveButton(page).click();
  await expect(saveButton(page)).toBeDisabled();
  await entryBox(page).press('End');
  await entryBox(page).pressSequentially('\nand the neighbours have not complained yet');
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(entryBox(page)).toHaveValue('and the neighbours have not complained yet');
  expect((await serverIdeas<ServerIdea>(page)).map((idea) => idea.content)).toEqual(['Started learning the cello']);
});

test('Background Sync: an idea kept offline reaches the server with no page of the app open', async ({
  page,
  context,
  account,
}) => {
  await signInThroughApi(page, account);
  await openMyStoriesWithServiceWorker(page);
  await goOffline(context, page);
  await entryBox(page).fill('Repaired the garden fence');
  await saveButton(page).click();
  await expect(waitingCards(page)).toHaveCount(1);
  await page.close();

  await context.setOffline(false);
  // Only the service worker is left to send it.
  await expect
    .poll(
      async () =>
        ((await (await context.request.get('/api/ideas')).json()).ideas as ServerIdea[]).map((idea) => idea.content),
      { timeout: 30_000 },
    )
    .toEqual(['Repaired the garden fence']);
});
