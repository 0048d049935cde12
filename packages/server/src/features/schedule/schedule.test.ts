import type { ScheduleResponse, ScheduleSaveResponse, ScheduleUpdate } from '@life-updates/contract/schedule';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, startAppWithSmtp, waitForDeliveries } from '../../../test/doubles/email-fixtures.ts';
import { createIdea, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { contacts, deliveries, ideas, shares, userSettings } from '../../db/schema.ts';
import { getMonthlyUsage } from '../usage/usage-service.ts';
import { runDueSchedules } from './schedule-runner.ts';
import { scheduleQueue } from './schedule-worker.ts';

let smtp: Awaited<ReturnType<typeof startAppWithSmtp>>['smtp'];
let testApp: TestApp;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  ({ smtp, testApp, close: closeApp } = await startAppWithSmtp());
});
afterAll(() => closeApp());

const quietLog = { error: () => {}, warn: () => {} };
/** Runs the minute tick as if the clock read `at`. */
const tick = (at: string) =>
  runDueSchedules({
    db: testApp.database.db,
    config: testApp.config,
    generators: testApp.app.deps.generators,
    channels: testApp.app.deps.channels,
    jobs: testApp.jobs,
    now: () => new Date(at),
    log: quietLog,
  });

async function request(user: TestUser, method: 'GET' | 'PUT', payload?: object, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method, url: '/api/schedule', headers: { ...user.headers, ...headers }, payload });
}

const weeklyInBerlin = (startDate: string, overrides: Partial<ScheduleUpdate> = {}): ScheduleUpdate => ({
  frequency: 'weekly',
  startDate,
  startTime: '09:00',
  autoSend: false,
  selectedContacts: 'all',
  timeZone: 'Europe/Berlin',
  ...overrides,
});

async function addContact(user: TestUser, name: string, email: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: user.headers,
    payload: { name, email, relationship: 'friend' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; email: string };
}

async function addIdea(user: TestUser, content: string, status: 'approved' | 'raw' = 'approved') {
  const id = await createIdea(testApp.app, user, content);
  // Ready, as Approve & Finish leaves an idea (without the share it would write: the schedule makes its own).
  if (status !== 'raw') await testApp.database.db.update(ideas).set({ status }).where(eq(ideas.id, id));
  return id;
}

async function saveSchedule(user: TestUser, update: ScheduleUpdate) {
  const response = await request(user, 'PUT', update);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ScheduleSaveResponse;
}

const sharesOf = (userId: string) => testApp.database.db.select().from(shares).where(eq(shares.userId, userId));
const statusesOf = async (ids: string[]) =>
  (await testApp.database.db.select({ status: ideas.status }).from(ideas).where(inArray(ideas.id, ids))).map(
    (row) => row.status,
  );
const scheduleOf = async (user: TestUser) => (await request(user, 'GET')).json() as ScheduleResponse;

