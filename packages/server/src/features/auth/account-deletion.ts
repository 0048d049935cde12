import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactMessages, deliveries, loginAttempts, users, verifications } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { deliveryQueue } from '../shares/delivery/queue.ts';

/** The instance always keeps an administrator: the last one promotes another before leaving. */
export async function assertNotLastAdmin({ db, userId }: { db: Database; userId: string }) {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (user?.role !== 'admin') return;
  const otherAdmins = await db.$count(users, and(eq(users.role, 'admin'), ne(users.id, userId)));
  if (otherAdmins === 0) {
    throw new AppError({ status: 409, code: 'LAST_ADMIN', message: 'settings.deleteAccount.lastAdmin' });
  }
}

/**
 * Before the account goes: its deliveries not yet sent (scheduled ones too) are cancelled in the job
 * queue (their rows go with the user; a job left behind would find nothing, but should not wait to).
 */
export async function cancelQueuedWork({
  db,
  jobs,
  userId,
}: {
  db: Database;
  jobs: JobQueue | undefined;
  userId: string;
}) {
  const waiting = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), inArray(deliveries.status, ['queued', 'sending'])));
  if (!jobs) return;
  for (const { id } of waiting) {
    const queued = await jobs.findJobs(deliveryQueue, { key: id, queued: true });
    if (queued.length > 0)
      await jobs.cancel(
        deliveryQueue,
        queued.map((job) => job.id),
      );
  }
}

/**
 * Rows that name the user without a foreign key to cascade: their Contact Us messages (the user id
 * would only be set to null), failed sign-ins kept by address, and one-time links (reset, email change).
 */
export async function eraseUnlinkedRows({ db, userId, email }: { db: Database; userId: string; email: string }) {
  await db.delete(contactMessages).where(eq(contactMessages.userId, userId));
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email.toLowerCase()));
  await db.delete(verifications).where(eq(verifications.value, userId));
}
