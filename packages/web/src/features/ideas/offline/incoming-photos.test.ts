import { IDBFactory } from 'fake-indexeddb';
import { File as PlatformFile } from 'node:buffer';
import { beforeEach, describe, expect, it } from 'vitest';
import { noteMissedIncomingPhotos, storeIncomingPhotos, takeIncomingPhotos } from './incoming-photos';

/*
 * IndexedDB in memory (fake-indexeddb), a new one for each test. The files are Node's own File, which
 * the structured clone that IndexedDB stores with copies, bytes and all, as a browser does; jsdom's
 * File is not cloneable.
 */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const photo = (name: string, type = 'image/jpeg', bytes = [1, 2, 3]) =>
  new PlatformFile([new Uint8Array(bytes)], name, { type }) as unknown as File;

const summary = async (waiting: { files: File[]; leftOut: number; missed: number }) => ({
  names: waiting.files.map((file) => file.name),
  leftOut: waiting.leftOut,
  missed: waiting.missed,
});

describe('the photos shared into the app', () => {
  it('are kept with their names, types and bytes, in order, and taken once', async () => {
    await storeIncomingPhotos([photo('tram.jpg', 'image/jpeg', [9, 8, 7]), photo('river.png', 'image/png')]);
    const taken = await takeIncomingPhotos();
    expect(await summary(taken)).toEqual({ names: ['tram.jpg', 'river.png'], leftOut: 0, missed: 0 });
    expect(taken.files.map((file) => file.type)).toEqual(['image/jpeg', 'image/png']);
    expect([...new Uint8Array(await taken.files[0]!.arrayBuffer())]).toEqual([9, 8, 7]);
    expect(await summary(await takeIncomingPhotos())).toEqual({ names: [], leftOut: 0, missed: 0 });
  });

  it('keep an idea’s worth of images and count what is left out; an empty part is no file', async () => {
    const photos = Array.from({ length: 12 }, (_, index) => photo(`photo-${index}.jpg`));
    const kept = await storeIncomingPhotos([
      photo('notes.txt', 'text/plain'),
      ...photos,
      photo('', 'application/octet-stream', []),
    ]);
    expect(kept.files).toHaveLength(10);
    const taken = await takeIncomingPhotos();
    expect(await summary(taken)).toEqual({
      names: photos.slice(0, 10).map((file) => file.name),
      leftOut: 3,
      missed: 0,
    });
  });

  it('of a newer share replace those of one the form never took', async () => {
    await storeIncomingPhotos([photo('old-1.jpg'), photo('old-2.jpg')]);
    await storeIncomingPhotos([photo('new.jpg')]);
    expect((await takeIncomingPhotos()).files.map((file) => file.name)).toEqual(['new.jpg']);
  });

  it('that reached the server instead are a count, with no files', async () => {
    await storeIncomingPhotos([photo('earlier.jpg')]);
    await noteMissedIncomingPhotos(3);
    expect(await summary(await takeIncomingPhotos())).toEqual({ names: [], leftOut: 0, missed: 3 });
  });

  it('go to one of two readers that take at the same time', async () => {
    await storeIncomingPhotos([photo('once.jpg')]);
    const [first, second] = await Promise.all([takeIncomingPhotos(), takeIncomingPhotos()]);
    expect([first.files.length, second.files.length].sort()).toEqual([0, 1]);
  });
});
