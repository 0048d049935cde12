import { photoListSchema } from '@life-updates/contract/photos';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhoto, listPhotos, smallPng, storedImage, uploadPhotos } from '../../../test/photo-uploads.ts';
import { createIdea, createTestApp, createUser, type TestApp } from '../../../test/test-app.ts';
import { createFileMediaStorage } from '../../providers/media-storage/file-media-storage.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import { orphanMinAgeMs, sweepOrphanedPhotoFiles } from './orphaned-photo-files.ts';

const hours = (count: number) => count * 60 * 60 * 1000;
const temporaryDirectories: string[] = [];
function temporaryDirectory() {
  const directory = mkdtempSync(path.join(tmpdir(), 'life-updates-sweep-'));
  temporaryDirectories.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

/** A file under MEDIA_DIR, written `ageMs` ago. */
function writeFileAged(mediaDir: string, key: string, ageMs: number) {
  const file = path.join(mediaDir, ...key.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'bytes');
  const time = new Date(Date.now() - ageMs);
  utimesSync(file, time, time);
}

/** Makes every file under MEDIA_DIR `ageMs` old. */
async function ageAll(storage: MediaStorage, mediaDir: string, ageMs: number) {
  for await (const { key } of storage.list()) {
    const time = new Date(Date.now() - ageMs);
    utimesSync(path.join(mediaDir, ...key.split('/')), time, time);
  }
}

const isStored = (mediaDir: string, key: string) => existsSync(path.join(mediaDir, ...key.split('/')));

describe('the orphaned photo files sweep, on disk', () => {
  let testApp: TestApp;
  let mediaDir: string;
  let storage: MediaStorage;
  beforeAll(async () => {
    testApp = await createTestApp();
    mediaDir = testApp.config.MEDIA_DIR;
    storage = testApp.app.deps.media;
  });
  afterAll(() => testApp.close());

  it('deletes old files no photo names, and keeps the photos, fresh files and files that are not photos', async () => {
    const user = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, user);
    const photo = await addPhoto(testApp.app, user, ideaId, await smallPng());
    const kept = [`${user.id}/${ideaId}/${photo.id}.jpg`, `${user.id}/${ideaId}/${photo.id}-thumbnail.jpg`];
    // What a crash between storing the files and committing the row leaves: files no row names.
    const orphan = randomUUID();
    const orphans = [
      `${user.id}/${ideaId}/${orphan}.jpg`,
      `${user.id}/${ideaId}/${orphan}-thumbnail.jpg`,
      // A write cut short on disk, beside a photo that was stored.
      `${user.id}/${ideaId}/${photo.id}.jpg.${randomUUID()}.partial`,
      // An idea deleted while its upload was stuck.
      `${user.id}/${randomUUID()}/${randomUUID()}.jpg`,
    ];
    const fresh = `${user.id}/${ideaId}/${randomUUID()}.jpg`;
    const notPhotos = ['README.txt', `${user.id}/notes.jpg`, `${user.id}/${ideaId}/holiday.jpg`];
    await ageAll(storage, mediaDir, hours(2));
    for (const key of [...orphans, ...notPhotos]) writeFileAged(mediaDir, key, hours(2));
    writeFileAged(mediaDir, fresh, orphanMinAgeMs - 60_000);

    const deleted = await sweepOrphanedPhotoFiles({ db: testApp.database.db, storage });
    expect(deleted.sort()).toEqual([...orphans].sort());
    for (const key of orphans) expect(isStored(mediaDir, key), key).toBe(false);
    for (const key of [...kept, fresh, ...notPhotos]) expect(isStored(mediaDir, key), key).toBe(true);
    // The photo is served as before.
    await storedImage(testApp.app, user, photo);

    // A second sweep finds nothing more.
    expect(await sweepOrphanedPhotoFiles({ db: testApp.database.db, storage })).toEqual([]);
  });

  it('lists what is stored, under a prefix or everywhere, with when it was written', async () => {
    const user = await createUser(testApp.app);
    const ideaId = await createIdea(testApp.app, user);
    const photo = await addPhoto(testApp.app, user, ideaId, await smallPng());
    const listed = [];
    for await (const file of storage.list(user.id)) listed.push(file);
    expect(listed.map(({ key }) => key).sort()).toEqual([
      `${user.id}/${ideaId}/${photo.id}-thumbnail.jpg`,
      `${user.id}/${ideaId}/${photo.id}.jpg`,
    ]);
    for (const { modifiedAt } of listed) expect(Date.now() - modifiedAt.getTime()).toBeLessThan(60_000);
    const everything = [];
    for await (const { key } of storage.list()) everything.push(key);
    expect(everything).toEqual(expect.arrayContaining(listed.map(({ key }) => key)));
    const none = [];
    for await (const file of storage.list('no-such-user')) none.push(file);
    expect(none).toEqual([]);
  });
});

