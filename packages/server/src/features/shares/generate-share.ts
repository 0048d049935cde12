import type { Share } from '@life-updates/contract/shares';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { TextGenerator } from '../../providers/ai/text-generator.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import {
  generateText,
  toRawIdea,
  type GenerateTextArguments,
  type GenerationLog,
} from '../generation/generation-service.ts';
import { findOwnIdeas } from '../ideas/ideas-service.ts';
import { getTemplateForUse } from '../templates/templates-service.ts';
import { upsertShareForIdeas } from './shares-service.ts';

/** The user's contacts with these ids, in the order asked for; another user's (or a missing) one is a 404. */
async function findOwnContacts({ db, userId, contactIds }: { db: Database; userId: string; contactIds: string[] }) {
  if (!contactIds.every(isUuid)) throw notFound('contacts.errors.notFound');
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, relationship: contacts.relationship })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, contactIds)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return contactIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('contacts.errors.notFound');
    return row;
  });
}

/**
 * One text per contact, keyed by contact id: the template filled for that contact and, with an AI
 * model, written for their relationship (the offline composer fills the template). Used by
 * "Generate Summaries" and by the sharing schedule.
 */
export async function writeContactTexts({
  recipients,
  ...generation
}: Omit<GenerateTextArguments, 'contact' | 'abortSignal'> & {
  recipients: readonly { id: string; name: string; relationship: string | null }[];
}): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const recipient of recipients) {
    const { text } = await generateText({
      ...generation,
      contact: { name: recipient.name, relationship: recipient.relationship ?? undefined },
    });
    texts[recipient.id] = text;
  }
  return texts;
}

/**
 * My Stories → template → contacts → "Generate Summaries": one text per contact (writeContactTexts)
 * in one share of status "generated"; a share with the same ordered ideas is updated instead.
 * Everything is generated before anything is written, so a failure leaves no half-made share.
 */
export async function generateShare({
  db,
  config,
  userId,
  ideaIds,
  templateId,
  contactIds,
  generators,
  media,
  log,
}: UserScope<Database> & {
  config: Config;
  /** Where the ideas' photos are kept (`app.deps.media`): a model that accepts images is shown them. */
  media: MediaStorage;
  ideaIds: string[];
  templateId: string;
  contactIds: string[];
  generators: readonly TextGenerator[];
  log: GenerationLog;
}): Promise<Share> {
  const template = await getTemplateForUse({ db, userId, templateId });
  const chosen = await findOwnIdeas({ db, userId, ideaIds });
  const recipients = await findOwnContacts({ db, userId, contactIds });
  const texts = await writeContactTexts({
    db,
    config,
    userId,
    ideas: chosen.map(toRawIdea),
    // The first idea's stored choices, or the defaults.
    preferences: chosen[0]?.preferences ?? {},
    template: template.template,
    recipients,
    generators,
    photos: { ideaIds: chosen.map((idea) => idea.id), media },
    log,
  });
  // The ideas are read again in the transaction: writing the texts takes a while, and an idea
  // deleted meanwhile must end in a 404, not in a share of a missing idea.
  return db.transaction((tx) =>
    upsertShareForIdeas({
      db: tx,
      userId,
      ideaIds,
      texts,
      generatedTexts: texts,
      templateId: template.id,
      status: 'generated',
      contactIds: recipients.map((contact) => contact.id),
    }),
  );
}
