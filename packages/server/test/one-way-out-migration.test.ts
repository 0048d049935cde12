import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { findIdeas } from '../src/features/ideas/ideas-service.ts';

/**
 * Migration 0009_one_way_out on a database holding Telegram and LinkedIn posts of the earlier model:
 * the database is made by the migrations up to 0008, given rows of the old shape, then migrated to
 * the end, and every post is found again as a delivery of a share.
 */
const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

/** The shipped migrations up to and including `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'life-updates-migrations-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

const userId = 'owner-one-way-out';
const idea = (n: number) => `e0000000-0000-4000-8000-00000000000${n}`;
const chatRowId = '7c000000-0000-4000-8000-000000000001';
const telegramShareId = '50000000-0000-4000-8000-000000000001';
const post = (n: number) => `11000000-0000-4000-8000-00000000000${n}`;
const scheduledAt = '2030-01-02T03:04:05.000Z';

const oldRows = `
insert into users (id, name, email) values ('${userId}', 'Olga', 'olga@example.com');
insert into events (id, user_id, content, title, status, linkedin_post_url, created_at) values
  ('${idea(1)}', '${userId}', 'Told the channel about the move', 'Told the channel', 'sent', null, '2026-11-01T10:00:00Z'),
  ('${idea(2)}', '${userId}', 'Posted the new job on LinkedIn', 'New job', 'sent', 'https://www.linkedin.com/feed/update/urn:li:share:9/', '2026-11-02T10:00:00Z'),
  ('${idea(3)}', '${userId}', 'The garden in spring', 'Garden', 'raw_ideas', null, '2026-11-03T10:00:00Z');
insert into linkedin_connections (user_id, member_id, name, access_token_encrypted, expires_at)
  values ('${userId}', 'member-1', 'Olga Petrova', 'v1.not-used-here', '2031-01-01T00:00:00Z');
insert into telegram_channels (id, user_id, chat_id, title, username, type)
  values ('${chatRowId}', '${userId}', -1001234567890, 'Olga''s channel', 'olgachannel', 'channel');
insert into pending_shares (id, user_id, status, events_ids, events, summaries, source)
  values ('${telegramShareId}', '${userId}', 'saved_for_later', '["${idea(1)}"]',
    '[{"id": "${idea(1)}", "title": "Told the channel"}]', '{"summary": "We moved to Lisbon!"}', 'manual');
insert into telegram_posts (user_id, channel_id, share_id, event_ids, chat_id, message_ids, message_link, created_at)
  values ('${userId}', '${chatRowId}', '${telegramShareId}', '["${idea(1)}"]', -1001234567890, '[42, 43]',
    'https://t.me/olgachannel/42', '2026-11-01T11:00:00Z');
insert into telegram_posts (user_id, channel_id, share_id, event_ids, chat_id, message_ids, message_link, created_at)
  values ('${userId}', '${chatRowId}', null, '["${idea(3)}"]', -1001234567890, '[50]',
    'https://t.me/olgachannel/50', '2026-11-04T11:00:00Z');
insert into linkedin_posts (id, user_id, event_ids, text, publish_at, status, job_id, post_urn, post_url, error_key, error_values, published_at) values
  ('${post(1)}', '${userId}', '["${idea(3)}", "${idea(2)}"]', 'Scheduled: spring and the job', '${scheduledAt}', 'scheduled', 'job-1', null, null, null, null, null),
  ('${post(2)}', '${userId}', '["${idea(2)}"]', 'I started a new job', '2026-11-02T11:00:00Z', 'published', null, 'urn:li:share:9', 'https://www.linkedin.com/feed/update/urn:li:share:9/', null, null, '2026-11-02T11:00:01Z'),
  ('${post(3)}', '${userId}', '["${idea(3)}"]', 'Refused by LinkedIn', '2026-11-03T11:00:00Z', 'failed', null, null, null, 'linkedin.errors.versionRetired', '{"version": "202501"}', null),
  ('${post(4)}', '${userId}', '["${idea(3)}"]', 'Cancelled before its time', '2030-01-01T00:00:00Z', 'cancelled', null, null, null, null, null, null);
`;

describe('migration 0009_one_way_out', () => {
  it('carries Telegram and LinkedIn posts over as deliveries of shares, and drops what they replace', async () => {
    const pglite = new PGlite();
    cleanups.push(() => void pglite.close());
    const db = drizzle(pglite, { schema });
    await migrate(db, { migrationsFolder: migrationsUpTo('0008_passkeys') });
    await pglite.exec(oldRows);

    await migrate(db, { migrationsFolder: migrationsUpTo('0009_one_way_out') });
    const rows = async (text: string) => (await pglite.query<Record<string, unknown>>(text)).rows;

    // The Telegram post: a published delivery of its share, which went out.
    expect(await rows(`select * from deliveries where share_id = '${telegramShareId}'`)).toEqual([
      expect.objectContaining({
        user_id: userId,
        channel: 'telegram',
        chat_id: chatRowId,
        recipient_name: "Olga's channel",
        recipient_email: null,
        body: 'We moved to Lisbon!',
        status: 'published',
        attempts: 1,
        provider_message_id: '42,43',
        link: 'https://t.me/olgachannel/42',
        sent_at: new Date('2026-11-01T11:00:00Z'),
      }),
    ]);
    expect(await rows(`select status, sent_at from pending_shares where id = '${telegramShareId}'`)).toEqual([
      { status: 'sent', sent_at: new Date('2026-11-01T11:00:00Z') },
    ]);

    // A Telegram post whose share had been deleted: a sent share of its ideas, with its delivery.
    expect(
      await rows(`
        select s.status, s.events_ids, s.events->0->>'title' as title, s.source, s.sent_at, d.status as delivery_status, d.link
        from deliveries d join pending_shares s on s.id = d.share_id where d.link = 'https://t.me/olgachannel/50'`),
    ).toEqual([
      {
        status: 'sent',
        events_ids: [idea(3)],
        title: 'Garden',
        source: 'telegram',
        sent_at: new Date('2026-11-04T11:00:00Z'),
        delivery_status: 'published',
        link: 'https://t.me/olgachannel/50',
      },
    ]);

    // Each LinkedIn post but the cancelled one: a share of its ideas with one LinkedIn delivery.
    const linkedinShares = await rows(`
      select s.status, s.events_ids, s.events, s.summaries, s.contact_ids, s.source, s.send_at, s.sent_at,
        d.channel, d.status as delivery_status, d.recipient_name, d.body, d.link, d.provider_message_id,
        d.error_key, d.error_values, d.failure_kind
      from pending_shares s join deliveries d on d.share_id = s.id
      where s.source = 'linkedin' order by s.created_at, d.body`);
    expect(linkedinShares.map((row) => row.body).sort()).toEqual([
      'I started a new job',
      'Refused by LinkedIn',
      'Scheduled: spring and the job',
    ]);
    const byText = (text: string) => linkedinShares.find((row) => row.body === text)!;
    const common = { channel: 'linkedin', recipient_name: 'Olga Petrova', contact_ids: [] };
    expect(byText('Scheduled: spring and the job')).toMatchObject({
      ...common,
      status: 'scheduled',
      delivery_status: 'queued',
      events_ids: [idea(3), idea(2)],
      summaries: { summary: 'Scheduled: spring and the job' },
      send_at: new Date(scheduledAt),
      sent_at: null,
      link: null,
    });
    // The ideas' snapshot, in the post's order.
    expect(
      (byText('Scheduled: spring and the job').events as Array<{ id: string; title: string }>).map((item) => [
        item.id,
        item.title,
      ]),
    ).toEqual([
      [idea(3), 'Garden'],
      [idea(2), 'New job'],
    ]);
    expect(byText('I started a new job')).toMatchObject({
      ...common,
      status: 'sent',
      delivery_status: 'published',
      events_ids: [idea(2)],
      summaries: { summary: 'I started a new job' },
      send_at: null,
      sent_at: new Date('2026-11-02T11:00:01Z'),
      link: 'https://www.linkedin.com/feed/update/urn:li:share:9/',
      provider_message_id: 'urn:li:share:9',
      error_key: null,
    });
    expect(byText('Refused by LinkedIn')).toMatchObject({
      ...common,
      status: 'failed',
      delivery_status: 'failed',
      error_key: 'linkedin.errors.versionRetired',
      error_values: { version: '202501' },
      failure_kind: 'permanent',
      send_at: null,
    });
    expect(await rows(`select * from deliveries where body = 'Cancelled before its time'`)).toEqual([]);

    // What the deliveries replace is gone.
    expect(
      await rows(
        `select table_name from information_schema.tables where table_schema = 'public' and table_name in ('telegram_posts', 'linkedin_posts', 'email_deliveries')`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        `select column_name from information_schema.columns where table_name = 'events' and column_name = 'linkedin_post_url'`,
      ),
    ).toEqual([]);

    // The ideas list (on the schema of every migration) still shows the post an idea was published
    // in, from its delivery.
    await migrate(db, { migrationsFolder });
    const { ideas } = await findIdeas({ db: db as unknown as Database, userId });
    expect(Object.fromEntries(ideas.map((item) => [item.id, item.linkedinPostUrl]))).toEqual({
      [idea(1)]: null,
      [idea(2)]: 'https://www.linkedin.com/feed/update/urn:li:share:9/',
      [idea(3)]: null,
    });
  });
});
