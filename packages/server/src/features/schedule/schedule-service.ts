import {
  allContacts,
  calendarDateIn,
  defaultSchedule,
  isTimeZone,
  nextRunAt,
  scheduleRunSchema,
  scheduleSchema,
  type ScheduleResponse,
  type ScheduleRun,
  type ScheduleUpdate,
} from '@life-updates/contract/schedule';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contacts, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { isUuid } from '../../lib/uuid.ts';
import { setScheduleSettings } from '../settings/settings-service.ts';

/** A stored run result read leniently: anything that no longer validates reads as "no run yet". */
export function readScheduleRun(value: unknown): ScheduleRun | null {
  const parsed = scheduleRunSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

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
    lastRun: readScheduleRun(row?.lastRun),
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
  let selectedContacts = form.selectedContacts;
  if (selectedContacts !== allContacts) {
    const requested = [...new Set(selectedContacts)].filter(isUuid);
    const owned =
      requested.length === 0
        ? []
        : await db
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.userId, userId), inArray(contacts.id, requested)));
    const ownedIds = new Set(owned.map((contact) => contact.id));
    selectedContacts = requested.filter((id) => ownedIds.has(id));
  }
  const schedule = { ...form, selectedContacts };
  const nextScheduledRunAt = nextRunAt({ schedule, timeZone, after: now });
  await setScheduleSettings({ db, userId, schedule, timeZone, nextScheduledRunAt });
  return getSchedule({ db, userId, now });
}
