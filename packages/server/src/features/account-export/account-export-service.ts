import { accountExportFileName, rowsToCsv, type CsvValue } from '@life-updates/contract/account-export';
import { contactsToCsv, contactsToVcard } from '@life-updates/contract/contact-files';
import type { Relationship } from '@life-updates/contract/contact-options';
import { asc, eq, sql } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Database } from '../../db/client.ts';
import type { UserScope } from '../../db/owned.ts';
import {
  contacts,
  deliveries,
  ideaPhotos,
  ideas,
  sentTexts,
  shares,
  templates,
  users,
  userSettings,
} from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';

const readme = `Life Updates: your data
=======================

Everything you made in Life Updates, as plain files any program can open:

account.json          your profile (name, email, username, role, when you joined)
settings.json         your settings (schedule, AI and email settings, language, limits)
ideas.json, ideas.csv your ideas, with their status and dates
shares.json           your shares: their text, ideas, and each recipient with the delivery status
shares.csv            one row per share and recipient (status, when sent)
contacts.csv          your contacts (the format Contacts → Import reads back)
contacts.vcf          your contacts as vCard, for any address book
templates.json, templates.csv   your email-structure templates
sent-texts.json       what you sent (after your edits), with the platform, the preferences and the model's
                      first draft: the examples of your voice given to the AI (Settings → Your Voice)
photos.json           the photos on your ideas: which idea, their order (position 0 first), alt text,
                      size, and the file in photos/ (null if its file could not be read)
photos/               each photo as stored (JPEG, at most 2048 px on its long side), one folder per idea

JSON files are UTF-8; CSV files start with a byte-order mark so spreadsheets read them as UTF-8.
Dates are ISO 8601 in UTC. Your email-provider key is not included (it is kept encrypted on the server).
`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
/** A CSV of these fields of each item, in this order. */
const csvOf = <Field extends string>(fields: readonly Field[], items: readonly Record<Field, CsvValue>[]) =>
  strToU8(
    rowsToCsv(
      fields,
      items.map((item) => fields.map((field) => item[field])),
    ),
  );

