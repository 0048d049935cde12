import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { commandEntities, privateMessage, startFakeTelegramApi, type FakeTelegramApi } from './doubles/telegram.ts';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';

/** The real app with its bot talking to the Bot API double (test/doubles/telegram.ts). */

export type TelegramTestApp = TestApp & { fake: FakeTelegramApi };

/**
 * A Bot API double and the real app, with its job queue and workers, whose bot uses it (`env`
 * adds settings); `close` stops both.
 */
export async function createTelegramTestApp({
  fake: fakeOptions,
  env,
  ...options
}: {
  fake?: Parameters<typeof startFakeTelegramApi>[0];
} & Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'withJobs'> = {}): Promise<TelegramTestApp> {
  const fake = await startFakeTelegramApi(fakeOptions);
  try {
    const testApp = await createTestApp({ ...options, withJobs: true, env: { ...fake.appEnv, ...env } });
    return {
      ...testApp,
      fake,
      close: async () => {
        await testApp.close();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

/**
 * Links a Telegram user's private chat to the account with a code from Settings → Telegram: sent
 * as "/start <code>", as the deep link does, or `pasted` as a message of its own.
 */
export async function linkTelegramChat(
  { app, fake }: { app: FastifyInstance; fake: FakeTelegramApi },
  user: TestUser,
  telegramUser: Parameters<typeof privateMessage>[0],
  { pasted = false }: { pasted?: boolean } = {},
) {
  const response = await app.inject({ method: 'POST', url: '/api/telegram/link-code', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  const { code } = response.json() as { code: string };
  const text = pasted ? code : `/start ${code}`;
  fake.pushUpdate(privateMessage(telegramUser, pasted ? { text } : { text, entities: commandEntities(text) }));
  await fake.waitForMessage(telegramUser.id, (reply) => reply.startsWith('Done! This chat is now connected'));
}