describe('GET/PUT /api/schedule', () => {
  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/schedule' });
    expect(response.statusCode).toBe(401);
  });

  it('shows the default schedule, not yet running, until the user saves', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    const response = await request(user, 'GET');
    expect(response.statusCode).toBe(200);
    const body = response.json() as ScheduleResponse;
    expect(body).toMatchObject({
      schedule: { frequency: 'weekly', startTime: '09:00', autoSend: false, selectedContacts: 'all' },
      timeZone: null,
      isSaved: false,
      nextRunAt: null,
      lastRun: null,
    });
    expect(body.schedule.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses bad input with the field’s message, in the user’s language', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    const valid = weeklyInBerlin('2030-03-25');
    const cases: Array<[object, string, string]> = [
      [{ frequency: 'hourly' }, 'frequency', 'Frequency must be daily, weekly or monthly'],
      [{ startDate: '' }, 'startDate', 'Start date is required'],
      [{ startDate: '2030-02-30' }, 'startDate', 'Enter a valid start date'],
      [{ startTime: '9am' }, 'startTime', 'Enter the start time as HH:MM'],
      [{ autoSend: 'yes' }, 'autoSend', 'Automatic sharing must be on or off'],
      [{ selectedContacts: 'some' }, 'selectedContacts', 'Choose all contacts or a list of contacts'],
      [{ timeZone: 'Europe/Atlantis' }, 'timeZone', 'Choose a valid time zone'],
    ];
    for (const [change, field, message] of cases) {
      const response = await request(user, 'PUT', { ...valid, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    }
    const russian = await request(user, 'PUT', { ...valid, frequency: 'hourly' }, { 'accept-language': 'ru' });
    expect(russian.json()).toMatchObject({ message: 'Частота должна быть ежедневной, еженедельной или ежемесячной' });
    expect((await scheduleOf(user)).isSaved).toBe(false);
  });

  it('saves the schedule with the success message and the next run in the user’s time zone', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    const other = await createVerifiedUser(testApp.app, testApp.database.db);
    const bob = await addContact(user, 'Bob', 'bob.save@example.com');
    const stranger = await addContact(other, 'Stranger', 'stranger@example.com');

    const saved = await saveSchedule(
      user,
      weeklyInBerlin('2030-03-25', { selectedContacts: [bob.id, stranger.id, bob.id] }),
    );
    expect(saved.message).toBe('Sharing schedule saved successfully');
    // Monday 09:00 CET.
    expect(saved.nextRunAt).toBe('2030-03-25T08:00:00.000Z');
    expect(saved.schedule.selectedContacts).toEqual([bob.id]);

    const reread = await scheduleOf(user);
    expect(reread).toMatchObject({
      isSaved: true,
      timeZone: 'Europe/Berlin',
      nextRunAt: '2030-03-25T08:00:00.000Z',
      schedule: { frequency: 'weekly', startDate: '2030-03-25', startTime: '09:00', selectedContacts: [bob.id] },
    });
    const russian = await request(user, 'PUT', weeklyInBerlin('2030-03-25'), { 'accept-language': 'ru' });
    expect((russian.json() as ScheduleSaveResponse).message).toBe('Расписание рассылки успешно сохранено');
  });
});

