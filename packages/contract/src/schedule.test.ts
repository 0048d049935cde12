import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  defaultSchedule,
  isTimeZone,
  nextRunAt,
  scheduleSchema,
  scheduleUpdateSchema,
  zonedTimeToInstant,
  type Schedule,
} from './schedule.ts';

const schedule = (overrides: Partial<Schedule>): Schedule => ({ ...defaultSchedule('2025-01-06'), ...overrides });
const next = (overrides: Partial<Schedule>, timeZone: string, after: string) =>
  nextRunAt({ schedule: schedule(overrides), timeZone, after: new Date(after) }).toISOString();

describe('nextRunAt', () => {
  it('runs daily at the start time, strictly after the given instant', () => {
    const daily = { frequency: 'daily', startDate: '2025-03-10', startTime: '09:00' } as const;
    expect(next(daily, 'UTC', '2025-03-01T00:00:00Z')).toBe('2025-03-10T09:00:00.000Z');
    expect(next(daily, 'UTC', '2025-03-12T08:59:00Z')).toBe('2025-03-12T09:00:00.000Z');
    expect(next(daily, 'UTC', '2025-03-12T09:00:00Z')).toBe('2025-03-13T09:00:00.000Z');
  });

  it('runs weekly on the start date’s weekday', () => {
    // 2025-01-06 is a Monday.
    const weekly = { frequency: 'weekly', startDate: '2025-01-06', startTime: '18:30' } as const;
    expect(next(weekly, 'UTC', '2025-01-06T18:29:00Z')).toBe('2025-01-06T18:30:00.000Z');
    expect(next(weekly, 'UTC', '2025-01-06T18:30:00Z')).toBe('2025-01-13T18:30:00.000Z');
    expect(next(weekly, 'UTC', '2025-02-05T12:00:00Z')).toBe('2025-02-10T18:30:00.000Z');
  });

  it('waits for a start date in the future', () => {
    expect(
      next({ frequency: 'weekly', startDate: '2031-07-04', startTime: '07:15' }, 'UTC', '2025-01-01T00:00:00Z'),
    ).toBe('2031-07-04T07:15:00.000Z');
    expect(
      next({ frequency: 'monthly', startDate: '2031-07-31', startTime: '07:15' }, 'Asia/Tokyo', '2025-01-01T00:00:00Z'),
    ).toBe('2031-07-30T22:15:00.000Z');
  });

  it('runs monthly on the start day, on the last day of a month that lacks it', () => {
    const monthly = { frequency: 'monthly', startDate: '2025-01-31', startTime: '10:00' } as const;
    expect(next(monthly, 'UTC', '2025-01-31T10:00:00Z')).toBe('2025-02-28T10:00:00.000Z');
    expect(next(monthly, 'UTC', '2025-02-28T10:00:00Z')).toBe('2025-03-31T10:00:00.000Z');
    expect(next(monthly, 'UTC', '2025-04-01T00:00:00Z')).toBe('2025-04-30T10:00:00.000Z');
    expect(next(monthly, 'UTC', '2028-02-01T00:00:00Z')).toBe('2028-02-29T10:00:00.000Z');
    // The short month does not move later months: May is the 31st again.
    expect(next(monthly, 'UTC', '2025-04-30T10:00:00Z')).toBe('2025-05-31T10:00:00.000Z');
    expect(next(monthly, 'UTC', '2025-12-31T10:00:00Z')).toBe('2026-01-31T10:00:00.000Z');
  });

  it('keeps a weekly 09:00 in Europe/Berlin at 09:00 local across the spring and autumn changes', () => {
    // Sunday 2025-03-30 02:00 CET → 03:00 CEST.
    const weekly = { frequency: 'weekly', startDate: '2025-03-24', startTime: '09:00' } as const;
    expect(next(weekly, 'Europe/Berlin', '2025-03-24T07:59:00Z')).toBe('2025-03-24T08:00:00.000Z');
    expect(next(weekly, 'Europe/Berlin', '2025-03-24T08:00:00Z')).toBe('2025-03-31T07:00:00.000Z');
    // Sunday 2025-10-26 03:00 CEST → 02:00 CET.
    expect(next(weekly, 'Europe/Berlin', '2025-10-20T07:00:00Z')).toBe('2025-10-27T08:00:00.000Z');
  });

  it('keeps a weekly run in America/New_York on local time across the change', () => {
    // Sunday 2025-03-09 02:00 EST → 03:00 EDT; a Saturday 20:00 run moves from 01:00Z to 00:00Z.
    const weekly = { frequency: 'weekly', startDate: '2025-03-01', startTime: '20:00' } as const;
    expect(next(weekly, 'America/New_York', '2025-03-01T12:00:00Z')).toBe('2025-03-02T01:00:00.000Z');
    expect(next(weekly, 'America/New_York', '2025-03-02T01:00:00Z')).toBe('2025-03-09T01:00:00.000Z');
    expect(next(weekly, 'America/New_York', '2025-03-09T01:00:00Z')).toBe('2025-03-16T00:00:00.000Z');
  });

  it('moves a time skipped by the spring change forward by the gap, and takes the first of a repeated one', () => {
    expect(
      zonedTimeToInstant({ year: 2025, month: 3, day: 9, hour: 2, minute: 30 }, 'America/New_York').toISOString(),
    ).toBe('2025-03-09T07:30:00.000Z');
    expect(
      zonedTimeToInstant({ year: 2025, month: 11, day: 2, hour: 1, minute: 30 }, 'America/New_York').toISOString(),
    ).toBe('2025-11-02T05:30:00.000Z');
    const daily = { frequency: 'daily', startDate: '2025-03-08', startTime: '02:30' } as const;
    expect(next(daily, 'America/New_York', '2025-03-08T08:00:00Z')).toBe('2025-03-09T07:30:00.000Z');
    expect(next(daily, 'America/New_York', '2025-03-09T07:30:00Z')).toBe('2025-03-10T06:30:00.000Z');
  });

  it('walks a long way forward without drifting', () => {
    const daily = { frequency: 'daily', startDate: '2020-01-01', startTime: '23:45' } as const;
    expect(next(daily, 'Europe/Berlin', '2030-06-15T12:00:00Z')).toBe('2030-06-15T21:45:00.000Z');
  });
});

