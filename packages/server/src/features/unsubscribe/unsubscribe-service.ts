import { pickLocale, type Locale } from '@life-updates/contract/i18n';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contacts, users, userSettings } from '../../db/schema.ts';

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
  const [row] = await db
    .select({
      unsubscribedAt: contacts.unsubscribedAt,
      accountName: users.name,
      emailSettings: userSettings.emailSettings,
      locale: userSettings.locale,
    })
    .from(contacts)
    .innerJoin(users, eq(users.id, contacts.userId))
    .leftJoin(userSettings, eq(userSettings.userId, contacts.userId))
    .where(eq(contacts.id, contactId));
  if (!row) return null;
  const senderName = (row.emailSettings as { senderName?: string } | null)?.senderName?.trim() || row.accountName;
  return {
    contactId,
    senderName,
    senderLocale: pickLocale(row.locale),
    isUnsubscribed: row.unsubscribedAt !== null,
  };
}

/**
 * The contact no longer receives updates (one-click link, or a spam complaint from the provider).
 * The first time is kept: clicking again changes nothing.
 */
export async function unsubscribeContact({
  db,
  contactId,
  source,
}: {
  db: Database;
  contactId: string;
  source: 'link' | 'complaint';
}) {
  await db
    .update(contacts)
    .set({
      unsubscribedAt: sql`coalesce(${contacts.unsubscribedAt}, now())`,
      unsubscribeSource: sql`coalesce(${contacts.unsubscribeSource}, ${source})`,
    })
    .where(eq(contacts.id, contactId));
}

/** The contact's own undo, from their unsubscribe page: the only way back in. */
export async function resubscribeContact({ db, contactId }: { db: Database; contactId: string }) {
  await db.update(contacts).set({ unsubscribedAt: null, unsubscribeSource: null }).where(eq(contacts.id, contactId));
}
