import {
  allContacts,
  calendarDateIn,
  defaultSchedule,
  isTimeZone,
  nextRunAt,
  scheduleRunSchema,
  scheduleSchema,
  type ScheduleResponse,
  type ScheduleUpdate,
} from '@life-updates/contract/schedule';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { filterOwnContactIds } from '../contacts/contacts-service.ts';
import { upsertSettings } from '../settings/settings-service.ts';

/**
 * The user's sharing schedule. Before the first save it is the defaults (weekly, 09:00, automatic
 * sharing off, all contacts) with today's date in the stored zone (UTC when none), not yet running.
 */
export async function getSchedule({ db, userId, now }: UserScope<Database> & { now: Date }): Promise<ScheduleResponse> {
  const [row] = await db
    .select({
      schedule: userSettings.schedule,
      timeZone: userSettings.timeZone,
      nextRunAt: userSettings.nextScheduledRunAt,
      lastRun: userSettings.lastScheduledRun,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  const timeZone = row?.timeZone && isTimeZone(row.timeZone) ? row.timeZone : null;
  const stored = scheduleSchema.safeParse(row?.schedule);
  return {
    schedule: stored.success ? stored.data : defaultSchedule(calendarDateIn(timeZone ?? 'UTC', now)),
    timeZone,
    isSaved: stored.success && timeZone !== null,
    nextRunAt: row?.nextRunAt?.toISOString() ?? null,
    // A stored run that no longer validates reads as "no run yet".
    lastRun: scheduleRunSchema.safeParse(row?.lastRun).data ?? null,
  };
}

/**
 * Saves the schedule and time zone and sets the next run. A chosen contact list keeps only the
 * user's own contacts, so a schedule can never name someone else's.
 */
export async function saveSchedule({
  db,
  userId,
  update,
  now,
}: UserScope<Database> & { update: ScheduleUpdate; now: Date }): Promise<ScheduleResponse> {
  const { timeZone, ...form } = update;
  const selectedContacts =
    form.selectedContacts === allContacts
      ? allContacts
      : await filterOwnContactIds({ db, userId, contactIds: form.selectedContacts });
  const schedule = { ...form, selectedContacts };
  const nextScheduledRunAt = nextRunAt({ schedule, timeZone, after: now });
  await upsertSettings({ db, userId, values: { schedule, timeZone, nextScheduledRunAt } });
  return getSchedule({ db, userId, now });
}
