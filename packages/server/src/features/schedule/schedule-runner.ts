import { maxIdeasPerGeneration, resolvePreferences, preferenceFallbacks } from '@life-updates/contract/generation';
import {
  allContacts,
  isTimeZone,
  nextRunAt,
  scheduleSchema,
  type Schedule,
  type ScheduleRun,
  type ScheduleRunOutcome,
} from '@life-updates/contract/schedule';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ideas, shares, templates, userSettings } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TextGenerator } from '../../providers/ai/text-generator.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import type { Channels } from '../shares/delivery/channel.ts';
import { sendShare } from '../shares/delivery/send.ts';
import { toRawIdea, type GenerationLog } from '../generation/generation-service.ts';
import { writeContactTexts } from '../shares/generate-share.ts';
import { createShare } from '../shares/shares-service.ts';
import { findSendableContacts } from '../recipients/recipients-service.ts';
import { updateSettings } from '../settings/settings-service.ts';

/** The `source` of shares the schedule makes, so a later run does not share the same ideas twice. */
const scheduledShareSource = 'schedule';

/** Users handled per tick at most; the rest are still due at the next tick. */
const maxUsersPerTick = 50;

type ScheduleRunnerDependencies = {
  db: Database;
  config: Config;
  generators: readonly TextGenerator[];
  jobs: JobQueue | undefined;
  channels: Channels;
  /** Where the ideas' photos are kept: a model that accepts images is shown them. */
  media?: MediaStorage | undefined;
  /** The clock; tests move it. */
  now: () => Date;
  log: GenerationLog;
};

/** A run's record before what it shared is known. */
const emptyRun = (at: Date, outcome: ScheduleRunOutcome): ScheduleRun => ({
  at: at.toISOString(),
  outcome,
  shareId: null,
  ideaCount: 0,
  contactCount: 0,
});

type ClaimedRun = { userId: string; schedule: Schedule };

/**
 * Takes one user whose run is due and moves their next run forward in the same transaction.
 * `FOR UPDATE SKIP LOCKED` plus the moved time mean two instances never take the same run; a
 * crash mid-run loses that one run rather than sending it twice.
 */
async function claimDueRun({ db, now }: { db: Database; now: Date }): Promise<ClaimedRun | 'none' | 'skipped'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: userSettings.userId, schedule: userSettings.schedule, timeZone: userSettings.timeZone })
      .from(userSettings)
      .where(lte(userSettings.nextScheduledRunAt, now))
      .orderBy(asc(userSettings.nextScheduledRunAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return 'none';
    const schedule = scheduleSchema.safeParse(row.schedule);
    const timeZone = row.timeZone ?? '';
    // A schedule that no longer reads stops rather than firing every minute.
    const next =
      schedule.success && isTimeZone(timeZone) ? nextRunAt({ schedule: schedule.data, timeZone, after: now }) : null;
    await updateSettings({ db: tx, userId: row.userId, values: { nextScheduledRunAt: next } });
    return schedule.success && next ? { userId: row.userId, schedule: schedule.data } : 'skipped';
  });
}

/**
 * The user's Ready (approved) ideas not yet shared, oldest first: ideas already in a share being
 * sent, or in an earlier scheduled share still waiting in Summeris, are left out.
 */
async function findReadyIdeas({ db, userId }: { db: Database; userId: string }) {
  const approved = await db
    .select()
    .from(ideas)
    .where(and(eq(ideas.userId, userId), eq(ideas.status, 'approved')))
    .orderBy(sql`coalesce(${ideas.date}, ${ideas.createdAt}) asc`, asc(ideas.createdAt), asc(ideas.id));
  if (approved.length === 0) return [];
  const taken = await db
    .select({ ideaIds: shares.ideaIds })
    .from(shares)
    .where(
      and(
        eq(shares.userId, userId),
        or(
          eq(shares.status, 'sending'),
          and(eq(shares.source, scheduledShareSource), inArray(shares.status, ['pending', 'generated', 'approved'])),
        ),
      ),
    );
  const takenIds = new Set(taken.flatMap((share) => share.ideaIds));
  return approved.filter((idea) => !takenIds.has(idea.id)).slice(0, maxIdeasPerGeneration);
}

/** The user's default email structure, if they made one. */
async function findDefaultTemplate({ db, userId }: { db: Database; userId: string }) {
  const [template] = await db
    .select({ id: templates.id, template: templates.template })
    .from(templates)
    .where(and(eq(templates.userId, userId), eq(templates.isDefault, true)))
    .orderBy(asc(templates.updatedAt))
    .limit(1);
  return template ?? null;
}

