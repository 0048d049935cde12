import type { Locale } from '@life-updates/contract/i18n';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import { readSenderIdentity } from '../email/email-settings-service.ts';
import { suppressionOf } from '../recipients/recipients-service.ts';

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
  const [contact] = await db.select({ userId: contacts.userId }).from(contacts).where(eq(contacts.id, contactId));
  if (!contact) return null;
  const { senderName, locale } = await readSenderIdentity({ db, userId: contact.userId });
  const suppression = await suppressionOf({ db, contactIds: [contactId] });
  return {
    contactId,
    senderName,
    senderLocale: locale,
    isUnsubscribed: suppression.get(contactId) === 'unsubscribed',
  };
}
