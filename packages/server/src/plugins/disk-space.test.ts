import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ideaPhotos, ideas, users } from '../db/schema.ts';
import { createDiskSpace } from '../lib/disk-space.ts';
import { createFileMediaStorage } from '../providers/media-storage/file-media-storage.ts';
import { smallPng, uploadPhotos } from '../../test/photo-uploads.ts';
import {
  createIdea,
  createTestApp,
  createUser,
  openTestDatabase,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

// Writes are refused while the disk of DATA_DIR is nearly full. The free space comes from
// a stand-in for statfs here (a full disk cannot be made without root); the last test reads the real
// disk, and scripts/full-disk-probe.mjs fills a real one.
const megabyte = 1024 * 1024;
let freeBytes = 10 * megabyte;
let statfsCalls = 0;
const readFreeSpace = async () => {
  statfsCalls += 1;
  return { bavail: freeBytes / 4096, bsize: 4096 };
};

let testApp: TestApp;
let user: TestUser;

beforeAll(async () => {
  testApp = await createTestApp({
    diskSpace: createDiskSpace({ directory: '/data', marginBytes: 64 * megabyte, maxAgeMs: 0, readFreeSpace }),
  });
  freeBytes = 1024 * megabyte;
  user = await createUser(testApp.app);
});
afterAll(async () => {
  await testApp.close();
});

const postIdea = (headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/ideas',
    headers: { ...user.headers, ...headers },
    payload: { content: 'Ran a marathon' },
  });