describe('the scheduled run', () => {
  it('is ticked every minute by the job queue’s cron', async () => {
    const schedules = await testApp.jobs!.getSchedules(scheduleQueue);
    expect(schedules.map((entry) => entry.cron)).toEqual(['* * * * *']);
  });

  it('does nothing but record "nothing to share" when no idea is Ready, and keeps 09:00 across the DST change', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    await addContact(user, 'Bob', 'bob.nothing@example.com');
    const rawIdea = await addIdea(user, 'Still thinking about this one', 'raw');
    await saveSchedule(user, weeklyInBerlin('2030-03-25'));

    await tick('2030-03-25T07:59:00Z');
    expect((await scheduleOf(user)).lastRun).toBeNull();

    await tick('2030-03-25T08:00:30Z');
    const after = await scheduleOf(user);
    expect(after.lastRun).toEqual({
      at: '2030-03-25T08:00:30.000Z',
      outcome: 'nothing_to_share',
      shareId: null,
      ideaCount: 0,
      contactCount: 0,
    });
    // Europe/Berlin moves to summer time on 2030-03-31: the next Monday 09:00 is 07:00 UTC.
    expect(after.nextRunAt).toBe('2030-04-01T07:00:00.000Z');
    expect(await sharesOf(user.id)).toHaveLength(0);
    expect(await statusesOf([rawIdea])).toEqual(['raw']);
  });

  it('with Automatic Sharing off, leaves a pending share for the selected contacts and the ideas unchanged', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    const bob = await addContact(user, 'Bob', 'bob.pending@example.com');
    const carol = await addContact(user, 'Carol', 'carol.pending@example.com');
    await addContact(user, 'Dan', 'dan.pending@example.com');
    const ideas = [await addIdea(user, 'We moved to Lisbon last week'), await addIdea(user, 'Started a pottery class')];
    const raw = await addIdea(user, 'Not ready yet', 'raw');
    await saveSchedule(user, weeklyInBerlin('2030-04-01', { selectedContacts: [bob.id, carol.id] }));

    // Two instances ticking at once take the run once.
    await Promise.all([tick('2030-04-01T07:00:10Z'), tick('2030-04-01T07:00:10Z')]);

    const shares = await sharesOf(user.id);
    expect(shares).toHaveLength(1);
    const [share] = shares;
    expect(share).toMatchObject({
      status: 'generated',
      source: 'schedule',
      ideaIds: ideas,
      contactIds: [bob.id, carol.id],
    });
    expect(Object.keys(share!.texts).sort()).toEqual([bob.id, carol.id].sort());
    expect(share!.texts[bob.id]).toContain('Lisbon');
    expect(share!.texts[bob.id]).toContain('Bob');
    expect(share!.texts[carol.id]).toContain('Carol');
    expect(await statusesOf(ideas)).toEqual(['approved', 'approved']);
    expect(await statusesOf([raw])).toEqual(['raw']);
    expect(await testApp.database.db.select().from(deliveries).where(eq(deliveries.userId, user.id))).toHaveLength(0);
    expect(smtp.to('bob.pending@example.com')).toHaveLength(0);
    const schedule = await scheduleOf(user);
    expect(schedule.lastRun).toMatchObject({ outcome: 'pending', shareId: share!.id, ideaCount: 2, contactCount: 2 });
    expect(schedule.nextRunAt).toBe('2030-04-08T07:00:00.000Z');

    // The same ideas already wait in Summeris: the next run does not make a second share of them.
    await tick('2030-04-08T07:01:00Z');
    expect(await sharesOf(user.id)).toHaveLength(1);
    expect((await scheduleOf(user)).lastRun).toMatchObject({ outcome: 'nothing_to_share' });
  });

  it('with Automatic Sharing on, sends through the pipeline, counts the share and marks the ideas sent', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db, { name: 'Ann Lee' });
    await addContact(user, 'Bob', 'bob.auto@example.com');
    await addContact(user, 'Carol', 'carol.auto@example.com');
    const ideas = [await addIdea(user, 'Our daughter learned to ride a bike')];
    await saveSchedule(user, weeklyInBerlin('2030-04-02', { autoSend: true, frequency: 'daily', startTime: '18:45' }));

    await tick('2030-04-02T16:45:00Z');
    const [share] = await sharesOf(user.id);
    expect(share).toBeDefined();
    const done = await waitForDeliveries(testApp.app, user, share!.id);
    expect(done.counts).toMatchObject({ total: 2, sent: 2, failed: 0 });
    expect(done.shareStatus).toBe('sent');
    for (const address of ['bob.auto@example.com', 'carol.auto@example.com']) {
      const received = smtp.to(address);
      expect(received).toHaveLength(1);
      expect(received[0]!.mail.text).toContain('bike');
    }
    expect(await statusesOf(ideas)).toEqual(['sent']);
    expect(await getMonthlyUsage({ db: testApp.database.db, userId: user.id })).toMatchObject({ used: 1 });
    const schedule = await scheduleOf(user);
    expect(schedule.lastRun).toMatchObject({ outcome: 'sent', shareId: share!.id, ideaCount: 1, contactCount: 2 });
    expect(schedule.nextRunAt).toBe('2030-04-03T16:45:00.000Z');
  });

  it('leaves out contacts who unsubscribed or bounce, with the List-Unsubscribe header on what it sends', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db, { name: 'Ann Lee' });
    const bob = await addContact(user, 'Bob', 'bob.skip@example.com');
    const carol = await addContact(user, 'Carol', 'carol.skip@example.com');
    const dan = await addContact(user, 'Dan', 'dan.skip@example.com');
    await db.update(contacts).set({ unsubscribedAt: new Date() }).where(eq(contacts.id, bob.id));
    await db.update(contacts).set({ bouncedAt: new Date() }).where(eq(contacts.id, dan.id));
    await addIdea(user, 'We planted an apple tree');
    await saveSchedule(user, weeklyInBerlin('2030-04-04', { autoSend: true }));

    await tick('2030-04-04T07:00:30Z');
    const [share] = await sharesOf(user.id);
    expect(share!.contactIds).toEqual([carol.id]);
    expect(Object.keys(share!.texts)).toEqual([carol.id]);
    await waitForDeliveries(testApp.app, user, share!.id);
    expect(smtp.to('bob.skip@example.com')).toHaveLength(0);
    expect(smtp.to('dan.skip@example.com')).toHaveLength(0);
    const [received] = smtp.to('carol.skip@example.com');
    expect(received!.mail.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(true);
    expect((await scheduleOf(user)).lastRun).toMatchObject({
      outcome: 'sent',
      contactCount: 1,
      skippedUnsubscribed: 1,
      skippedBouncing: 1,
    });
  });

  it('over the monthly limit, keeps the share pending and records why', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    await addContact(user, 'Bob', 'bob.limit@example.com');
    const ideas = [await addIdea(user, 'A new job at the harbour')];
    await saveSchedule(user, weeklyInBerlin('2030-04-03', { autoSend: true, frequency: 'monthly' }));
    // The limit an admin sets; zero means every send is over it.
    await testApp.database.db
      .update(userSettings)
      .set({ monthlyShareLimit: 0 })
      .where(eq(userSettings.userId, user.id));

    await tick('2030-04-03T07:00:00Z');
    const [share] = await sharesOf(user.id);
    expect(share).toMatchObject({ status: 'generated', source: 'schedule' });
    expect(await testApp.database.db.select().from(deliveries).where(eq(deliveries.userId, user.id))).toHaveLength(0);
    expect(smtp.to('bob.limit@example.com')).toHaveLength(0);
    expect(await statusesOf(ideas)).toEqual(['approved']);
    const schedule = await scheduleOf(user);
    expect(schedule.lastRun).toMatchObject({ outcome: 'limit_reached', shareId: share!.id });
    expect(schedule.nextRunAt).toBe('2030-05-03T07:00:00.000Z');
  });

  it('runs only the due user: another user’s ideas, shares and schedule are untouched', async () => {
    const db = testApp.database.db;
    const ann = await createVerifiedUser(testApp.app, db);
    const ben = await createVerifiedUser(testApp.app, db);
    const annContact = await addContact(ann, 'Bob', 'bob.ann@example.com');
    await addContact(ben, 'Zed', 'zed.ben@example.com');
    await addIdea(ann, 'Ann ran a marathon');
    const benIdea = await addIdea(ben, 'Ben bought a boat');
    await saveSchedule(ann, weeklyInBerlin('2030-04-04'));
    await saveSchedule(ben, weeklyInBerlin('2030-04-05'));

    await tick('2030-04-04T07:00:00Z');
    const [annShare] = await sharesOf(ann.id);
    expect(annShare!.contactIds).toEqual([annContact.id]);
    expect(JSON.stringify(annShare!.texts)).not.toContain('boat');
    expect(await sharesOf(ben.id)).toHaveLength(0);
    expect(await statusesOf([benIdea])).toEqual(['approved']);
    const benSchedule = await scheduleOf(ben);
    expect(benSchedule.lastRun).toBeNull();
    expect(benSchedule.nextRunAt).toBe('2030-04-05T07:00:00.000Z');
    const [benSettings] = await db
      .select({ lastRun: userSettings.lastScheduledRun })
      .from(userSettings)
      .where(and(eq(userSettings.userId, ben.id)));
    expect(benSettings!.lastRun).toBeNull();
  });

  it('with no contact chosen, shares nothing and says so', async () => {
    const user = await createVerifiedUser(testApp.app, testApp.database.db);
    await addContact(user, 'Bob', 'bob.none@example.com');
    const ideas = [await addIdea(user, 'Painted the kitchen')];
    await saveSchedule(user, weeklyInBerlin('2030-04-06', { selectedContacts: [] }));
    await tick('2030-04-06T07:00:00Z');
    expect(await sharesOf(user.id)).toHaveLength(0);
    expect(await statusesOf(ideas)).toEqual(['approved']);
    expect((await scheduleOf(user)).lastRun).toMatchObject({ outcome: 'no_contacts', ideaCount: 1, contactCount: 0 });
  });
});
