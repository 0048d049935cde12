import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateMessage, startFakeTelegramApi, type FakeTelegramApi } from '../packages/server/test/doubles/telegram';
import { expectNoAxeViolations, extraServerPort, registerAccount, signInThroughApi } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

/**
 * The Telegram bot end to end: an app server of its own talks to a local stand-in for Telegram's Bot
 * API (long polling, sendMessage, getFile and the file download, getChatMember) and to an
 * OpenAI-compatible transcription stand-in. In a real browser the user links the account in
 * Settings → Telegram; the stand-in then delivers a text and a voice message (a WAV spoken by
 * espeak-ng), both become Raw ideas, and a Telegram post is published as escaped HTML through the
 * share dialog; a post Telegram refuses shows in the dialog and in Summeris → Failed.
 */

const appPort = extraServerPort(6);
const appBase = `http://localhost:${appPort}`;
const spoken = 'Planted tomatoes on the balcony';
const annTelegram = { id: 424242, first_name: 'Ann', username: 'ann_tg', language_code: 'en' };
const channel = { id: -1003333333333, type: 'channel', title: 'Ann & Friends', username: 'ann_friends' };

test.use({ baseURL: appBase });
test.describe.configure({ mode: 'serial' });

let fake: FakeTelegramApi;
let app: SpawnedAppServer;
let transcriptionServer: Server;
let audioDir: string;
let wav: Buffer;
const transcribed: Array<{ fileName: string; size: number; isWav: boolean }> = [];

