import { z } from 'zod';

// ── The sharing schedule (stored per user and run by the server) ──

export const scheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

/** The word that means "every contact" in `selectedContacts`. */
export const allContacts = 'all';

/** How many contacts one schedule may name; more than anyone keeps, small enough to bound a request. */
export const maxSelectedContacts = 1000;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** An IANA time zone name this runtime knows (Europe/Berlin, America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  if (value.trim() === '' || value.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ message: 'schedule.validation.timeZoneInvalid' })
  .refine(isTimeZone, 'schedule.validation.timeZoneInvalid');

/** The schedule form. */
export const scheduleSchema = z.object({
  frequency: z.enum(scheduleFrequencies, { message: 'schedule.validation.frequencyInvalid' }),
  startDate: z
    .string({ message: 'schedule.validation.startDateRequired' })
    .min(1, 'schedule.validation.startDateRequired')
    .refine(isCalendarDate, 'schedule.validation.startDateInvalid'),
  startTime: z
    .string({ message: 'schedule.validation.startTimeRequired' })
    .min(1, 'schedule.validation.startTimeRequired')
    .regex(timePattern, 'schedule.validation.startTimeInvalid'),
  autoSend: z.boolean({ message: 'schedule.validation.autoSendInvalid' }),
  selectedContacts: z.union(
    [
      z.literal(allContacts),
      z
        .array(z.string().min(1).max(100), { message: 'schedule.validation.selectedContactsInvalid' })
        .max(maxSelectedContacts, 'schedule.validation.selectedContactsInvalid'),
    ],
    { message: 'schedule.validation.selectedContactsInvalid' },
  ),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** PUT /api/schedule: the form plus the user's time zone, in which date and time are read. */
export const scheduleUpdateSchema = scheduleSchema.extend({ timeZone: timeZoneSchema });
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>;

/** What the last scheduled run did (shown on the Scheduling tab). */
export const scheduleRunOutcomes = [
  /** No Ready (approved) idea waited: nothing was made. */
  'nothing_to_share',
  /** No contact to share with (none selected, or none left). */
  'no_contacts',
  /** A share waits in Summeris Pending for approval (Automatic Sharing off). */
  'pending',
  /** The share was handed to the email pipeline (Automatic Sharing on). */
  'sent',
  /** Automatic Sharing on, but the monthly limit is reached: the share waits in Pending. */
  'limit_reached',
  /** The share could not be written (the AI provider failed); the ideas wait for the next run. */
  'failed',
] as const;
export type ScheduleRunOutcome = (typeof scheduleRunOutcomes)[number];

export const scheduleRunSchema = z.object({
  at: z.string(),
  outcome: z.enum(scheduleRunOutcomes),
  shareId: z.string().nullable(),
  ideaCount: z.number().int().nonnegative(),
  contactCount: z.number().int().nonnegative(),
  /** Selected contacts left out because they unsubscribed, or because mail to them bounces. */
  skippedUnsubscribed: z.number().int().nonnegative().optional(),
  skippedBouncing: z.number().int().nonnegative().optional(),
});
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

export const scheduleResponseSchema = z.object({
  schedule: scheduleSchema,
  /** Null until the user saves a schedule; the web app then offers the browser's zone. */
  timeZone: z.string().nullable(),
  /** False while the defaults are shown: a schedule runs only once it is saved. */
  isSaved: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRun: scheduleRunSchema.nullable(),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const scheduleSaveResponseSchema = scheduleResponseSchema.extend({ message: z.string() });
export type ScheduleSaveResponse = z.infer<typeof scheduleSaveResponseSchema>;

/** The default schedule: weekly, today, 09:00, automatic sharing off, all contacts. */
export function defaultSchedule(today: string): Schedule {
  return { frequency: 'weekly', startDate: today, startTime: '09:00', autoSend: false, selectedContacts: allContacts };
}

// ── Calendar arithmetic in a time zone (Intl only: the contract runs in the browser too) ──

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
function wallTimeAt(instant: number, timeZone: string): WallTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in ms (local = UTC + offset). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const hourMs = 3_600_000;

/**
 * The instant a wall-clock time happens in a zone. Across a daylight-saving change it behaves as
 * people expect (and as Temporal's "compatible" rule): a time skipped by the spring change moves
 * forward by the gap (02:30 → 03:30), a time that happens twice in autumn is the first of the two.
 */
export function zonedTimeToInstant(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets in force a day either side: a change happens at most once in between.
  const offsetBefore = offsetAt(asUtc - 24 * hourMs, timeZone);
  const offsetAfter = offsetAt(asUtc + 24 * hourMs, timeZone);
  const valid = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => asUtc - offset)
    .filter((candidate) => offsetAt(candidate, timeZone) === asUtc - candidate)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? asUtc - offsetBefore);
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone: "today" for the default start date. */
export function calendarDateIn(timeZone: string, instant: Date = new Date()): string {
  const wall = wallTimeAt(instant.getTime(), timeZone);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 of a calendar date (time-zone free). */
function dayNumber(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / (24 * hourMs));
}

function fromDayNumber(days: number): { year: number; month: number; day: number } {
  const date = new Date(days * 24 * hourMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The next scheduled run strictly after `after`: the start date at the start
 * time, then every day, every 7 days, or every month on the start date's day, all at the start
 * time on the user's wall clock in `timeZone` (so 09:00 stays 09:00 across daylight-saving
 * changes). A monthly day a month lacks (the 31st in April) becomes that month's last day.
 */
export function nextRunAt({
  schedule,
  timeZone,
  after,
}: {
  schedule: Pick<Schedule, 'frequency' | 'startDate' | 'startTime'>;
  timeZone: string;
  after: Date;
}): Date {
  const dateMatch = datePattern.exec(schedule.startDate);
  const timeMatch = timePattern.exec(schedule.startTime);
  if (!dateMatch || !timeMatch || !isCalendarDate(schedule.startDate)) throw new RangeError('invalid schedule');
  const start = { year: Number(dateMatch[1]), month: Number(dateMatch[2]), day: Number(dateMatch[3]) };
  const time = { hour: Number(timeMatch[1]), minute: Number(timeMatch[2]) };
  const afterWall = wallTimeAt(after.getTime(), timeZone);

  const occurrence = (index: number): Date => {
    let date: { year: number; month: number; day: number };
    if (schedule.frequency === 'monthly') {
      const monthIndex = start.year * 12 + (start.month - 1) + index;
      const year = Math.floor(monthIndex / 12);
      const month = (monthIndex % 12) + 1;
      date = { year, month, day: Math.min(start.day, daysInMonth(year, month)) };
    } else {
      const step = schedule.frequency === 'daily' ? 1 : 7;
      date = fromDayNumber(dayNumber(start.year, start.month, start.day) + index * step);
    }
    return zonedTimeToInstant({ ...date, ...time }, timeZone);
  };

  // Jump close to `after` (one period early, to be safe), then walk forward.
  let index: number;
  if (schedule.frequency === 'monthly') {
    index = afterWall.year * 12 + afterWall.month - (start.year * 12 + start.month) - 1;
  } else {
    const step = schedule.frequency === 'daily' ? 1 : 7;
    const elapsedDays =
      dayNumber(afterWall.year, afterWall.month, afterWall.day) - dayNumber(start.year, start.month, start.day);
    index = Math.floor(elapsedDays / step) - 1;
  }
  index = Math.max(0, index);
  let candidate = occurrence(index);
  while (candidate.getTime() <= after.getTime()) {
    index += 1;
    candidate = occurrence(index);
  }
  return candidate;
}
