import { maxIdeaContentLength, type createIdeaSchema, type Idea } from '@life-updates/contract/ideas';
import {
  telegramChatTypes,
  telegramLinkCodeAlphabet,
  telegramLinkCodeLength,
  telegramLinkCodeMinutes,
  type TelegramChat,
  type TelegramLink,
} from '@life-updates/contract/telegram';
import { and, asc, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { createHash, randomInt } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import {
  ideas,
  telegramAlbums,
  telegramChats,
  telegramLinkCodes,
  telegramLinks,
  telegramUpdates,
} from '../../db/schema.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import { AppError } from '../../lib/app-error.ts';
import type { z } from 'zod';
import { createIdea, updateIdea } from '../ideas/ideas-service.ts';
import type { ProcessedPhoto } from '../photos/photo-processing.ts';
import { addIdeaPhotos, findIdeaPhotos, reorderIdeaPhotos } from '../photos/photos-service.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';

type NewIdea = z.output<typeof createIdeaSchema>;

type ChatRow = typeof telegramChats.$inferSelect;
export type LinkRow = typeof telegramLinks.$inferSelect;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export const chatNotFound = () =>
  new AppError({ status: 404, code: 'TELEGRAM_CHAT_NOT_FOUND', message: 'telegram.errors.channelNotFound' });

export const notConfigured = () =>
  new AppError({ status: 409, code: 'TELEGRAM_NOT_CONFIGURED', message: 'telegram.errors.notConfigured' });

function toChat(row: ChatRow): TelegramChat {
  const type = telegramChatTypes.find((candidate) => candidate === row.type) ?? 'channel';
  return { id: row.id, title: row.title, username: row.username, type, createdAt: row.createdAt.toISOString() };
}

/**
 * A new one-time code for linking a chat, replacing any earlier one of the user's. Only its hash is
 * stored, so a copy of the database cannot be used to link a chat to someone's account.
 */
export async function createLinkCode({ db, userId, now = new Date() }: { db: Database; userId: string; now?: Date }) {
  const code = Array.from(
    { length: telegramLinkCodeLength },
    () => telegramLinkCodeAlphabet[randomInt(telegramLinkCodeAlphabet.length)],
  ).join('');
  const expiresAt = new Date(now.getTime() + telegramLinkCodeMinutes * 60_000);
  await db
    .insert(telegramLinkCodes)
    .values({ userId, codeHash: hashCode(code), expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: telegramLinkCodes.userId,
      set: { codeHash: hashCode(code), expiresAt, createdAt: now },
    });
  return { code, expiresAt };
}

type ChatIdentity = {
  telegramChatId: number;
  telegramUserId: number;
  username: string | null;
  firstName: string | null;
  languageCode: string | null;
};

/**
 * Uses up a code (once, within its ten minutes) and links the chat to the code's account. The chat's
 * earlier link and the account's earlier chat are replaced: one chat per account, one account per
 * chat. Null when the code is unknown, used or expired.
 */
export async function linkChatWithCode({
  db,
  code,
  chat,
  now = new Date(),
}: {
  db: Database;
  code: string;
  chat: ChatIdentity;
  now?: Date;
}): Promise<{ userId: string } | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.codeHash, hashCode(code)), gt(telegramLinkCodes.expiresAt, now)))
      .returning({ userId: telegramLinkCodes.userId });
    if (!used) return null;
    await tx
      .delete(telegramLinks)
      .where(or(eq(telegramLinks.telegramChatId, chat.telegramChatId), eq(telegramLinks.userId, used.userId)));
    await tx.insert(telegramLinks).values({ userId: used.userId, ...chat });
    return { userId: used.userId };
  });
}

export async function getLinkByChat({
  db,
  telegramChatId,
}: {
  db: Database;
  telegramChatId: number;
}): Promise<LinkRow | null> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.telegramChatId, telegramChatId));
  return row ?? null;
}

/** The account of a Telegram user who linked their private chat (in a group, the sender). */
export async function getLinkByTelegramUser({
  db,
  telegramUserId,
}: {
  db: Database;
  telegramUserId: number;
}): Promise<LinkRow | null> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, telegramUserId));
  return row ?? null;
}

export async function unlinkChat({ db, telegramChatId }: { db: Database; telegramChatId: number }): Promise<boolean> {
  const removed = await db.delete(telegramLinks).where(eq(telegramLinks.telegramChatId, telegramChatId)).returning();
  return removed.length > 0;
}

export async function unlinkUser({ db, userId }: { db: Database; userId: string }): Promise<void> {
  await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
  await db.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
}