async function startTranscriptionServer(): Promise<string> {
  transcriptionServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const form = await new Request('http://transcription.local/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
      const file = form.get('file');
      if (!(file instanceof File) || request.url !== '/v1/audio/transcriptions') {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: { message: 'file is required' } }));
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      const isWav = bytes.subarray(0, 4).toString('latin1') === 'RIFF';
      transcribed.push({ fileName: file.name, size: bytes.length, isWav });
      response.writeHead(200, { 'content-type': 'application/json' });
      // Only the recording the bot was sent, byte for byte, is "understood".
      response.end(JSON.stringify({ text: isWav && bytes.equals(wav) ? spoken : '' }));
    });
  });
  await new Promise<void>((resolve) => transcriptionServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(transcriptionServer.address() as AddressInfo).port}/v1`;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audioDir = mkdtempSync(path.join(tmpdir(), 'life-updates-telegram-'));
  const wavPath = path.join(audioDir, 'voice.wav');
  execFileSync('espeak-ng', ['-w', wavPath, spoken]);
  wav = readFileSync(wavPath);
  fake = await startFakeTelegramApi();
  const transcriptionUrl = await startTranscriptionServer();
  app = await spawnAppServer({
    port: appPort,
    env: {
      ...fake.appEnv,
      TRANSCRIPTION_BASE_URL: transcriptionUrl,
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
  await new Promise((resolve) => transcriptionServer?.close(resolve));
  if (audioDir) rmSync(audioDir, { recursive: true, force: true });
});

type Idea = { id: string; content: string; status: string; isAudioRecording: boolean };
async function ideas(page: Page): Promise<Idea[]> {
  return ((await (await page.request.get('/api/ideas')).json()) as { ideas: Idea[] }).ideas;
}

test('link in Settings → Telegram, capture a text and a voice message, publish a post to a channel', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, await registerAccount(page.request, { name: 'Ann Person' }, appBase), appBase);

  // ── Linking ──
  await page.goto('/settings?tab=telegram');
  await expect(page.getByRole('tab', { name: 'Telegram' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Not connected')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Connect Telegram' }).click();
  const codeBox = page.getByRole('status', { name: 'Your code' });
  await expect(codeBox).toHaveText(/^[A-HJ-NP-Z2-9]{8}$/);
  const code = (await codeBox.textContent()) ?? '';
  await expect(page.getByRole('link', { name: 'Open the bot in Telegram' })).toHaveAttribute(
    'href',
    `https://t.me/life_updates_test_bot?start=${code}`,
  );
  await expect(page.getByText(/The code works once and expires at/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Opening the deep link makes Telegram send "/start <code>" to the bot.
  fake.pushUpdate(
    privateMessage(annTelegram, { text: `/start ${code}`, entities: [{ type: 'bot_command', offset: 0, length: 6 }] }),
  );
  await expect(page.getByText('Telegram connected')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText(/Linked to @ann_tg since/)).toBeVisible();
  await fake.waitForMessage(annTelegram.id, (text) => text.startsWith('Done! This chat is now connected'));

  // ── Capture: a text and a voice message ──
  fake.pushUpdate(privateMessage(annTelegram, { text: 'Fish & chips <by the sea> with Bob' }));
  await fake.waitForMessage(annTelegram.id, (text) => text.startsWith('Saved as a Raw idea: “Fish & chips...”'));

  fake.addFile('voice-e2e', wav);
  fake.pushUpdate(
    privateMessage(annTelegram, {
      voice: {
        file_id: 'voice-e2e',
        file_unique_id: 'voice-e2e-u',
        duration: 3,
        mime_type: 'audio/wav',
        file_size: wav.length,
      },
    }),
  );
  const voiceReply = await fake.waitForMessage(
    annTelegram.id,
    (text) => text.startsWith('Transcribed and saved'),
    30_000,
  );
  expect(voiceReply.text).toContain(`My Stories: ${appBase}/dashboard`);
  expect(transcribed).toEqual([{ fileName: 'recording.wav', size: wav.length, isWav: true }]);

  await page.goto('/dashboard');
  await expect(page.getByText('Loading application data...')).toBeHidden();
  await expect(page.getByRole('tab', { name: /Raw/ })).toContainText('2');
  await expect(page.getByText('Fish & chips <by the sea> with Bob')).toBeVisible();
  await expect(page.getByText(spoken)).toBeVisible();
  const saved = await ideas(page);
  expect(saved.map(({ content, status, isAudioRecording }) => ({ content, status, isAudioRecording }))).toEqual([
    { content: spoken, status: 'raw', isAudioRecording: true },
    { content: 'Fish & chips <by the sea> with Bob', status: 'raw', isAudioRecording: false },
  ]);

  // ── A channel: the bot and Ann are its administrators; Ann forwards one of its posts ──
  fake.setMember(channel.id, fake.bot.id, 'administrator', { can_post_messages: true });
  fake.setMember(channel.id, annTelegram.id, 'creator');
  fake.pushUpdate(
    privateMessage(annTelegram, {
      forward_origin: { type: 'channel', chat: channel, message_id: 5, date: 1 },
      text: 'An older post of the channel',
    }),
  );
  await fake.waitForMessage(annTelegram.id, (text) => text.startsWith('“Ann & Friends” is connected'));
  await page.goto('/settings?tab=telegram');
  await expect(page.getByText('Ann & Friends')).toBeVisible();
  await expect(page.getByText('@ann_friends')).toBeVisible();
  await expectNoAxeViolations(page);

  // ── Publishing, through the one share dialog: Ann has no contacts, so only the channel ──
  const textIdea = saved.find((idea) => !idea.isAudioRecording)!;
  await page.goto(`/create?idea=${textIdea.id}`);
  await page.getByRole('radiogroup', { name: 'Platform' }).getByRole('radio', { name: 'Telegram' }).click();
  await page
    .getByRole('textbox', { name: 'Generated Text' })
    .fill('Fish & chips <by the sea>\n\nWith "Bob" & friends.');
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Contacts to Share With' });
  await expect(dialog.getByText('No contacts found. Please add contacts first.')).toBeVisible();
  const chat = dialog.getByRole('group', { name: 'Telegram' }).getByRole('checkbox', { name: /Ann & Friends/ });
  await expect(chat).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Send Email' })).toBeDisabled();
  await expectNoAxeViolations(page);

  const before = fake.sentMessages().length;
  await chat.check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const result = page.getByRole('dialog', { name: 'Sent' });
  await expect(result.getByText('1 of 1 destinations have it.')).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole('listitem', { name: 'Telegram: Ann & Friends' })).toContainText('Published');
  await expect(result.getByRole('link', { name: 'View post in Ann & Friends' })).toHaveAttribute(
    'href',
    /^https:\/\/t\.me\/ann_friends\/\d+$/,
  );
  await expectNoAxeViolations(page);
  expect(fake.sentMessages().slice(before)).toEqual([
    {
      chat_id: channel.id,
      text: 'Fish &amp; chips &lt;by the sea&gt;\n\nWith "Bob" &amp; friends.',
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    },
  ]);
  expect((await ideas(page)).find((idea) => idea.id === textIdea.id)?.status).toBe('sent');

  // Telegram refuses the next post: the dialog says why, the idea is not sent, Summeris → Failed has it.
  const voiceIdea = saved.find((idea) => idea.isAudioRecording)!;
  await page.goto(`/create?idea=${voiceIdea.id}`);
  await page.getByRole('textbox', { name: 'Generated Text' }).fill('Tomatoes on the balcony.');
  fake.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot is not a member of the channel chat' });
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  await dialog
    .getByRole('group', { name: 'Telegram' })
    .getByRole('checkbox', { name: /Ann & Friends/ })
    .check();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const refused = page.getByRole('dialog', { name: 'Not sent' });
  await expect(refused.getByText('0 of 1 destinations have it.')).toBeVisible({ timeout: 30_000 });
  await expect(refused.getByRole('listitem', { name: 'Telegram: Ann & Friends' })).toContainText(
    'Forbidden: bot is not a member of the channel chat',
  );
  // Not sent; the text is kept in the idea's share (the idea waits under Later).
  expect((await ideas(page)).find((idea) => idea.id === voiceIdea.id)?.status).not.toBe('sent');
  await page.goto('/summeris');
  await page.getByRole('tab', { name: /Failed\s*1/ }).click();
  const failed = page.getByRole('tabpanel').getByRole('article');
  await expect(failed.getByRole('listitem', { name: 'Telegram: Ann & Friends' })).toContainText('Failed');
  await expectNoAxeViolations(page);
});

test('an unknown chat gets a polite reply in its language, and stickers are explained', async () => {
  fake.pushUpdate(privateMessage({ id: 515151, language_code: 'ru' }, { text: 'Здравствуйте' }));
  const russian = await fake.waitForMessage(515151, () => true);
  expect(russian.text).toMatch(/^Здравствуйте! Этот чат ещё не привязан/);
  fake.pushUpdate(
    privateMessage(annTelegram, {
      sticker: {
        file_id: 's',
        file_unique_id: 'su',
        type: 'regular',
        width: 1,
        height: 1,
        is_animated: false,
        is_video: false,
      },
    }),
  );
  await fake.waitForMessage(annTelegram.id, (text) => text.startsWith('I can save text, photos, forwards'));
});
