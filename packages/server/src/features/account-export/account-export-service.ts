import { accountExportFileName, rowsToCsv } from '@life-updates/contract/account-export';
import { contactsToCsv, contactsToVcard } from '@life-updates/contract/contact-files';
import type { Relationship } from '@life-updates/contract/contact-options';
import { asc, eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Database } from '../../db/client.ts';
import type { UserScope } from '../../db/owned.ts';
import { contacts, emailDeliveries, ideas, shares, summaryTemplates, users, userSettings } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';

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

JSON files are UTF-8; CSV files start with a byte-order mark so spreadsheets read them as UTF-8.
Dates are ISO 8601 in UTC. Your email-provider key is not included (it is kept encrypted on the server).
`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

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
          .from(emailDeliveries)
          .where(eq(emailDeliveries.userId, userId))
          .orderBy(asc(emailDeliveries.createdAt)),
        contacts: await tx
          .select()
          .from(contacts)
          .where(eq(contacts.userId, userId))
          .orderBy(sql`lower(${contacts.name})`, asc(contacts.createdAt)),
        templates: await tx
          .select()
          .from(summaryTemplates)
          .where(eq(summaryTemplates.userId, userId))
          .orderBy(asc(summaryTemplates.createdAt)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Export my data: one zip of JSON and CSV files (and a vCard), readable without the app. */
export async function buildAccountExport({ db, userId, now = new Date() }: UserScope<Database> & { now?: Date }) {
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
    linkedinPostUrl: idea.linkedinPostUrl,
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
    sentAt: iso(share.sentAt),
    recipients: data.deliveries
      .filter((delivery) => delivery.shareId === share.id)
      .map((delivery) => ({
        contactId: delivery.contactId,
        name: delivery.recipientName,
        email: delivery.recipientEmail,
        status: delivery.status,
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
    'ideas.csv': strToU8(
      rowsToCsv(
        ['id', 'title', 'content', 'status', 'date', 'tags', 'createdAt'],
        ideaList.map((idea) => [
          idea.id,
          idea.title,
          idea.content,
          idea.status,
          idea.date,
          idea.tags.join(', '),
          idea.createdAt,
        ]),
      ),
    ),
    'shares.json': json(shareList),
    'shares.csv': strToU8(
      rowsToCsv(
        [
          'shareId',
          'shareStatus',
          'subject',
          'createdAt',
          'recipientName',
          'recipientEmail',
          'deliveryStatus',
          'sentAt',
        ],
        shareList.flatMap((share) =>
          (share.recipients.length > 0 ? share.recipients : [null]).map((recipient) => [
            share.id,
            share.status,
            share.subject,
            share.createdAt,
            recipient?.name,
            recipient?.email,
            recipient?.status,
            recipient?.sentAt ?? share.sentAt,
          ]),
        ),
      ),
    ),
    'contacts.csv': strToU8(contactsToCsv(contactRows)),
    'contacts.vcf': strToU8(contactsToVcard(contactRows)),
    'templates.json': json(templateList),
    'templates.csv': strToU8(
      rowsToCsv(
        ['id', 'name', 'template', 'structureDescription', 'isDefault', 'createdAt'],
        templateList.map((template) => [
          template.id,
          template.name,
          template.template,
          template.structureDescription,
          template.isDefault,
          template.createdAt,
        ]),
      ),
    ),
  };
  return { fileName: accountExportFileName(now), zip: zipSync(files, { mtime: now }) };
}
