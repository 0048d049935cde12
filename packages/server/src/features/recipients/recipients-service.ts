import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import { contacts } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

/*
 * Who may be sent to: the one place that decides whether a contact receives updates (email,
 * Telegram or the schedule alike) and that records why not. A contact who unsubscribed is never
 * sent to until they undo it themselves; one whose address bounced for good is left out until the
 * owner changes the address (the contact form clears it, see contacts-service).
 */

/** Why a contact is not sent to; unsubscribing wins when both hold. */
type Suppression = 'unsubscribed' | 'bouncing';

const suppressionFrom = (row: { unsubscribedAt: Date | null; bouncedAt: Date | null }): Suppression | null =>
  row.unsubscribedAt !== null ? 'unsubscribed' : row.bouncedAt !== null ? 'bouncing' : null;

/** A contact as a channel needs it to write and address an update. */
type RecipientContact = { id: string; name: string; email: string; relationship: string | null };

/**
 * The user's contacts among `contactIds` (or all of them), oldest first, split into those that may
 * be sent to and those left out, with why. Ids that are not the user's contacts are in none.
 */
export async function findSendableContacts({
  db,
  userId,
  contactIds,
}: UserScope & { contactIds: readonly string[] | 'all' }) {
  const ids = contactIds === 'all' ? null : contactIds.filter(isUuid);
  const found: Record<Suppression | 'sendable', RecipientContact[]> = { sendable: [], unsubscribed: [], bouncing: [] };
  if (ids?.length === 0) return found;
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      relationship: contacts.relationship,
      unsubscribedAt: contacts.unsubscribedAt,
      bouncedAt: contacts.bouncedAt,
    })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), ids ? inArray(contacts.id, ids) : undefined))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
  for (const { unsubscribedAt, bouncedAt, ...contact } of rows) {
    const suppression = suppressionFrom({ unsubscribedAt, bouncedAt });
    found[suppression ?? 'sendable'].push(contact);
  }
  return found;
}

/**
 * Why each of these contacts is not sent to now; a contact that may be sent to (or is gone) is not
 * in the map. For the delivery worker, which checks again just before sending: the ids come from
 * deliveries it owns, so this is not limited to one user.
 */
export async function suppressionOf({
  db,
  contactIds,
}: {
  db: Executor;
  contactIds: readonly string[];
}): Promise<Map<string, Suppression>> {
  const ids = [...new Set(contactIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, unsubscribedAt: contacts.unsubscribedAt, bouncedAt: contacts.bouncedAt })
    .from(contacts)
    .where(inArray(contacts.id, ids));
  return new Map(
    rows.flatMap((row) => {
      const suppression = suppressionFrom(row);
      return suppression ? [[row.id, suppression] as const] : [];
    }),
  );
}

/** The address refused mail for good: later shares skip the contact until the owner changes it. */
export async function markBouncing({ db, userId, contactId }: UserScope & { contactId: string }) {
  await db
    .update(contacts)
    .set({ bouncedAt: sql`coalesce(${contacts.bouncedAt}, now())` })
    .where(byIdAndOwner(contacts, contactId, userId));
}

/**
 * The contact no longer receives updates (one-click link, a spam complaint reported by the mail
 * provider, or an unsubscribe made through the provider). The first time is kept: clicking again
 * changes nothing. `userId`, when the caller knows the owner (provider events), limits it to their
 * contact; the unsubscribe link names the contact alone.
 */
export async function markUnsubscribed({
  db,
  contactId,
  userId,
  source,
}: {
  db: Executor;
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
export async function resubscribe({ db, contactId }: { db: Executor; contactId: string }) {
  await db.update(contacts).set({ unsubscribedAt: null, unsubscribeSource: null }).where(eq(contacts.id, contactId));
}
