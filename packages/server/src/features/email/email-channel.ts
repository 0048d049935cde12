import { translate } from '@life-updates/contract/i18n';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { deliveries } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '../../lib/unsubscribe-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import { PermanentEmailError, type EmailTransport, type SendResult } from '../../providers/email/email-transport.ts';
import { photoLinkUrl } from '../photos/photo-link-token.ts';
import { findSharePhotos } from '../photos/photos-service.ts';
import { findSendableContacts, markBouncing, suppressionOf } from '../recipients/recipients-service.ts';
import type { PublicAddress } from '../public-address/public-address.ts';
import type { Channel, ChannelBatch, DeliveryRow, PrepareInput } from '../shares/delivery/channel.ts';
import { readSenderIdentity, resolveSender, type Sender } from './email-settings-service.ts';
import { prepareEmailPhotos, type EmailPhoto } from './email-photos.ts';
import { renderEmail, type RenderedPhoto } from './render-email.ts';

/*
 * Email as a channel of the share pipeline: one delivery per contact, each with their own text,
 * through the user's own provider account or the server's transport.
 */

/**
 * A new Message-ID on the sender's domain (RFC 5322 §3.6.4: `<left@right>`, unique; the right side a
 * domain). A From address without a usable domain gets `localhost`.
 */
function newMessageId(from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1).trim();
  return `<${randomUUID()}@${/^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost'}>`;
}

/**
 * The delivery's Message-ID, fixed the first time it is about to be sent: written before that first
 * attempt (a concurrent writer's id wins, so there is only ever one) and read back on every retry.
 */
async function fixMessageId(db: Database, delivery: DeliveryRow, from: string) {
  if (delivery.messageId) return delivery.messageId;
  const [row] = await db
    .update(deliveries)
    .set({ messageId: sql`coalesce(${deliveries.messageId}, ${newMessageId(from)})` })
    .where(and(eq(deliveries.id, delivery.id), eq(deliveries.userId, delivery.userId)))
    .returning({ messageId: deliveries.messageId });
  if (!row?.messageId) throw new Error(`delivery ${delivery.id} is gone`);
  return row.messageId;
}

/**
 * The user's contacts among the requested ones that have an email and a non-blank text, leaving
 * out those who unsubscribed and those whose address bounces: they are counted apart so the user
 * is told why.
 */
async function prepareEmails({
  db,
  userId,
  contactTexts,
  subject,
  shareSubject,
  targets,
}: PrepareInput & { targets: readonly string[] }) {
  const isAddressed = (contact: { id: string; email: string }) =>
    contact.email.trim() !== '' && (contactTexts[contact.id] ?? '').trim() !== '';
  const { sendable, unsubscribed, bouncing } = await findSendableContacts({ db, userId, contactIds: targets });
  const recipients = sendable.filter(isAddressed);
  const skippedUnsubscribed = unsubscribed.filter(isAddressed).length;
  const skippedBouncing = bouncing.filter(isAddressed).length;
  // The subject asked for, else the share's, else the `email.defaultSubject` line in the user's language.
  const { senderName, locale } = await readSenderIdentity({ db, userId });
  const resolvedSubject =
    subject?.trim() || shareSubject?.trim() || translate('email.defaultSubject', locale, { name: senderName });
  return {
    rows: recipients.map((contact) => ({
      contactId: contact.id,
      recipientName: contact.name,
      recipientEmail: contact.email.trim(),
      subject: resolvedSubject,
      body: contactTexts[contact.id]!,
    })),
    skipped: targets.length - recipients.length - skippedUnsubscribed - skippedBouncing,
    skippedUnsubscribed,
    skippedBouncing,
  };
}

