import {
  telegramChatParamsSchema,
  telegramLinkCodeSchema,
  telegramStatusSchema,
} from '@life-updates/contract/telegram';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/session.ts';
import type { TelegramRuntime } from './telegram-runtime.ts';
import { createLinkCode, getUserTelegram, notConfigured, removeChat, unlinkUser } from './telegram-service.ts';
import { createUpdateEnqueuer } from './telegram-worker.ts';

const tags = ['telegram'];

/**
 * The bot's account, or null when Telegram does not answer within a few seconds: Settings → Telegram
 * then says Telegram cannot be reached, instead of waiting.
 */
async function botInfoSoon(runtime: TelegramRuntime) {
  let timer: NodeJS.Timeout | undefined;
  const waitMilliseconds = Math.min(5000, runtime.timeoutMilliseconds);
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMilliseconds)));
  try {
    return await Promise.race([runtime.getBotInfo(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Settings → Telegram (link a chat, unlink, the connected chats), "Post to Telegram", and, with
 * TELEGRAM_WEBHOOK, the webhook Telegram calls. Telegram's chat id never comes from the browser: a
 * post goes to one of the session user's own connected chats, named by its id here.
 */
export async function telegramRoutes(app: FastifyInstance) {
  const { db, telegram, jobs } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/telegram', { schema: { tags, response: { 200: telegramStatusSchema } } }, async (request) => {
    const user = requireUser(request);
    const own = await getUserTelegram({ db, userId: user.id });
    const botInfo = telegram ? await botInfoSoon(telegram) : null;
    return { isConfigured: telegram !== null, botUsername: botInfo?.username ?? null, ...own };
  });

  typed.post(
    '/api/telegram/link-code',
    {
      schema: { tags, response: { 200: telegramLinkCodeSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!telegram) throw notConfigured();
      const { code, expiresAt } = await createLinkCode({ db, userId: user.id });
      const botInfo = await botInfoSoon(telegram);
      return {
        code,
        deepLink: botInfo ? `https://t.me/${botInfo.username}?start=${code}` : null,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  typed.delete('/api/telegram/link', { schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
    await unlinkUser({ db, userId: requireUser(request).id });
    return reply.status(204).send(null);
  });

  typed.delete(
    '/api/telegram/chats/:chatId',
    { schema: { tags, params: telegramChatParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeChat({ db, userId: requireUser(request).id, chatId: request.params.chatId });
      return reply.status(204).send(null);
    },
  );

  if (telegram?.isWebhook) {
    const queue = jobs;
    // grammY checks the secret-token header (constant-time) before the update is read; the update is
    // then only queued, and an update the queue cannot take gets a 500 so that Telegram sends it again.
    const intake = telegram.createBot();
    intake.use(async (ctx) => {
      if (!queue) throw new Error('no job queue to take Telegram updates');
      await createUpdateEnqueuer({ jobs: queue, botId: ctx.me.id })(ctx.update);
    });
    const callback = telegram.grammy.webhookCallback(intake, 'fastify', {
      secretToken: telegram.webhookSecret,
      timeoutMilliseconds: 30_000,
    });
    typed.post(
      '/api/telegram/webhook',
      {
        schema: { hide: true, body: z.looseObject({ update_id: z.number().int() }) },
        config: { isPublic: true, rateLimit: false },
      },
      async (request, reply) => {
        await callback(request, reply);
      },
    );
  }
}
