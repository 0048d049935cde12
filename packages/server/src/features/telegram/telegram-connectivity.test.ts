import { defaultPreferences } from '@life-updates/contract/preferences';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../../test/capture-log.ts';
import { closedTelegramApiRoot, privateMessage, startSilentTelegramApi } from '../../../test/doubles/telegram.ts';
import { waitForDeliveries } from '../../../test/doubles/email-fixtures.ts';
import { jsonAnswer, startTranscriptionDouble, type TranscriptionDouble } from '../../../test/doubles/transcription.ts';
import { createTelegramTestApp, linkTelegramChat } from '../../../test/telegram-app.ts';
import { createIdea, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { connectChat } from './telegram-service.ts';

/**
 * Telegram out of reach, a webhook Telegram will not call, and a local Bot API server: each through
 * the real app. An attempt to post here ends after TELEGRAM_TIMEOUT_SECONDS=2 (15 by default) so
 * that the tests are quick; what is checked is that it ends, and what the user is told.
 */

const preferences = { ...defaultPreferences, platform: 'telegram' };

async function publishSetUp(testApp: TestApp) {
  const user = await createUser(testApp.app);
  await connectChat({
    db: testApp.database.db,
    userId: user.id,
    chat: { telegramChatId: -1005555555555, title: 'Out of reach', username: null, type: 'channel' },
  });
  const chatId = (await testApp.app.inject({ method: 'GET', url: '/api/telegram', headers: user.headers })).json()
    .chats[0].id as string;
  return { user, chatId, ideaId: await createIdea(testApp.app, user, 'Planted the apple tree') };
}

async function expectUnreachable(testApp: TestApp, user: TestUser, chatId: string, ideaId: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/shares/send',
    headers: user.headers,
    payload: {
      ideaIds: [ideaId],
      text: 'The apple tree is in',
      preferences,
      destinations: { telegramChatIds: [chatId] },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { shareId } = response.json() as { shareId: string };
  // The attempt ends within TELEGRAM_TIMEOUT_SECONDS, failed, with Telegram's silence in our words.
  const done = await waitForDeliveries(testApp.app, user, shareId);
  expect(done.shareStatus).toBe('failed');
  expect(done.deliveries).toEqual([
    expect.objectContaining({
      channel: 'telegram',
      status: 'failed',
      error:
        'Telegram did not answer, so the post may or may not be in the chat. Check the chat before you send it again.',
      // Not tried again by itself (a post could appear twice); the user may, after checking.
      attempts: 1,
      canRetry: true,
    }),
  ]);
  const list = await testApp.app.inject({ method: 'GET', url: '/api/ideas', headers: user.headers });
  expect(list.json().ideas.find((idea: { id: string }) => idea.id === ideaId).status).not.toBe('sent');

  // Settings → Telegram loads, saying Telegram cannot be reached (no bot name), and a code can still be made.
  const status = await testApp.app.inject({ method: 'GET', url: '/api/telegram', headers: user.headers });
  expect(status.statusCode).toBe(200);
  expect(status.json()).toMatchObject({ isConfigured: true, botUsername: null });
  const code = await testApp.app.inject({ method: 'POST', url: '/api/telegram/link-code', headers: user.headers });
  expect(code.statusCode).toBe(200);
  expect(code.json().deepLink).toBeNull();
}

describe('Telegram out of reach', () => {
  it('fails the post within the time allowed, saying so in our words, when the connection is accepted and nothing answers', async () => {
    const silent = await startSilentTelegramApi();
    const testApp = await createTestApp({
      withJobs: true,
      env: {
        TELEGRAM_BOT_TOKEN: '5151:silent-token',
        TELEGRAM_API_ROOT: silent.apiRoot,
        TELEGRAM_TIMEOUT_SECONDS: '2',
      },
    });
    try {
      const { user, chatId, ideaId } = await publishSetUp(testApp);
      await expectUnreachable(testApp, user, chatId, ideaId);
      expect(silent.connections()).toBeGreaterThan(0);
    } finally {
      await testApp.close();
      await silent.close();
    }
  });

  it('fails it the same way when nothing listens at the address (connection refused)', async () => {
    const testApp = await createTestApp({
      withJobs: true,
      env: {
        TELEGRAM_BOT_TOKEN: '5152:closed-token',
        TELEGRAM_API_ROOT: await closedTelegramApiRoot(),
        TELEGRAM_TIMEOUT_SECONDS: '2',
      },
    });
    try {
      const { user, chatId, ideaId } = await publishSetUp(testApp);
      await expectUnreachable(testApp, user, chatId, ideaId);
    } finally {
      await testApp.close();
    }
  });
});

describe('a webhook the Bot API server refuses', () => {
  it('is asked for once, then the server says why and polls', async () => {
    const { logger, lines } = captureLog();
    const testApp = await createTelegramTestApp({
      fake: { token: '6161:refused-hook-token', botUsername: 'refused_hook_bot' },
      baseUrl: 'https://updates.example:3000',
      env: { TELEGRAM_WEBHOOK: 'true' },
      featureLog: logger,
    });
    const { fake } = testApp;
    try {
      expect(lines).toContainEqual({
        level: 'error',
        message:
          'Telegram refused the webhook https://updates.example:3000/api/telegram/webhook: Bad Request: bad webhook: ' +
          'Webhook can be set up only on ports 80, 88, 443 or 8443; polling instead',
      });
      fake.pushUpdate(privateMessage({ id: 9101, language_code: 'en' }, { text: 'hello' }));
      await fake.waitForMessage(9101, (text) => text.includes('This chat is not connected'));
      expect(fake.calls.filter((apiCall) => apiCall.method === 'setWebhook')).toHaveLength(1);
      expect(fake.webhookUrl()).toBeNull();
    } finally {
      await testApp.close();
    }
  });
});

describe('a local Bot API server in --local mode', () => {
  let filesDir: string;
  let transcription: TranscriptionDouble;

  beforeAll(async () => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'life-updates-bot-api-'));
    transcription = await startTranscriptionDouble();
    transcription.answer = jsonAnswer(200, { text: 'Read from disk' });
  });

  afterAll(async () => {
    await transcription?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  it('reads a voice note from the absolute file_path it gives, instead of downloading it', async () => {
    const testApp = await createTelegramTestApp({
      fake: { token: '7171:local-mode-token', localFilesDir: filesDir },
      env: { TRANSCRIPTION_BASE_URL: transcription.url, TELEGRAM_RETRY_LIMIT: '0' },
    });
    const { fake } = testApp;
    try {
      const user = await createUser(testApp.app);
      const sender = { id: 9201, language_code: 'en' };
      await linkTelegramChat(testApp, user, sender, { pasted: true });

      const audio = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 9, 8, 7, 6, 5]);
      fake.addFile('local-voice', audio);
      fake.pushUpdate(
        privateMessage(sender, {
          voice: { file_id: 'local-voice', file_unique_id: 'lv', duration: 2, file_size: audio.length },
        }),
      );
      await fake.waitForMessage(sender.id, (text) => text.startsWith('Transcribed and saved'));
      // The double, as a local server, answers 404 to a download: the bytes came from the disk.
      expect(fake.calls.filter((apiCall) => apiCall.method === 'getFile')).toHaveLength(1);
      expect(transcription.received.map((request) => request.fileSize)).toEqual([audio.length]);
    } finally {
      await testApp.close();
    }
  });
});