export async function getUserTelegram({
  db,
  userId,
}: UserScope<Database>): Promise<{ link: TelegramLink | null; chats: TelegramChat[] }> {
  const [[link], chats] = await Promise.all([
    db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)),
    db.select().from(telegramChats).where(eq(telegramChats.userId, userId)).orderBy(desc(telegramChats.createdAt)),
  ]);
  return {
    link: link ? { username: link.username, firstName: link.firstName, linkedAt: link.createdAt.toISOString() } : null,
    chats: chats.map(toChat),
  };
}

/** Connects (or refreshes the title of) a channel or group for the user; true when it is new. */
export async function connectChat({
  db,
  userId,
  chat,
}: UserScope<Database> & {
  chat: { telegramChatId: number; title: string; username: string | null; type: TelegramChat['type'] };
}): Promise<boolean> {
  const wasConnected = await isChatConnected({ db, userId, telegramChatId: chat.telegramChatId });
  await db
    .insert(telegramChats)
    .values({ userId, ...chat })
    .onConflictDoUpdate({
      target: [telegramChats.userId, telegramChats.telegramChatId],
      set: { title: chat.title, username: chat.username, type: chat.type },
    });
  return !wasConnected;
}

/**
 * A group became a supergroup, which has a new chat id: every connection of the old id moves to the
 * new one (one who had connected both keeps the new). Not scoped to a user: the change is Telegram's,
 * and true of the chat for everyone who connected it. Old posts keep the id they were sent to.
 */
export async function moveChat({
  db,
  fromTelegramChatId,
  toTelegramChatId,
}: {
  db: Database;
  fromTelegramChatId: number;
  toTelegramChatId: number;
}) {
  if (fromTelegramChatId === toTelegramChatId) return;
  await db.transaction(async (tx) => {
    const alreadyThere = await tx
      .select({ userId: telegramChats.userId })
      .from(telegramChats)
      .where(eq(telegramChats.telegramChatId, toTelegramChatId));
    if (alreadyThere.length > 0) {
      await tx.delete(telegramChats).where(
        and(
          eq(telegramChats.telegramChatId, fromTelegramChatId),
          inArray(
            telegramChats.userId,
            alreadyThere.map((row) => row.userId),
          ),
        ),
      );
    }
    await tx
      .update(telegramChats)
      .set({ telegramChatId: toTelegramChatId, type: 'supergroup' })
      .where(eq(telegramChats.telegramChatId, fromTelegramChatId));
  });
}

export async function isChatConnected({
  db,
  userId,
  telegramChatId,
}: {
  db: Database;
  userId: string;
  telegramChatId: number;
}) {
  const [row] = await db
    .select({ id: telegramChats.id })
    .from(telegramChats)
    .where(and(eq(telegramChats.userId, userId), eq(telegramChats.telegramChatId, telegramChatId)));
  return row !== undefined;
}

export async function removeChat({ db, userId, chatId }: { db: Database; userId: string; chatId: string }) {
  const removed = await db
    .delete(telegramChats)
    .where(byIdAndOwner(telegramChats, chatId, userId))
    .returning({ id: telegramChats.id });
  if (removed.length === 0) throw chatNotFound();
}

/** The idea an update already became, when it was handled before (a retry or a repeated delivery). */
export async function findHandledUpdate({ db, botId, updateId }: { db: Database; botId: number; updateId: number }) {
  const [row] = await db
    .select({ ideaId: telegramUpdates.ideaId, title: ideas.title })
    .from(telegramUpdates)
    .leftJoin(ideas, eq(ideas.id, telegramUpdates.ideaId))
    .where(and(eq(telegramUpdates.botId, botId), eq(telegramUpdates.updateId, updateId)));
  return row ?? null;
}

/**
 * Saves an update's text as a Raw idea and notes the update as handled, in one transaction: a
 * retried update then finds its idea instead of saving a second one.
 */
export async function saveIdeaFromUpdate({
  db,
  userId,
  botId,
  updateId,
  input,
}: UserScope<Database> & { botId: number; updateId: number; input: NewIdea }): Promise<Idea> {
  return db.transaction(async (tx) => {
    const idea = await createIdea({ db: tx, userId, input });
    await tx.insert(telegramUpdates).values({ botId, updateId, ideaId: idea.id });
    return idea;
  });
}

/** The album an update belongs to, when it does: Telegram's media_group_id, within its chat. */
export type AlbumKey = { telegramChatId: number; mediaGroupId: string };

const albumWhere = (botId: number, album: AlbumKey) =>
  and(
    eq(telegramAlbums.botId, botId),
    eq(telegramAlbums.telegramChatId, album.telegramChatId),
    eq(telegramAlbums.mediaGroupId, album.mediaGroupId),
  );