/** Every row of the user's, read inside one snapshot so the files agree with each other. */
async function readUserData({ db, userId }: UserScope<Database>) {
  return db.transaction(
    async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      const [settings] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId));
      return {
        user,
        settings,
        ideas: await tx.select().from(ideas).where(eq(ideas.userId, userId)).orderBy(asc(ideas.createdAt)),
        shares: await tx.select().from(shares).where(eq(shares.userId, userId)).orderBy(asc(shares.createdAt)),
        deliveries: await tx
          .select()
          .from(deliveries)
          .where(eq(deliveries.userId, userId))
          .orderBy(asc(deliveries.createdAt)),
        contacts: await tx
          .select()
          .from(contacts)
          .where(eq(contacts.userId, userId))
          .orderBy(sql`lower(${contacts.name})`, asc(contacts.createdAt)),
        templates: await tx
          .select()
          .from(templates)
          .where(eq(templates.userId, userId))
          .orderBy(asc(templates.createdAt)),
        sentTexts: await tx.select().from(sentTexts).where(eq(sentTexts.userId, userId)).orderBy(asc(sentTexts.sentAt)),
        photos: await tx
          .select()
          .from(ideaPhotos)
          .where(eq(ideaPhotos.userId, userId))
          .orderBy(asc(ideaPhotos.ideaId), asc(ideaPhotos.position), asc(ideaPhotos.createdAt)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Export my data: one zip of JSON and CSV files (and a vCard), readable without the app, and the
 * photos on the user's ideas. The rows are read first (a missing account is a 404 before anything
 * is sent); the zip is then streamed, one photo at a time, so an account with many photos is never
 * held in memory whole.
 */
export async function buildAccountExport({
  db,
  storage,
  userId,
  now = new Date(),
}: UserScope<Database> & { storage: MediaStorage; now?: Date }): Promise<{ fileName: string; stream: Readable }> {
  const data = await readUserData({ db, userId });
  const account = {
    id: data.user.id,
    name: data.user.name,
    email: data.user.email,
    username: data.user.username,
    role: data.user.role,
    emailVerified: data.user.emailVerified,
    createdAt: iso(data.user.createdAt),
  };
  const settings = data.settings
    ? {
        locale: data.settings.locale,
        theme: data.settings.theme,
        timeZone: data.settings.timeZone,
        schedule: data.settings.schedule,
        aiConfig: data.settings.aiConfig,
        emailSettings: data.settings.emailSettings,
        hasEmailApiKey: data.settings.emailApiKeyEncrypted !== null,
        voiceSample: data.settings.voiceSample,
        monthlyShareLimit: data.settings.monthlyShareLimit,
        maxOpenIdeas: data.settings.maxIdeas,
      }
    : {};
  const ideaList = data.ideas.map((idea) => ({
    id: idea.id,
    title: idea.title,
    content: idea.content,
    description: idea.description,
    status: idea.status,
    date: iso(idea.date),
    tags: idea.tags,
    isAudioRecording: idea.isAudioRecording,
    createdAt: iso(idea.createdAt),
    updatedAt: iso(idea.updatedAt),
  }));
  const shareList = data.shares.map((share) => ({
    id: share.id,
    status: share.status,
    subject: share.subject,
    source: share.source,
    ideaIds: share.ideaIds,
    texts: share.texts,
    createdAt: iso(share.createdAt),
    generatedAt: iso(share.generatedAt),
    sendAt: iso(share.sendAt),
    sentAt: iso(share.sentAt),
    destinations: data.deliveries
      .filter((delivery) => delivery.shareId === share.id)
      .map((delivery) => ({
        channel: delivery.channel,
        contactId: delivery.contactId,
        name: delivery.recipientName,
        email: delivery.recipientEmail,
        status: delivery.status,
        link: delivery.link,
        sentAt: iso(delivery.sentAt),
        error: delivery.lastError,
      })),
  }));
  const templateList = data.templates.map((template) => ({
    id: template.id,
    name: template.name,
    template: template.template,
    structureDescription: template.structureDescription,
    isDefault: template.isDefault,
    createdAt: iso(template.createdAt),
    updatedAt: iso(template.updatedAt),
  }));
  const contactRows = data.contacts.map((contact) => ({
    ...contact,
    relationship: contact.relationship as Relationship | null,
  }));

  const files = {
    'README.txt': strToU8(readme),
    'account.json': json(account),
    'settings.json': json(settings),
    'ideas.json': json(ideaList),
    'ideas.csv': csvOf(
      ['id', 'title', 'content', 'status', 'date', 'tags', 'createdAt'],
      ideaList.map((idea) => ({ ...idea, tags: idea.tags.join(', ') })),
    ),
    'shares.json': json(shareList),
    'shares.csv': strToU8(
      rowsToCsv(
        [
          'shareId',
          'shareStatus',
          'subject',
          'createdAt',
          'channel',
          'recipientName',
          'recipientEmail',
          'deliveryStatus',
          'link',
          'sentAt',
        ],
        shareList.flatMap((share) =>
          (share.destinations.length > 0 ? share.destinations : [null]).map((destination) => [
            share.id,
            share.status,
            share.subject,
            share.createdAt,
            destination?.channel,
            destination?.name,
            destination?.email,
            destination?.status,
            destination?.link,
            destination?.sentAt ?? share.sentAt,
          ]),
        ),
      ),
    ),
    'contacts.csv': strToU8(contactsToCsv(contactRows)),
    'contacts.vcf': strToU8(contactsToVcard(contactRows)),
    'templates.json': json(templateList),
    'templates.csv': csvOf(['id', 'name', 'template', 'structureDescription', 'isDefault', 'createdAt'], templateList),
    'sent-texts.json': json(
      data.sentTexts.map((sent) => ({
        platform: sent.platform,
        preferences: sent.preferences,
        draft: sent.draft,
        text: sent.text,
        isEdited: sent.isEdited,
        sentAt: iso(sent.sentAt),
      })),
    ),
  };
  const photos = data.photos.map((photo) => ({
    id: photo.id,
    ideaId: photo.ideaId,
    position: photo.position,
    alt: photo.alt,
    width: photo.width,
    height: photo.height,
    bytes: photo.bytes,
    contentType: photo.contentType,
    // 01-…, 02-…: a file manager lists an idea's photos in their order.
    file: `photos/${photo.ideaId}/${String(photo.position + 1).padStart(2, '0')}-${photo.id}.jpg` as string | null,
    createdAt: iso(photo.createdAt),
  }));

  const stream = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) stream.destroy(error);
    else {
      stream.write(chunk);
      if (final) stream.end();
    }
  });
  const drained = async () => {
    if (stream.writableNeedDrain) await once(stream, 'drain');
  };
  const addDeflated = (name: string, bytes: Uint8Array) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = now;
    zip.add(entry);
    entry.push(bytes, true);
  };
  const write = async () => {
    for (const [name, bytes] of Object.entries(files)) {
      addDeflated(name, bytes);
      await drained();
    }
    // JPEGs are stored as they are: deflating them again gains nothing.
    for (const [index, photo] of photos.entries()) {
      // A photo deleted since the rows were read has no file any more: the list says so.
      const file = await storage.get(data.photos[index]!.storageKey);
      if (!file) {
        photo.file = null;
        continue;
      }
      const entry = new ZipPassThrough(photo.file!);
      entry.mtime = now;
      zip.add(entry);
      for await (const chunk of file.body) {
        entry.push(chunk as Uint8Array);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
    }
    addDeflated('photos.json', json(photos));
    zip.end();
  };
  write().catch((error: unknown) => stream.destroy(error as Error));
  return { fileName: accountExportFileName(now), stream };
}
