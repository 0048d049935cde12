import { shareStatusesBefore } from '@life-updates/contract/share-lifecycle';
import type { ShareStatus } from '@life-updates/contract/shares';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { byIdAndOwner } from '../../db/owned.ts';
import { shares } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * The one way a share's status changes: an update whose condition is "the status is one the
 * lifecycle table (contract share-lifecycle.ts) allows to become `to`", so a change the table does
 * not allow, or one another request made first, updates nothing.
 */

type ShareRowChanges = Omit<PgUpdateSetSource<typeof shares>, 'status' | 'id' | 'userId'>;

type StatusChange = {
  db: Executor;
  to: ShareStatus;
  /** Narrows the statuses the share may be in (only those the table allows count). */
  from?: readonly ShareStatus[] | undefined;
  /** Other columns written with the status. */
  set?: ShareRowChanges | undefined;
};

const statusCondition = (to: ShareStatus, from: readonly ShareStatus[] | undefined) => {
  const allowed = shareStatusesBefore(to).filter((status) => !from || from.includes(status));
  return inArray(shares.status, allowed);
};

/** A change the lifecycle does not allow, or one another request made first: a 409. */
export const shareStatusChangeRefused = () =>
  new AppError({ status: 409, code: 'SHARE_STATUS_CHANGE_REFUSED', message: 'shares.errors.statusChangeRefused' });

/**
 * Moves one of the user's shares to `to` and returns its row. A share not in a status the table
 * allows to become `to` is left unchanged and the change refused (`refused`, by default
 * shareStatusChangeRefused).
 */
export async function changeShareStatus({
  db,
  userId,
  shareId,
  to,
  from,
  set,
  refused = shareStatusChangeRefused,
}: StatusChange & { userId: string; shareId: string; refused?: () => AppError }) {
  const [row] = await db
    .update(shares)
    .set({ ...set, status: to })
    .where(and(byIdAndOwner(shares, shareId, userId), statusCondition(to, from)))
    .returning();
  if (!row) throw refused();
  return row;
}

/**
 * Moves every share matching `where` that the table allows to become `to`, and returns the rows
 * changed; the others are left as they are (for changes that are safe to ask twice, or that apply
 * to some shares of many).
 */
export async function changeSharesStatus({ db, where, to, from, set }: StatusChange & { where: SQL | undefined }) {
  return db
    .update(shares)
    .set({ ...set, status: to })
    .where(and(where, statusCondition(to, from)))
    .returning();
}
