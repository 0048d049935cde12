import type { Locale } from '@life-updates/contract/i18n';
import {
  pendingTabStatuses,
  reloadableShareStatuses,
  sentTabStatuses,
  shareIdeaSnapshotSchema,
  shareStatuses,
  type Share,
  type ShareIdeaSnapshot,
  type ShareReviewResponse,
  type ShareStatus,
  type ShareWithContacts,
} from '@life-updates/contract/shares';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contacts, shares } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findPhotosOfIdeas } from '../photos/photos-service.ts';
import { findTemplateNames } from '../templates/templates-service.ts';
import { findDeliveriesOfShares } from './delivery/deliveries.ts';

/*
 * The reads of shares: a row as the contract's Share, the share Create Content reloads, the list,
 * and Summeris' read model (each share with its contacts, template name, photos and deliveries,
 * sorted into its tabs). Nothing here writes; the writes are in ./shares-service.ts.
 */

type ShareRow = typeof shares.$inferSelect;

export function toIso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function readSnapshots(value: unknown): ShareIdeaSnapshot[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = shareIdeaSnapshotSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function toShare(row: ShareRow): Share {
  const status = (shareStatuses as readonly string[]).includes(row.status) ? (row.status as ShareStatus) : 'pending';
  return {
    id: row.id,
    status,
    ideaIds: row.ideaIds,
    ideas: readSnapshots(row.ideas),
    contactIds: row.contactIds,
    texts: row.texts,
    templateId: row.templateId,
    subject: row.subject,
    source: row.source,
    generatedAt: toIso(row.generatedAt),
    sendAt: toIso(row.sendAt),
    sentAt: toIso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Shares that contain any of these idea ids. */
export function containsAnyIdea(ideaIds: readonly string[]) {
  return or(...ideaIds.map((id) => sql`${shares.ideaIds} @> ${JSON.stringify([id])}::jsonb`));
}

/**
 * The share Create Content reloads its text from: the most recently generated one in
 * saved_for_later, approved or sent that contains the idea. Null when there is none.
 */
export async function getShareForIdea({
  db,
  userId,
  ideaId,
}: UserScope<Database> & { ideaId: string }): Promise<Share | null> {
  const [row] = await db
    .select()
    .from(shares)
    .where(
      and(eq(shares.userId, userId), inArray(shares.status, [...reloadableShareStatuses]), containsAnyIdea([ideaId])),
    )
    .orderBy(sql`${shares.generatedAt} desc nulls last`, desc(shares.createdAt))
    .limit(1);
  return row ? toShare(row) : null;
}

/** The user's shares, newest first, optionally only in some statuses. */
export async function findShares({
  db,
  userId,
  statuses,
}: UserScope<Database> & { statuses?: readonly ShareStatus[] | undefined }): Promise<Share[]> {
  const rows = await db
    .select()
    .from(shares)
    .where(
      and(
        eq(shares.userId, userId),
        statuses && statuses.length > 0 ? inArray(shares.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(desc(shares.createdAt), desc(shares.id));
  return rows.map(toShare);
}

/** Shares with their contacts' names, their template's name and their deliveries, as Summeris shows them. */
export async function withContacts({
  db,
  userId,
  shares,
  locale,
}: {
  db: Database;
  userId: string;
  shares: Share[];
  locale: Locale;
}): Promise<ShareWithContacts[]> {
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
  const photosByIdea = await findPhotosOfIdeas({
    db,
    userId,
    ideaIds: [...new Set(shares.flatMap((share) => share.ideaIds))],
  });
  const deliveriesByShare = await findDeliveriesOfShares({
    db,
    userId,
    shareIds: shares.map((share) => share.id),
    locale,
  });
  return shares.map((share) => ({
    ...share,
    contacts: share.contactIds.flatMap((id) => {
      const contact = contactsById.get(id);
      return contact ? [contact] : [];
    }),
    templateName: share.templateId ? (templateNames.get(share.templateId) ?? null) : null,
    deliveries: deliveriesByShare.get(share.id) ?? [],
    photos: share.ideaIds.flatMap((id) => photosByIdea.get(id) ?? []),
  }));
}

const newestFirst = (share: Share) => Date.parse(share.sentAt ?? share.sendAt ?? share.generatedAt ?? share.createdAt);
const hasFailedDestination = (share: ShareWithContacts) =>
  share.deliveries.some((delivery) => delivery.status === 'failed' || delivery.status === 'bounced');

/**
 * Summeris, everything that goes out on every channel, each tab newest first: Pending (to review),
 * Scheduled, Sent (going out or gone) and Failed (a share with a destination that failed; a
 * partial send is in Sent too).
 */
export async function findSharesForReview({
  db,
  userId,
  locale,
}: UserScope<Database> & { locale: Locale }): Promise<ShareReviewResponse> {
  const found = await findShares({
    db,
    userId,
    statuses: [...pendingTabStatuses, 'scheduled', ...sentTabStatuses, 'failed'],
  });
  const all = await withContacts({ db, userId, shares: found, locale });
  all.sort((left, right) => newestFirst(right) - newestFirst(left));
  const withStatus = (statuses: readonly string[]) => all.filter((share) => statuses.includes(share.status));
  return {
    pending: withStatus(pendingTabStatuses),
    scheduled: withStatus(['scheduled']),
    sent: withStatus(sentTabStatuses),
    failed: all.filter(
      (share) => share.status === 'failed' || (share.status === 'sent' && hasFailedDestination(share)),
    ),
  };
}
