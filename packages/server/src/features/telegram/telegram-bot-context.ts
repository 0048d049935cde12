import { pickLocale, translate } from '@life-updates/contract/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Context } from 'grammy';
import type { Database } from '../../db/client.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import type { TranscriptionProvider } from '../../providers/transcription/transcription-provider.ts';
import type { PublicAddress } from '../public-address/public-address.ts';
import type { TelegramRuntime } from './telegram-runtime.ts';
import type { LinkRow } from './telegram-service.ts';

/** What the bot's parts (linking chats, capturing ideas) work with. */
export type UpdateHandlerDependencies = {
  db: Database;
  /** Where the My Stories link in replies points (never a default `http://localhost:PORT`). */
  publicAddress: PublicAddress;
  runtime: TelegramRuntime;
  /** Read at each voice message: an admin may set speech to text up while the bot runs (Settings → Admin). */
  transcription: () => Promise<TranscriptionProvider | null>;
  /** Where photos sent to the bot are stored. */
  media: MediaStorage;
  log: FastifyBaseLogger;
};

/** An update's context; a private message from a linked chat carries its link, set by the linking side. */
export type LinkedContext = Context & { link?: LinkRow };

/** A bot reply in the sender's language (Telegram's `language_code`: Russian or English). */
export const botText = (ctx: Context, key: string, values?: Record<string, string | number>) =>
  translate(`telegram.bot.${key}`, pickLocale(ctx.from?.language_code), values);