/**
 * Saves a photo sent to the bot, with the update noted as handled, in one transaction (a redelivered
 * update then finds itself handled and adds nothing; the key on the update refuses a second copy
 * handled at the same moment, before any file is stored). A photo on its own makes a new Raw idea; a
 * photo of an album joins the album's idea, made by whichever of its updates comes first: the album's
 * row is inserted first (nothing when it exists) and then locked, so of two updates of one album
 * handled at once (two instances) the second waits on the key until the first commits, then joins
 * its idea. The album's photos keep the order they were sent in (their message ids), whichever update
 * was handled first. A caption that comes after the idea was made without one becomes its text; a
 * further caption is added as a paragraph. `isNew` tells whether this update made the idea. An
 * album's photo that was refused comes without one (`photo` null): its caption still goes in.
 */
export async function saveTelegramPhoto({
  db,
  storage,
  userId,
  botId,
  updateId,
  messageId,
  album,
  caption,
  placeholder,
  photo,
}: UserScope<Database> & {
  storage: MediaStorage;
  botId: number;
  updateId: number;
  messageId: number;
  album: AlbumKey | null;
  /** The caption as the idea's content (already checked), or null when the message has none. */
  caption: NewIdea | null;
  /** The idea's content when it is made without a caption. */
  placeholder: NewIdea;
  photo: ProcessedPhoto | null;
}): Promise<{ ideaId: string; title: string; isNew: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(telegramUpdates).values({ botId, updateId, messageId });
    let idea: { id: string; title: string };
    let isNew = false;
    if (album === null) {
      idea = await createIdea({ db: tx, userId, input: caption ?? placeholder });
      isNew = true;
    } else {
      const key = albumWhere(botId, album);
      const created = await tx
        .insert(telegramAlbums)
        .values({ botId, ...album, firstUpdateId: updateId, hasCaption: caption !== null })
        .onConflictDoNothing()
        .returning();
      if (created.length > 0) {
        idea = await createIdea({ db: tx, userId, input: caption ?? placeholder });
        isNew = true;
        await tx.update(telegramAlbums).set({ ideaId: idea.id }).where(key);
      } else {
        const [existing] = await tx.select().from(telegramAlbums).where(key).for('update');
        const [row] = existing?.ideaId
          ? await tx
              .select()
              .from(ideas)
              .where(and(eq(ideas.id, existing.ideaId), eq(ideas.userId, userId)))
          : [];
        // The album's idea was deleted meanwhile (or the chat is now another account's): retried later.
        if (!existing || !row) throw new Error('the album has no idea of this account');
        idea = row;
        if (caption !== null) {
          const content = existing.hasCaption ? `${row.content}\n\n${caption.content}` : caption.content;
          // A further caption that would pass the idea's length is left out rather than refusing the photo.
          if (content.length <= maxIdeaContentLength) {
            idea = await updateIdea({ db: tx, userId, ideaId: row.id, update: { content } });
            await tx.update(telegramAlbums).set({ hasCaption: true }).where(key);
          }
        }
      }
    }
    const [added] = photo ? await addIdeaPhotos({ db: tx, storage, userId, ideaId: idea.id, photos: [photo] }) : [];
    await tx
      .update(telegramUpdates)
      .set({ ideaId: idea.id, photoId: added?.id ?? null })
      .where(and(eq(telegramUpdates.botId, botId), eq(telegramUpdates.updateId, updateId)));
    if (album !== null) await keepAlbumOrder(tx, userId, idea.id);
    return { ideaId: idea.id, title: idea.title, isNew };
  });
}

/**
 * Puts the photos an idea got from Telegram in the order of their messages, in the places they hold
 * among the idea's photos (one added from the web meanwhile keeps its place).
 */
async function keepAlbumOrder(tx: Database, userId: string, ideaId: string) {
  const sent = await tx
    .select({ photoId: telegramUpdates.photoId })
    .from(telegramUpdates)
    .where(
      and(eq(telegramUpdates.ideaId, ideaId), isNotNull(telegramUpdates.photoId), isNotNull(telegramUpdates.messageId)),
    )
    .orderBy(asc(telegramUpdates.messageId));
  const current = (await findIdeaPhotos({ db: tx, userId, ideaId })).map((photo) => photo.id);
  const onIdea = new Set(current);
  const inMessageOrder = sent.map((row) => row.photoId!).filter((id) => onIdea.has(id));
  const albumIds = new Set(inMessageOrder);
  let next = 0;
  const order = current.map((id) => (albumIds.has(id) ? inMessageOrder[next++]! : id));
  if (order.some((id, index) => id !== current[index])) {
    await reorderIdeaPhotos({ db: tx, userId, ideaId, photoIds: order });
  }
}

/** The album an update belongs to, with the update that made its idea (the one the bot replied to). */
export async function getAlbum({ db, botId, album }: { db: Database; botId: number; album: AlbumKey }) {
  const [row] = await db.select().from(telegramAlbums).where(albumWhere(botId, album));
  return row ?? null;
}