/** The value under `key`, made and kept the first time it is asked for. */
function getOrMake<Key, Value>(
  map: { get(key: Key): Value | undefined; set(key: Key, value: Value): unknown },
  key: Key,
  make: () => Value,
): Value {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A batch's senders by user id, and the shares whose photos it uses. */
type EmailBatch = { senders: Map<string, Promise<Sender>>; shareIds: Set<string> };

export function createEmailChannel({
  config,
  secretBox,
  publicAddress,
  serverTransport,
  media,
}: {
  config: Config;
  secretBox: SecretBox;
  /** Where the unsubscribe links point (never the default `http://localhost:PORT`). */
  publicAddress: PublicAddress;
  serverTransport: EmailTransport;
  /** Where the share's photos are read from. */
  media: MediaStorage;
}): Channel {
  /**
   * What each batch of sends opened, for as long as it lasts: every user's sender, once (a user's
   * own transport is opened for it and closed with the batch).
   */
  const openBatches = new WeakMap<ChannelBatch, EmailBatch>();
  const emailBatchOf = (batch: ChannelBatch) =>
    getOrMake(openBatches, batch, () => ({ senders: new Map(), shareIds: new Set() }));
  const senderOf = (batch: ChannelBatch, userId: string) =>
    getOrMake(emailBatchOf(batch).senders, userId, () =>
      resolveSender({ db: batch.db, config, secretBox, serverTransport, userId }),
    );
  /**
   * Every share's photos, read and made to fit once for as long as a batch that mails them is open:
   * each contact's mail of a share carries the same images (a per-contact summary tells all the
   * share's ideas), and a large share is several batches, two at a time; they share the buffers
   * (and their Base64, `base64Of`). Dropped when the last of those batches ends: a retry is a later
   * batch, and reads them again.
   */
  const photosInUse = new Map<string, { photos: Promise<EmailPhoto[]>; batches: Set<ChannelBatch> }>();
  const photosOf = async (batch: ChannelBatch, { userId, shareId }: DeliveryRow): Promise<EmailPhoto[]> => {
    if (!shareId) return [];
    const inUse = getOrMake(photosInUse, shareId, () => ({
      photos: findSharePhotos({ db: batch.db, storage: media, userId, shareId }).then(prepareEmailPhotos),
      batches: new Set<ChannelBatch>(),
    }));
    inUse.batches.add(batch);
    emailBatchOf(batch).shareIds.add(shareId);
    return inUse.photos;
  };

  /**
   * The photos for one delivery's mail. A link expires PHOTO_LINK_DAYS after the delivery was
   * queued: the same on every attempt, so a retry sends the same message.
   */
  const renderedPhotos = async (photos: readonly EmailPhoto[], delivery: DeliveryRow): Promise<RenderedPhoto[]> => {
    // The public address is read only when a photo goes as a link.
    const baseUrl = photos.some((photo) => photo.kind === 'link') ? await publicAddress.forLinks() : '';
    const expiresAt = new Date(delivery.createdAt.getTime() + config.PHOTO_LINK_DAYS * 24 * 60 * 60 * 1000);
    return photos.map(({ number, alt, ...photo }) =>
      photo.kind === 'inline'
        ? { number, alt, contentId: photo.image.contentId, width: photo.width, height: photo.height }
        : {
            number,
            alt,
            url: photoLinkUrl({
              baseUrl,
              appSecret: config.APP_SECRET,
              userId: delivery.userId,
              photoId: photo.photoId,
              expiresAt,
            }),
          },
    );
  };

  return {
    name: 'email',
    // The stored Message-ID makes a receiving system drop a second copy.
    repeatsSafely: true,
    prepare: prepareEmails,

    async send(delivery, batch, onSent) {
      const { db } = batch;
      // A contact who unsubscribed (or whose address bounced) since the send was queued is not mailed.
      const suppression = delivery.contactId
        ? (await suppressionOf({ db, contactIds: [delivery.contactId] })).get(delivery.contactId)
        : undefined;
      if (suppression) return { status: suppression === 'unsubscribed' ? 'unsubscribed' : 'bounced' };
      const sender = await senderOf(batch, delivery.userId);
      // Every update email carries the contact's unsubscribe link in its headers and footer
      // (one-click, RFC 8058, only on an https address); account mail does not come here.
      const link = delivery.contactId
        ? unsubscribeUrl({
            baseUrl: await publicAddress.forLinks(),
            appSecret: config.APP_SECRET,
            contactId: delivery.contactId,
          })
        : undefined;
      const photos = await photosOf(batch, delivery);
      const rendered = renderEmail({
        body: delivery.body,
        senderName: sender.senderName,
        locale: sender.locale,
        unsubscribeUrl: link,
        photos: await renderedPhotos(photos, delivery),
        photoLinkDays: config.PHOTO_LINK_DAYS,
      });
      try {
        const result = await sender.transport.send(
          {
            from: sender.from,
            fromName: sender.senderName,
            to: delivery.recipientEmail ?? '',
            replyTo: sender.replyTo,
            subject: delivery.subject,
            text: rendered.text,
            html: rendered.html,
            headers: link ? unsubscribeHeaders(link) : undefined,
            inlineImages: photos.flatMap((photo) => (photo.kind === 'inline' ? [photo.image] : [])),
            // One Message-ID for every attempt: a retry after an attempt whose answer never came may
            // deliver a second copy, and receiving systems drop a copy with a Message-ID they have seen.
            messageId: await fixMessageId(db, delivery, sender.from),
            userId: delivery.userId,
          },
          (accepted: SendResult) => onSent({ status: 'sent', providerMessageId: accepted.messageId }),
        );
        return { status: 'sent', providerMessageId: result.messageId };
      } catch (error) {
        if (
          error instanceof PermanentEmailError &&
          error.isBounce &&
          delivery.contactId &&
          isUuid(delivery.contactId)
        ) {
          await markBouncing({ db, userId: delivery.userId, contactId: delivery.contactId });
        }
        throw error;
      }
    },

    describeError(error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      if (error instanceof PermanentEmailError) {
        return { key: 'summeris.errors.sendFailed', values: { reason }, isPermanent: true, isBounce: error.isBounce };
      }
      return { key: 'summeris.errors.sendFailed', values: { reason }, isPermanent: false };
    },

    async endBatch(batch) {
      const opened = openBatches.get(batch);
      openBatches.delete(batch);
      for (const shareId of opened?.shareIds ?? []) {
        const inUse = photosInUse.get(shareId);
        inUse?.batches.delete(batch);
        if (inUse?.batches.size === 0) photosInUse.delete(shareId);
      }
      for (const sender of opened?.senders.values() ?? []) {
        const resolved = await sender.catch(() => null);
        if (resolved?.isUserTransport) await resolved.transport.close();
      }
    },
  };
}