describe('schedule form schema', () => {
  it('accepts the default schedule and a list of contact ids', () => {
    expect(defaultSchedule('2025-05-01')).toEqual({
      frequency: 'weekly',
      startDate: '2025-05-01',
      startTime: '09:00',
      autoSend: false,
      selectedContacts: 'all',
    });
    expect(scheduleSchema.safeParse(defaultSchedule('2025-05-01')).success).toBe(true);
    expect(scheduleSchema.safeParse({ ...defaultSchedule('2025-05-01'), selectedContacts: ['a', 'b'] }).success).toBe(
      true,
    );
    expect(scheduleSchema.safeParse({ ...defaultSchedule('2025-05-01'), selectedContacts: [] }).success).toBe(true);
  });

  it('names the field that is wrong', () => {
    const issue = (value: object) => {
      const result = scheduleUpdateSchema.safeParse({ ...defaultSchedule('2025-05-01'), timeZone: 'UTC', ...value });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(issue({ frequency: 'hourly' })).toBe('schedule.validation.frequencyInvalid');
    expect(issue({ startDate: '' })).toBe('schedule.validation.startDateRequired');
    expect(issue({ startDate: '2025-02-30' })).toBe('schedule.validation.startDateInvalid');
    expect(issue({ startTime: '' })).toBe('schedule.validation.startTimeRequired');
    expect(issue({ startTime: '24:00' })).toBe('schedule.validation.startTimeInvalid');
    expect(issue({ autoSend: 'yes' })).toBe('schedule.validation.autoSendInvalid');
    expect(issue({ selectedContacts: 'some' })).toBe('schedule.validation.selectedContactsInvalid');
    expect(issue({ timeZone: 'Mars/Olympus' })).toBe('schedule.validation.timeZoneInvalid');
    expect(issue({})).toBeNull();
  });

  it('knows IANA time zones and the calendar date in one', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Nowhere')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(calendarDateIn('Pacific/Auckland', new Date('2025-06-30T13:00:00Z'))).toBe('2025-07-01');
    expect(calendarDateIn('America/Los_Angeles', new Date('2025-07-01T03:00:00Z'))).toBe('2025-06-30');
  });
});
