import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { emailDeliveries } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs.ts';
import { findSendingShareIds } from '../shares-service.ts';
import { enqueueDeliveries } from './queue.ts';
import { settleShare } from './send.ts';

/**
 * At start-up: every delivery left queued or sending gets a job again (a restart never loses one;
 * a duplicate job finds it claimed or sent), and shares whose deliveries all finished are settled.
 */
export async function resumeUnfinishedDeliveries({ db, jobs }: { db: Database; jobs: JobQueue }) {
  const unfinished = await db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(inArray(emailDeliveries.status, ['queued', 'sending']));
  await enqueueDeliveries({ jobs, deliveryIds: unfinished.map((row) => row.id) });
  for (const shareId of await findSendingShareIds({ db })) await settleShare({ db, shareId });
  return unfinished.length;
}