describe('a nearly full disk', () => {
  it("refuses every write with 507 and the catalogue's message, in the request's language; reads go on", async () => {
    freeBytes = 63 * megabyte;

    const refused = await postIdea();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      code: 'DISK_FULL',
      message: "The server's disk is full, so nothing new can be saved. Please tell the server's administrator.",
    });
    const inRussian = await postIdea({ 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(inRussian.statusCode).toBe(507);
    expect(inRussian.json()).toEqual({
      code: 'DISK_FULL',
      message: 'Диск сервера заполнен, поэтому сохранить что-то новое нельзя. Сообщите об этом администратору сервера.',
    });
    // Signing up, the auth routes, deleting: every method that may write.
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'new@example.com', name: 'New', password: 'Passw0rd!' },
    });
    expect(signUp.statusCode).toBe(507);
    const remove = await testApp.app.inject({ method: 'DELETE', url: '/api/ideas/some-id', headers: user.headers });
    expect(remove.statusCode).toBe(507);

    expect(await testApp.database.db.select().from(ideas)).toEqual([]);
    const list = await testApp.app.inject({ method: 'GET', url: '/api/ideas', headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('accepts writes again once space is freed', async () => {
    freeBytes = 65 * megabyte;
    const accepted = await postIdea();
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe('the free-space check', () => {
  it('asks the file system at most once per interval, however many requests come at once', async () => {
    const diskSpace = createDiskSpace({ directory: '/data', marginBytes: 64 * megabyte, readFreeSpace });
    freeBytes = 10 * megabyte;
    statfsCalls = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => diskSpace.isLow()));
    expect(answers.every(Boolean)).toBe(true);
    expect(await diskSpace.isLow()).toBe(true);
    expect(statfsCalls).toBe(1);
  });

  it('reports when the disk drops under the margin and when it comes back, once each', async () => {
    const changes: { isLow: boolean; freeBytes: number }[] = [];
    const diskSpace = createDiskSpace({
      directory: '/data',
      marginBytes: 64 * megabyte,
      maxAgeMs: 0,
      readFreeSpace,
      onChange: (change) => changes.push(change),
    });
    for (const free of [100, 50, 40, 70, 80]) {
      freeBytes = free * megabyte;
      await diskSpace.isLow();
    }
    expect(changes).toEqual([
      { isLow: true, freeBytes: 50 * megabyte },
      { isLow: false, freeBytes: 70 * megabyte },
    ]);
  });

  it('DISK_FREE_MARGIN_MB is read from the real disk of DATA_DIR for the embedded database (64 MB unless set)', async () => {
    expect(loadConfig({ APP_SECRET: 'x'.repeat(40) }).DISK_FREE_MARGIN_MB).toBe(64);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'life-updates-disk-'));
    const { bavail, bsize } = await statfs(dataDir);
    const free = Math.floor((bavail * bsize) / megabyte);
    const memoryDatabase = await openTestDatabase();
    const apps = await Promise.all(
      [free + 1024, 1].map((margin) =>
        buildApp({
          config: loadConfig({
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            APP_SECRET: 'x'.repeat(40),
            DISK_FREE_MARGIN_MB: String(margin),
          }),
          // An embedded database on that disk, as the server opens it, as far as the check can tell.
          database: { ...memoryDatabase, dataDir },
          webDistDir: null,
        }),
      ),
    );
    try {
      const [underMargin, overMargin] = await Promise.all(
        apps.map((app) =>
          app.inject({
            method: 'POST',
            url: '/api/contact-us',
            payload: { name: 'Ann', email: 'ann@example.com', subject: 'Hello there', message: 'Is there room?' },
          }),
        ),
      );
      expect(underMargin!.statusCode).toBe(507);
      expect(overMargin!.statusCode, overMargin!.body).toBe(200);
    } finally {
      for (const app of apps) await app.close();
      await memoryDatabase.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('with the margin off, the disk’s own "no space" errors', () => {
  // DISK_FREE_MARGIN_MB=0: nothing is refused beforehand, so a write meets the full disk itself.
  // These were a 500 "Something went wrong"; now they are the margin's 507. A photo's file really is
  // written to a full device (/dev/full, where every write fails with ENOSPC); PostgreSQL raises
  // its real disk_full error (SQLSTATE 53100, as when a table cannot grow) from a trigger.
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'life-updates-full-media-'));
  const fileStorage = createFileMediaStorage(mediaDir);
  let marginOff: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    marginOff = await createTestApp({
      diskSpace: null,
      media: { ...fileStorage, put: (_key, body) => writeFile('/dev/full', body) },
    });
    owner = await createUser(marginOff.app);
  });
  afterAll(async () => {
    await marginOff.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });
  const diskFullAnswer = {
    code: 'DISK_FULL',
    message: "The server's disk is full, so nothing new can be saved. Please tell the server's administrator.",
  };
  /** Makes PostgreSQL answer every insert into the table as it does when the table's file cannot grow. */
  const failInsertsInto = async (table: string) => {
    await marginOff.database.db.execute(
      sql.raw(`create function disk_is_full() returns trigger language plpgsql as $$
        begin
          raise exception 'could not extend file "base/5/16384": No space left on device' using errcode = 'disk_full';
        end $$`),
    );
    await marginOff.database.db.execute(
      sql.raw(`create trigger disk_is_full before insert on ${table} for each row execute function disk_is_full()`),
    );
  };
  const stopFailing = async (table: string) => {
    await marginOff.database.db.execute(sql.raw(`drop trigger disk_is_full on ${table}`));
    await marginOff.database.db.execute(sql.raw('drop function disk_is_full()'));
  };

  it('a photo whose file cannot be written (ENOSPC) is a 507, and no row names it', async () => {
    const ideaId = await createIdea(marginOff.app, owner, 'A day at the sea');
    const response = await uploadPhotos(marginOff.app, owner, ideaId, [await smallPng()]);
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json()).toEqual(diskFullAnswer);
    expect(await marginOff.database.db.select().from(ideaPhotos)).toEqual([]);
  });

  it('PostgreSQL’s disk_full (53100) on an app route and on sign-up is a 507, in the request’s language', async () => {
    await failInsertsInto('ideas');
    try {
      const refused = await marginOff.app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: { ...owner.headers, 'accept-language': 'ru' },
        payload: { content: 'Ran a marathon' },
      });
      expect(refused.statusCode, refused.body).toBe(507);
      expect(refused.json()).toEqual({
        code: 'DISK_FULL',
        message:
          'Диск сервера заполнен, поэтому сохранить что-то новое нельзя. Сообщите об этом администратору сервера.',
      });
    } finally {
      await stopFailing('ideas');
    }
    await failInsertsInto('users');
    try {
      const signedUp = await signUp(marginOff.app, { email: 'no-room@example.com' });
      expect(signedUp.statusCode, signedUp.body).toBe(507);
      expect(signedUp.json()).toEqual(diskFullAnswer);
    } finally {
      await stopFailing('users');
    }
    expect(await marginOff.database.db.$count(users)).toBe(1);
    // Once there is room again, the same writes work.
    expect((await signUp(marginOff.app, { email: 'room-again@example.com' })).statusCode).toBe(200);
  });
});
