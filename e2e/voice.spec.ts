import { chromium, expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  jsonAnswer,
  startTranscriptionDouble,
  type TranscriptionDouble,
} from '../packages/server/test/doubles/transcription';
import { expectNoAxeViolations, extraServerPort, registerAccount, signInThroughApi } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';
import { entryBox } from './my-stories';

/**
 * Voice input end to end: real Chromium records a fake microphone fed by a WAV that espeak-ng
 * speaks, our server forwards the recording to an OpenAI-compatible transcription server started
 * here, and the text comes back for review. This spec runs its own app server (with
 * TRANSCRIPTION_BASE_URL) beside the shared one.
 */

const appPort = extraServerPort(8);
const appBase = `http://localhost:${appPort}`;
const spoken = 'Walked the dog along the river this morning';

// The fake microphone's file must exist before Chromium starts.
const audioDir = path.join(tmpdir(), `life-updates-voice-${appPort}`);
mkdirSync(audioDir, { recursive: true });
const wavPath = path.join(audioDir, 'speech.wav');
execFileSync('espeak-ng', ['-w', wavPath, spoken]);

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--no-first-run',
];

test.use({
  baseURL: appBase,
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...baseArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}`,
    ],
  },
});
test.describe.configure({ mode: 'serial' });

let transcription: TranscriptionDouble | undefined;
let appServer: SpawnedAppServer | undefined;

async function startTranscriptionServer(): Promise<string> {
  transcription = await startTranscriptionDouble();
  transcription.answer = jsonAnswer(200, { text: spoken });
  // A short pause, as a real model takes, so the progress bar can be seen.
  transcription.delayMs = 800;
  return transcription.url;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  appServer = await spawnAppServer({
    port: appPort,
    env: { TRANSCRIPTION_BASE_URL: await startTranscriptionServer() },
  });
});

test.afterAll(async () => {
  await appServer?.stop();
  await transcription?.close();
});

/** A new account on this spec's own app server, signed in in the page's context. */
async function signUpAndIn(page: Page) {
  await signInThroughApi(page, await registerAccount(page.request, { name: 'Voice Person' }, appBase), appBase);
}

test('record, pause, resume, stop, review and save a voice idea', async ({ page }) => {
  await signUpAndIn(page);
  // Chromium does not hand blob request bodies to Playwright, so note the form fields as the page adds them.
  await page.addInitScript(() => {
    const appended: unknown[] = [];
    (window as unknown as { appendedFormFields: unknown[] }).appendedFormFields = appended;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, name: string, value: string | Blob, fileName?: string) {
      appended.push(value instanceof Blob ? { name, fileName, type: value.type, size: value.size } : { name });
      const original = append as (this: FormData, ...args: unknown[]) => void;
      original.apply(this, fileName === undefined ? [name, value] : [name, value, fileName]);
    } as typeof FormData.prototype.append;
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Loading application data...')).toBeHidden();

  await page.getByRole('button', { name: 'Record Voice' }).click();
  const panel = page.getByRole('region', { name: 'Recording in progress...' });
  await expect(panel).toBeVisible();
  const timer = panel.getByRole('timer');
  await expect(timer).toHaveText('00:01 / 02:00', { timeout: 5_000 });
  await expect(panel.getByText('Recording', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(panel.getByText('Paused', { exact: true })).toBeVisible();
  const pausedAt = await timer.textContent();
  // A negative check needs a window: the timer ticks once a second, so one left running while paused
  // would show a new value within a second of the pause; 1.2 s leaves a little room for a late tick.
  await page.waitForTimeout(1_200);
  await expect(timer).toHaveText(pausedAt ?? '');
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(timer).not.toHaveText(pausedAt ?? '', { timeout: 5_000 });

  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(panel.getByText('Converting speech to text...')).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Transcription progress' })).toBeVisible();

  await expect(page.getByText('Voice successfully transcribed!')).toBeVisible();
  await expect(page.getByText('Review and submit your transcribed event')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page.getByText('Review your transcribed event before saving')).toBeVisible();
  await expect(entryBox(page)).toHaveValue(spoken);
  await expect(entryBox(page)).toHaveAttribute('placeholder', 'Review and edit your transcribed event...');
  await expectNoAxeViolations(page);

  // The browser uploaded the recording as the multipart field "file" named recording.webm ...
  const fields = await page.evaluate(() => (window as unknown as { appendedFormFields: unknown[] }).appendedFormFields);
  expect(fields).toEqual([
    { name: 'file', fileName: 'recording.webm', type: expect.stringMatching(/^audio\/webm/), size: expect.any(Number) },
  ]);
  expect((fields[0] as { size: number }).size).toBeGreaterThan(1000);
  // ... and the provider received a non-empty recording.webm with the model.
  expect(transcription!.received.at(-1)).toMatchObject({
    path: '/v1/audio/transcriptions',
    fileName: 'recording.webm',
    fileType: 'audio/webm',
    model: 'whisper-1',
  });
  expect(transcription!.received.at(-1)!.fileSize).toBeGreaterThan(1000);

  // Editing in review keeps the voice flag.
  await entryBox(page).fill(`${spoken}, then coffee`);
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(entryBox(page)).toHaveValue('');
  await expect(page.getByText('Review your transcribed event before saving')).toBeHidden();

  const list = await (await page.request.get('/api/ideas')).json();
  expect(list.ideas).toHaveLength(1);
  expect(list.ideas[0]).toMatchObject({
    content: `${spoken}, then coffee`,
    isAudioRecording: true,
    status: 'raw',
  });
});

test("transcription failures: the provider's message, no speech, and closing the panel", async ({ page }) => {
  await signUpAndIn(page);
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Recording in progress...' });

  transcription!.nextAnswers.push(jsonAnswer(503, { error: { message: 'The speech model is overloaded' } }));
  await page.getByRole('button', { name: 'Record Voice' }).click();
  await expect(panel.getByRole('timer')).toHaveText('00:01 / 02:00', { timeout: 5_000 });
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('The speech model is overloaded')).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(entryBox(page)).toHaveValue('');

  transcription!.nextAnswers.push(jsonAnswer(200, { text: '   ' }));
  await page.getByRole('button', { name: 'Record Voice' }).click();
  await expect(panel.getByRole('timer')).toHaveText('00:01 / 02:00', { timeout: 5_000 });
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('No speech detected. Please try again.')).toBeVisible();
  await expect(entryBox(page)).toHaveValue('');

  // Closing while recording returns to typing and sends nothing.
  const before = transcription!.received.length;
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/transcription') uploads.push(request.method());
  });
  await page.getByRole('button', { name: 'Record Voice' }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(entryBox(page)).toBeVisible();
  // A negative check needs a window: the recorder's last chunk and its stop event come within tens of
  // milliseconds of closing, and an upload would leave the page right after; half a second covers it.
  await page.waitForTimeout(500);
  expect(uploads).toEqual([]);
  expect(transcription!.received.length).toBe(before);
  expect((await (await page.request.get('/api/ideas')).json()).ideas).toHaveLength(0);
});

test('a denied microphone shows the error toast', async () => {
  // A browser of its own whose media permission prompt always answers "deny".
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'],
  });
  try {
    const context = await browser.newContext({ baseURL: appBase, locale: 'en-US' });
    const page = await context.newPage();
    await signUpAndIn(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Record Voice' }).click();
    await expect(page.getByText(/^Error: Could not access microphone\. \S/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recording in progress...' })).toBeHidden();
    await expect(entryBox(page)).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('a recording made offline waits on the device and is transcribed into an idea when back online', async ({
  page,
  context,
}) => {
  await signUpAndIn(page);
  await page.goto('/dashboard');
  await expect(page.getByText('Loading application data...')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Record Voice' })).toBeEnabled();
  const before = transcription!.received.length;

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.getByRole('button', { name: 'Record Voice' }).click();
  const panel = page.getByRole('region', { name: 'Recording in progress...' });
  await expect(panel.getByRole('timer')).toHaveText('00:02 / 02:00', { timeout: 6_000 });
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(
    page.getByText(
      'No connection: the recording is kept on this device and will be transcribed when you are back online.',
    ),
  ).toBeVisible();
  await expect(panel).toBeHidden();
  const waiting = page.getByRole('tabpanel').getByTestId('queued-idea');
  await expect(waiting).toContainText(/Voice recording \(00:0\d\), transcribed when back online/);
  await expect(waiting).toContainText('Waiting to sync');
  expect(transcription!.received.length).toBe(before);

  await context.setOffline(false);
  await expect(page.getByText('1 idea saved from this device')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  expect(transcription!.received.length).toBe(before + 1);
  expect(transcription!.received.at(-1)).toMatchObject({
    path: '/v1/audio/transcriptions',
    fileName: 'recording.webm',
  });
  const list = await (await page.request.get(`${appBase}/api/ideas`)).json();
  expect(
    list.ideas.map((idea: { content: string; isAudioRecording: boolean }) => [idea.content, idea.isAudioRecording]),
  ).toEqual([[spoken, true]]);
});