/**
 * One scheduled run for one user: the Ready ideas become a share for the
 * selected contacts in Summeris; with Automatic Sharing it goes through the email pipeline at once,
 * within the monthly limit (over it, the share waits in Pending and the run says why).
 */
async function runScheduleForUser({
  dependencies,
  userId,
  schedule,
  now,
}: {
  dependencies: ScheduleRunnerDependencies;
  userId: string;
  schedule: Schedule;
  now: Date;
}): Promise<ScheduleRun> {
  const { db, jobs, log } = dependencies;
  const finish = async (outcome: ScheduleRunOutcome, details: Partial<ScheduleRun> = {}) => {
    const run = { ...emptyRun(now, outcome), ...details };
    await updateSettings({ db, userId, values: { lastScheduledRun: run } });
    return run;
  };

  const ideas = await findReadyIdeas({ db, userId });
  if (ideas.length === 0) return finish('nothing_to_share');
  // Nothing is written for the selected contacts who unsubscribed or whose address bounces: they
  // are counted apart, so the run can say why they were left out.
  const { sendable: recipients, ...skipped } = await findSendableContacts({
    db,
    userId,
    contactIds: schedule.selectedContacts === allContacts ? 'all' : schedule.selectedContacts,
  });
  const counts = {
    ideaCount: ideas.length,
    contactCount: recipients.length,
    ...(skipped.unsubscribed.length + skipped.bouncing.length > 0
      ? { skippedUnsubscribed: skipped.unsubscribed.length, skippedBouncing: skipped.bouncing.length }
      : {}),
  };
  if (recipients.length === 0) return finish('no_contacts', counts);

  const template = await findDefaultTemplate({ db, userId });
  let texts: Record<string, string>;
  try {
    // The same per-contact writer as "Generate Summaries"; personal updates read best as a letter,
    // so those are the fallbacks, and an idea's own stored preferences win.
    texts = await writeContactTexts({
      db,
      config: dependencies.config,
      generators: dependencies.generators,
      userId,
      ideas: ideas.map(toRawIdea),
      preferences: resolvePreferences(ideas[0]?.preferences, {
        ...preferenceFallbacks,
        platform: 'newsletter',
        structure: 'letter',
      }),
      template: template?.template,
      recipients,
      photos: dependencies.media ? { ideaIds: ideas.map((idea) => idea.id), media: dependencies.media } : undefined,
      log,
    });
  } catch (error) {
    log.warn({ err: error, userId }, 'scheduled share could not be written');
    return finish('failed', counts);
  }

  const share = await createShare({
    db,
    userId,
    ideas,
    texts,
    generatedTexts: texts,
    templateId: template?.id ?? null,
    status: 'generated',
    contactIds: recipients.map((recipient) => recipient.id),
    source: scheduledShareSource,
    generatedAt: now,
  });
  const shareId = share.id;
  if (!schedule.autoSend) return finish('pending', { ...counts, shareId });

  try {
    const destinations = { contactIds: Object.keys(texts), telegramChatIds: [], linkedin: false };
    const result = await sendShare({
      db,
      jobs,
      channels: dependencies.channels,
      userId,
      shareId,
      destinations,
      now,
      log,
    });
    if (result.outcome !== 'queued') return finish('no_contacts', { ...counts, shareId });
    return finish('sent', { ...counts, contactCount: result.queued, shareId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'LIMIT_REACHED')
      return finish('limit_reached', { ...counts, shareId });
    // The share is written and waits in Summeris Pending, where the user can send it.
    log.warn({ err: error, userId, shareId }, 'scheduled share could not be sent');
    return finish('pending', { ...counts, shareId });
  }
}

/**
 * The minute tick: runs every user whose next run is due at `now()`, one at a time. A failure for
 * one user is logged and recorded, and does not stop the others.
 */
export async function runDueSchedules(dependencies: ScheduleRunnerDependencies): Promise<number> {
  let handled = 0;
  for (let index = 0; index < maxUsersPerTick; index += 1) {
    const now = dependencies.now();
    const claimed = await claimDueRun({ db: dependencies.db, now });
    if (claimed === 'none') break;
    if (claimed === 'skipped') continue;
    try {
      await runScheduleForUser({ dependencies, userId: claimed.userId, schedule: claimed.schedule, now });
    } catch (error) {
      dependencies.log.warn({ err: error, userId: claimed.userId }, 'scheduled run failed');
      const lastScheduledRun = emptyRun(now, 'failed');
      await updateSettings({ db: dependencies.db, userId: claimed.userId, values: { lastScheduledRun } }).catch(
        () => {},
      );
    }
    handled += 1;
  }
  return handled;
}
