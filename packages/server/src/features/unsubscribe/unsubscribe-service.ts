import type { Locale } from '@life-updates/contract/i18n';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import { readSenderIdentity } from '../email/email-settings-service.ts';

export type UnsubscribeSubject = {
  contactId: string;
  /** Whose updates these are: the owner's sender name, else their account name. */
  senderName: string;
  /** The language the owner writes their emails in. */
  senderLocale: Locale;
  isUnsubscribed: boolean;
};

/** The contact a valid token was made for, with who sends them updates; null when the contact is gone. */
export async function getUnsubscribeSubject({
  db,
  contactId,
}: {
  db: Database;
  contactId: string;
}): Promise<UnsubscribeSubject | null> {
  const [contact] = await db
    .select({ userId: contacts.userId, unsubscribedAt: contacts.unsubscribedAt })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact) return null;
  const { senderName, locale } = await readSenderIdentity({ db, userId: contact.userId });
  return {
    contactId,
    senderName,
    senderLocale: locale,
    isUnsubscribed: contact.unsubscribedAt !== null,
  };
}

/**
 * The contact no longer receives updates (one-click link, a spam complaint reported by the mail
 * provider, or an unsubscribe made through the provider). The first time is kept: clicking again
 * changes nothing. `userId`, when the caller knows the owner (provider events), limits it to their contact.
 */
export async function unsubscribeContact({
  db,
  contactId,
  userId,
  source,
}: {
  db: Database;
  contactId: string;
  userId?: string | undefined;
  source: 'link' | 'complaint' | 'provider';
}) {
  await db
    .update(contacts)
    .set({
      unsubscribedAt: sql`coalesce(${contacts.unsubscribedAt}, now())`,
      unsubscribeSource: sql`coalesce(${contacts.unsubscribeSource}, ${source})`,
    })
    .where(and(eq(contacts.id, contactId), userId ? eq(contacts.userId, userId) : undefined));
}

/** The contact's own undo, from their unsubscribe page: the only way back in. */
export async function resubscribeContact({ db, contactId }: { db: Database; contactId: string }) {
  await db.update(contacts).set({ unsubscribedAt: null, unsubscribeSource: null }).where(eq(contacts.id, contactId));
}
