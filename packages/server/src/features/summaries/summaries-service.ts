import { singleSummaryKey, type Share } from '@life-updates/contract/shares';
import {
  pendingTabStatuses,
  sentTabStatuses,
  type SummerisListResponse,
  type SummerisShare,
} from '@life-updates/contract/summeris';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { contacts, events, pendingShares } from '../../db/schema.ts';
import { byIdAndOwner } from '../../db/owned.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { TextGenerator } from '../../providers/ai/text-generator.ts';
import {
  findIdeasForGeneration,
  generateText,
  type GenerateTextArguments,
  type GenerationLog,
} from '../generation/generation-service.ts';
import { findShares, toShare, upsertShareForEvents } from '../shares/shares-service.ts';
import { findTemplateNames, getTemplateForUse } from '../templates/templates-service.ts';

const shareNotFound = () => notFound('email.shareNotFound');
/** Only a share still waiting for review can be edited or cancelled. */
const notPending = () =>
  new AppError({ status: 409, code: 'SHARE_NOT_PENDING', message: 'summeris.errors.notPending' });

/** The user's contacts with these ids, in the order asked for; another user's (or a missing) one is a 404. */
async function findOwnContacts({ db, userId, contactIds }: { db: Database; userId: string; contactIds: string[] }) {
  if (!contactIds.every(isUuid)) throw notFound('contacts.errors.notFound');
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email, relationship: contacts.relationship })
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
export async function writeContactSummaries({
  recipients,
  ...generation
}: Omit<GenerateTextArguments, 'contact' | 'abortSignal'> & {
  recipients: readonly { id: string; name: string; relationship: string | null }[];
}): Promise<Record<string, string>> {
  const summaries: Record<string, string> = {};
  for (const recipient of recipients) {
    const { text } = await generateText({
      ...generation,
      contact: { name: recipient.name, relationship: recipient.relationship ?? undefined },
    });
    summaries[recipient.id] = text;
  }
  return summaries;
}

/**
 * My Stories → template → contacts → "Generate Summaries":
 * one text per contact, the template filled for that contact and, with an AI model, written for
 * their relationship (the offline composer fills the template). The texts land in one share of
 * status "generated"; a share with the same ordered events is updated instead.
 * Everything is generated before anything is written, so a failure leaves no half-made share.
 */
export async function generateSummaries({
  db,
  config,
  userId,
  eventIds,
  templateId,
  contactIds,
  generators,
  log,
}: {
  db: Database;
  config: Config;
  userId: string;
  eventIds: string[];
  templateId: string;
  contactIds: string[];
  generators: readonly TextGenerator[];
  log?: GenerationLog | undefined;
}): Promise<Share> {
  const template = await getTemplateForUse({ db, userId, templateId });
  const ideas = await findIdeasForGeneration({ db, userId, eventIds });
  const recipients = await findOwnContacts({ db, userId, contactIds });
  const [firstEvent] = await db
    .select({ preferences: events.preferences })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventIds[0]!)));
  const summaries = await writeContactSummaries({
    db,
    config,
    userId,
    events: ideas,
    // The first idea's stored choices, or the defaults.
    preferences: firstEvent?.preferences ?? {},
    template: template.template,
    recipients,
    generators,
    log,
  });
  return db.transaction((tx) =>
    upsertShareForEvents({
      db: tx,
      userId,
      eventIds,
      summaries,
      templateId: template.id,
      status: 'generated',
      contactIds: recipients.map((contact) => contact.id),
    }),
  );
}

async function toSummerisShares({ db, userId, shares }: { db: Database; userId: string; shares: Share[] }) {
  const contactIds = [...new Set(shares.flatMap((share) => share.contactIds))].filter(isUuid);
  const contactRows =
    contactIds.length === 0
      ? []
      : await db
          .select({ id: contacts.id, name: contacts.name, email: contacts.email, relationship: contacts.relationship })
          .from(contacts)
          .where(and(eq(contacts.userId, userId), inArray(contacts.id, contactIds)));
  const contactsById = new Map(contactRows.map((row) => [row.id, row]));
  const templateNames = await findTemplateNames({ db, userId });
  return shares.map((share): SummerisShare => ({
    ...share,
    contacts: share.contactIds.flatMap((id) => {
      const contact = contactsById.get(id);
      return contact ? [contact] : [];
    }),
    templateName: share.templateId ? (templateNames.get(share.templateId) ?? null) : null,
  }));
}

const newestFirst = (share: Share) => Date.parse(share.sentAt ?? share.generatedAt ?? share.createdAt);

/** Summeris: Pending and Sent, each newest first, with contact and template names. */
export async function findSummerisShares({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<SummerisListResponse> {
  const shares = await findShares({ db, userId, statuses: [...pendingTabStatuses, ...sentTabStatuses] });
  const all = await toSummerisShares({ db, userId, shares });
  all.sort((left, right) => newestFirst(right) - newestFirst(left));
  const isPending = (share: Share) => (pendingTabStatuses as readonly string[]).includes(share.status);
  return { pending: all.filter(isPending), sent: all.filter((share) => !isPending(share)) };
}

async function getOwnShare({ db, userId, shareId }: { db: Database; userId: string; shareId: string }) {
  if (!isUuid(shareId)) throw shareNotFound();
  const [row] = await db
    .select()
    .from(pendingShares)
    .where(byIdAndOwner(pendingShares, shareId, userId));
  if (!row) throw shareNotFound();
  return row;
}

const isPendingStatus = (status: string) => (pendingTabStatuses as readonly string[]).includes(status);

/** Summeris → Pending: saves one contact's edited text ("Summary successfully updated!"). */
export async function updateContactSummary({
  db,
  userId,
  shareId,
  contactId,
  text,
}: {
  db: Database;
  userId: string;
  shareId: string;
  contactId: string;
  text: string;
}): Promise<SummerisShare> {
  const share = await getOwnShare({ db, userId, shareId });
  if (!isPendingStatus(share.status)) throw notPending();
  const isKnownKey =
    share.contactIds.includes(contactId) || (contactId === singleSummaryKey && singleSummaryKey in share.summaries);
  if (!isKnownKey) throw notFound('contacts.errors.notFound');
  const [updated] = await db
    .update(pendingShares)
    .set({ summaries: { ...share.summaries, [contactId]: text } })
    .where(and(byIdAndOwner(pendingShares, shareId, userId), inArray(pendingShares.status, [...pendingTabStatuses])))
    .returning();
  if (!updated) throw notPending();
  const [result] = await toSummerisShares({ db, userId, shares: [toShare(updated)] });
  return result!;
}

/** Summeris → Cancel: a pending share is deleted; a sent one stays. */
export async function cancelShare({ db, userId, shareId }: { db: Database; userId: string; shareId: string }) {
  const share = await getOwnShare({ db, userId, shareId });
  if (!isPendingStatus(share.status)) throw notPending();
  const deleted = await db
    .delete(pendingShares)
    .where(and(byIdAndOwner(pendingShares, shareId, userId), inArray(pendingShares.status, [...pendingTabStatuses])))
    .returning({ id: pendingShares.id });
  if (deleted.length === 0) throw notPending();
}
