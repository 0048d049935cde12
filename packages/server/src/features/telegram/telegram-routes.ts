import {
  publishTelegramRequestSchema,
  publishTelegramResultSchema,
  telegramChannelParamsSchema,
  telegramLinkCodeSchema,
  telegramStatusSchema,
} from '@life-updates/contract/telegram';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/session.ts';
import { findOwnIdeas } from '../ideas/idea-status.ts';
import { escapeTelegramHtml, splitForTelegram, telegramMessageLink } from './telegram-html.ts';
import type { TelegramRuntime } from './telegram-runtime.ts';
import {
  createLinkCode,
  getOwnChannel,
  getUserTelegram,
  recordPublishedPost,
  removeChannel,
  unlinkUser,
} from './telegram-service.ts';
import { createUpdateEnqueuer } from './telegram-worker.ts';

const tags = ['telegram'];

const notConfigured = () =>
  new AppError({ status: 409, code: 'TELEGRAM_NOT_CONFIGURED', message: 'telegram.errors.notConfigured' });

/** The bot's account, or null when Telegram does not answer within a few seconds (the page must not hang). */
async function botInfoSoon(runtime: TelegramRuntime) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 5000)));
  try {
    return await Promise.race([runtime.getBotInfo(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Settings → Telegram (link a chat, unlink, the connected channels), "Post to Telegram", and, with
 * TELEGRAM_WEBHOOK, the webhook Telegram calls. A Telegram chat id never comes from the browser: a
 * post goes to one of the session user's own connected channels, named by its id here.
 */
export async function telegramRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const { telegram, jobs } = app.deps;
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
    '/api/telegram/channels/:channelId',
    { schema: { tags, params: telegramChannelParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeChannel({ db, userId: requireUser(request).id, channelId: request.params.channelId });
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/telegram/publish',
    {
      schema: { tags, body: publishTelegramRequestSchema, response: { 200: publishTelegramResultSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      const { channelId, ideaIds, text, preferences } = request.body;
      const channel = await getOwnChannel({ db, userId: user.id, channelId });
      // Another user's (or a missing) idea is a 404 before anything is sent.
      const ideas = await findOwnIdeas({ db, userId: user.id, ideaIds });
      if (!telegram) throw notConfigured();
      const messageIds: number[] = [];
      try {
        for (const piece of splitForTelegram(text)) {
          const message = await telegram.api.sendMessage(channel.chatId, escapeTelegramHtml(piece), {
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
          });
          messageIds.push(message.message_id);
        }
      } catch (error) {
        request.log.warn({ err: error, sent: messageIds.length }, 'Telegram post failed');
        if (error instanceof telegram.grammy.GrammyError) {
          throw new AppError({
            status: 502,
            code: 'TELEGRAM_SEND_FAILED',
            message: 'telegram.errors.sendFailed',
            values: { reason: error.description },
          });
        }
        throw new AppError({ status: 502, code: 'TELEGRAM_UNREACHABLE', message: 'telegram.errors.unreachable' });
      }
      const messageLink = telegramMessageLink({
        chatId: channel.chatId,
        username: channel.username,
        messageId: messageIds[0]!,
      });
      await recordPublishedPost({
        db,
        userId: user.id,
        ideas,
        text,
        preferences,
        channel,
        messageIds,
        messageLink,
      });
      return { messageLink, messageCount: messageIds.length, channelTitle: channel.title };
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
