import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contacts } from '../../db/schema.ts';
import { readSenderIdentity } from '../email/email-settings-service.ts';
import { suppressionOf } from '../recipients/recipients-service.ts';

/**
 * The contact a valid token was made for, with who sends them updates (the owner's sender name,
 * else their account name) and in which language; null when the contact is gone.
 */
export async function getUnsubscribeSubject({ db, contactId }: { db: Database; contactId: string }) {
  const [contact] = await db.select({ userId: contacts.userId }).from(contacts).where(eq(contacts.id, contactId));
  if (!contact) return null;
  const { senderName, locale } = await readSenderIdentity({ db, userId: contact.userId });
  const suppression = await suppressionOf({ db, contactIds: [contactId] });
  return {
    senderName,
    senderLocale: locale,
    isUnsubscribed: suppression.get(contactId) === 'unsubscribed',
  };
}