describe('an upload in progress while the sweep runs', () => {
  it('keeps its files: they are stored before its row is committed, and are fresh', async () => {
    const mediaDir = temporaryDirectory();
    const disk = createFileMediaStorage(mediaDir);
    // Holds the upload after its image is stored, inside its transaction, until the sweep has run.
    let stored!: () => void;
    const imageStored = new Promise<void>((resolve) => (stored = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const media: MediaStorage = {
      ...disk,
      async put(key, body, contentType) {
        await disk.put(key, body, contentType);
        if (!key.endsWith('-thumbnail.jpg')) {
          stored();
          await released;
        }
      },
    };
    const testApp = await createTestApp({ env: { MEDIA_DIR: mediaDir }, media });
    try {
      const user = await createUser(testApp.app);
      const ideaId = await createIdea(testApp.app, user);
      const uploading = uploadPhotos(testApp.app, user, ideaId, [await smallPng()]);
      await imageStored;
      const inProgress = [];
      for await (const { key } of disk.list(user.id)) inProgress.push(key);
      expect(inProgress).toHaveLength(1);

      expect(await sweepOrphanedPhotoFiles({ db: testApp.database.db, storage: disk })).toEqual([]);
      expect(isStored(mediaDir, inProgress[0]!)).toBe(true);

      release();
      const response = await uploading;
      expect(response.statusCode, response.body).toBe(201);
      const [photo] = photoListSchema.parse(response.json()).photos;
      await storedImage(testApp.app, user, photo!);
      // Once committed, its files are named: a sweep long after keeps them too.
      const later = new Date(Date.now() + hours(2));
      expect(await sweepOrphanedPhotoFiles({ db: testApp.database.db, storage: disk, now: later })).toEqual([]);
      expect(isStored(mediaDir, `${user.id}/${ideaId}/${photo!.id}.jpg`)).toBe(true);
    } finally {
      release();
      await testApp.close();
    }
  });
});

describe('a removed photo whose file cannot be deleted', () => {
  it('is removed all the same, and its files are left to the sweep', async () => {
    const mediaDir = temporaryDirectory();
    const disk = createFileMediaStorage(mediaDir);
    const media: MediaStorage = {
      ...disk,
      async delete() {
        throw new Error('the disk refused');
      },
    };
    const testApp = await createTestApp({ env: { MEDIA_DIR: mediaDir }, media });
    try {
      const user = await createUser(testApp.app);
      const ideaId = await createIdea(testApp.app, user);
      const response = await uploadPhotos(testApp.app, user, ideaId, [await smallPng()]);
      expect(response.statusCode, response.body).toBe(201);
      const [photo] = photoListSchema.parse(response.json()).photos;
      const remove = await testApp.app.inject({ method: 'DELETE', url: photo!.url, headers: user.headers });
      expect(remove.statusCode, remove.body).toBe(204);
      expect(await listPhotos(testApp.app, user, ideaId)).toEqual([]);
      const key = `${user.id}/${ideaId}/${photo!.id}.jpg`;
      expect(isStored(mediaDir, key)).toBe(true);
      const later = new Date(Date.now() + hours(2));
      const swept = await sweepOrphanedPhotoFiles({ db: testApp.database.db, storage: disk, now: later });
      expect(swept).toContain(key);
      expect(isStored(mediaDir, key)).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});

describe('the sweep job', () => {
  it('is scheduled daily, and runs at start-up', async () => {
    const mediaDir = temporaryDirectory();
    const orphan = `some-user/${randomUUID()}/${randomUUID()}.jpg`;
    writeFileAged(mediaDir, orphan, hours(3));
    const testApp = await createTestApp({ env: { MEDIA_DIR: mediaDir }, withJobs: true });
    try {
      const schedules = await testApp.jobs!.getSchedules();
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
        'photo-file-sweep',
        '23 4 * * *',
      ]);
      for (let waited = 0; isStored(mediaDir, orphan); waited += 200) {
        if (waited > 30_000) throw new Error('the start-up sweep never deleted the orphaned file');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(isStored(mediaDir, orphan)).toBe(false);
    } finally {
      await testApp.close();
    }
  }, 60_000);
});
