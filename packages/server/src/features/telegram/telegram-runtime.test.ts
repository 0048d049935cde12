import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { captureLog } from '../../../test/capture-log.ts';
import { createTelegramRuntime, webhookRefusal } from './telegram-runtime.ts';

const configFor = (baseUrl: string, env: Record<string, string> = {}) =>
  loadConfig(
    {
      NODE_ENV: 'test',
      APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
      TELEGRAM_BOT_TOKEN: '4242:runtime-test-token',
      TELEGRAM_WEBHOOK: 'true',
      ...env,
    },
    { BASE_URL: baseUrl },
  );

describe('webhook or polling', () => {
  it('polls, saying why at start-up, when BASE_URL is on a port Telegram does not call', async () => {
    const { logger, lines } = captureLog();
    const runtime = await createTelegramRuntime({ config: configFor('https://updates.example:3000'), log: logger });
    expect(runtime?.isWebhook).toBe(false);
    expect(lines).toEqual([
      {
        level: 'warn',
        message:
          'TELEGRAM_WEBHOOK=true, but BASE_URL is on port 3000, and Telegram calls webhooks only on ports 443, 80, 88, 8443; ' +
          'polling instead. Put the server behind one of those ports, or leave TELEGRAM_WEBHOOK unset.',
      },
    ]);
  });

  it('takes the webhook on 443 (the https default), 80, 88 and 8443', () => {
    for (const baseUrl of ['https://updates.example', 'https://updates.example:8443', 'https://updates.example:88']) {
      expect(webhookRefusal(configFor(baseUrl))).toBeNull();
    }
  });

  it('needs https, and leaves the port to a local Bot API server, which takes any in --local mode', () => {
    expect(webhookRefusal(configFor('http://updates.example'))).toMatch(/needs an https BASE_URL/);
    const local = configFor('https://updates.example:3000', { TELEGRAM_API_ROOT: 'http://127.0.0.1:8081' });
    expect(webhookRefusal(local)).toBeNull();
  });
});
