import { parseContactsCsv, parseContactsVcard } from '@life-updates/contract/contact-files';
import type { ShareDeliveriesResponse } from '@life-updates/contract/shares';
import type { IdeaList } from '@life-updates/contract/ideas';
import type { TemplateListResponse } from '@life-updates/contract/templates';
import type { Photo } from '@life-updates/contract/photos';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhoto, addPhotos, describePhoto, plainPng } from '../../../test/photo-uploads.ts';
import { createAs, createShare } from '../../../test/security/owned-resources.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.ts';

let testApp: TestApp;
let user: TestUser;
let other: TestUser;
let firstIdeaId: string;
let photos: Photo[];
let otherPhoto: Photo;

beforeAll(async () => {
  testApp = await createTestApp({ withJobs: true });
  const { app } = testApp;
  other = await createUser(app);
  user = await createUser(app);
  await createAs(app, other, '/api/ideas', { content: 'The other user’s idea marker-4410' });
  await createAs(app, other, '/api/contacts', { name: 'Other Friend', email: 'other.friend.4410@example.com' });

  const first = await createAs(app, user, '/api/ideas', { content: 'Мы переехали в Лиссабон', tags: ['move'] });
  firstIdeaId = first.id;
  await createAs(app, user, '/api/ideas', { content: '=SUM(1,2) is how I plan the budget' });
  photos = await addPhotos(app, user, first.id, [
    { name: 'red.png', bytes: await plainPng(40, 30, '#ff0000'), type: 'image/png' },
    { name: 'blue.png', bytes: await plainPng(30, 40, '#0000ff'), type: 'image/png' },
  ]);
  await describePhoto(app, user, photos[1]!, 'The view from the new flat');
  const otherIdea = await createAs(app, other, '/api/ideas', { content: 'The other user’s photo' });
  otherPhoto = await addPhoto(app, other, otherIdea.id, {
    name: 'green.png',
    bytes: await plainPng(10, 10, '#00ff00'),
    type: 'image/png',
  });
  const anna = await createAs(app, user, '/api/contacts', {
    name: 'Anna Petrova',
    email: 'anna@example.com',
    phone: '+351 900 000 001',
  });
  await createAs(app, user, '/api/contacts', { name: 'Bob Stone', email: 'bob@example.com', relationship: 'friend' });
  const template = await app.inject({
    method: 'POST',
    url: '/api/templates',
    headers: user.headers,
    payload: { name: 'Family letter', template: 'Dear {{name}}, {{events}}', isDefault: true },
  });
  expect(template.statusCode).toBe(201);
  const share = await createShare(app, user, { ideaId: first.id, text: 'We moved to Lisbon!', action: 'approve' });
  const sent = await app.inject({
    method: 'POST',
    url: `/api/shares/${share.id}/send`,
    headers: user.headers,
    payload: { destinations: { contactIds: [anna.id] }, subject: 'Big news' },
  });
  expect(sent.statusCode).toBe(200);
  // The delivery worker marks the idea sent once the email goes out: export what is settled.
  const statusOfFirst = async () => {
    const list = await app.inject({ method: 'GET', url: '/api/ideas', headers: user.headers });
    return (list.json() as IdeaList).ideas.find((idea) => idea.id === first.id)?.status;
  };
  for (let waited = 0; (await statusOfFirst()) !== 'sent'; waited += 100) {
    if (waited > 20_000) throw new Error('the sent idea was never marked sent');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await testApp.close();
});

const get = async <T>(url: string) => {
  const response = await testApp.app.inject({ method: 'GET', url, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
};
const csvRows = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;

describe('export my data', () => {
  it('is one zip of JSON and CSV files holding what the user made, and nothing of anyone else’s', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/account/export', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="life-updates-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(response.rawPayload)))
        .filter(([name]) => !name.startsWith('photos/'))
        .map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
    );
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.json',
      'contacts.csv',
      'contacts.vcf',
      'ideas.csv',
      'ideas.json',
      'photos.json',
      'sent-texts.json',
      'settings.json',
      'shares.csv',
      'shares.json',
      'templates.csv',
      'templates.json',
    ]);
    expect(files['README.txt']).toContain('photos.json');
    expect(files['README.txt']).toContain('sent-texts.json');
    // The sent share's text, kept as an example of the user's voice.
    expect(JSON.parse(files['sent-texts.json']!)).toMatchObject([{ text: 'We moved to Lisbon!' }]);
    for (const text of Object.values(files)) {
      expect(text).not.toContain('marker-4410');
      expect(text).not.toContain(other.id);
    }

    expect(JSON.parse(files['account.json']!)).toMatchObject({ id: user.id, email: user.email });
    expect(JSON.parse(files['settings.json']!)).toMatchObject({ monthlyShareLimit: 10, hasEmailApiKey: false });

    const { ideas } = await get<IdeaList>('/api/ideas');
    const exportedIdeas = JSON.parse(files['ideas.json']!) as {
      id: string;
      content: string;
      status: string;
      tags: string[];
    }[];
    expect(
      exportedIdeas
        .map(({ id, content, status, tags }) => ({ id, content, status, tags }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual(
      ideas
        .map(({ id, content, status, tags }) => ({ id, content, status, tags }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    const ideaCsv = csvRows(files['ideas.csv']!);
    expect(ideaCsv.map((row) => row.content).sort()).toEqual([
      "'=SUM(1,2) is how I plan the budget",
      'Мы переехали в Лиссабон',
    ]);

    // Contacts: the same files the contacts export gives, read back by the app's own importers.
    const { contacts } = await get<{ contacts: { name: string; email: string; phone: string | null }[] }>(
      '/api/contacts',
    );
    const expected = contacts.map(({ name, email }) => ({ name, email })).sort((a, b) => a.name.localeCompare(b.name));
    const fromCsv = parseContactsCsv(files['contacts.csv']!);
    expect(fromCsv.errors).toEqual([]);
    expect(fromCsv.contacts.map(({ contact }) => ({ name: contact.name, email: contact.email }))).toEqual(expected);
    const fromVcard = parseContactsVcard(files['contacts.vcf']!);
    expect(fromVcard.contacts.map(({ contact }) => ({ name: contact.name, email: contact.email }))).toEqual(expected);
    const csvExport = await testApp.app.inject({
      method: 'GET',
      url: '/api/contacts/export?format=csv',
      headers: user.headers,
    });
    expect(files['contacts.csv']).toBe(csvExport.rawPayload.toString('utf8'));

    const { templates } = await get<TemplateListResponse>('/api/templates');
    const mine = templates.filter((template) => !template.isBuiltIn);
    expect(JSON.parse(files['templates.json']!)).toEqual(
      mine.map((template) =>
        expect.objectContaining({
          id: template.id,
          name: 'Family letter',
          template: template.template,
          isDefault: true,
        }),
      ),
    );
    expect(csvRows(files['templates.csv']!)).toEqual([
      expect.objectContaining({ name: 'Family letter', isDefault: 'true' }),
    ]);

    const exportedShares = JSON.parse(files['shares.json']!) as {
      id: string;
      subject: string;
      texts: Record<string, string>;
      destinations: { email: string; status: string }[];
    }[];
    expect(exportedShares).toHaveLength(1);
    const deliveries = await get<ShareDeliveriesResponse>(`/api/shares/${exportedShares[0]!.id}/deliveries`);
    expect(exportedShares[0]).toMatchObject({ subject: 'Big news' });
    expect(Object.values(exportedShares[0]!.texts)).toContain('We moved to Lisbon!');
    expect(exportedShares[0]!.destinations).toEqual(
      deliveries.deliveries.map((delivery) =>
        expect.objectContaining({ email: delivery.recipientEmail, status: delivery.status }),
      ),
    );
    expect(csvRows(files['shares.csv']!)).toEqual([
      expect.objectContaining({
        recipientName: 'Anna Petrova',
        recipientEmail: 'anna@example.com',
        subject: 'Big news',
      }),
    ]);
  });

  it('holds the photos on the ideas: each file as stored, and photos.json with its idea, order and alt text', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/account/export', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const listed = JSON.parse(Buffer.from(entries['photos.json']!).toString('utf8')) as {
      id: string;
      ideaId: string;
      position: number;
      alt: string | null;
      width: number;
      height: number;
      file: string | null;
    }[];
    expect(listed).toEqual([
      expect.objectContaining({
        id: photos[0]!.id,
        ideaId: firstIdeaId,
        position: 0,
        alt: null,
        width: 40,
        height: 30,
        file: `photos/${firstIdeaId}/01-${photos[0]!.id}.jpg`,
      }),
      expect.objectContaining({
        id: photos[1]!.id,
        ideaId: firstIdeaId,
        position: 1,
        alt: 'The view from the new flat',
        width: 30,
        height: 40,
        file: `photos/${firstIdeaId}/02-${photos[1]!.id}.jpg`,
      }),
    ]);
    // The files are the bytes the app serves, and nothing of the other user's is in the zip.
    expect(
      Object.keys(entries)
        .filter((name) => name.startsWith('photos/'))
        .sort(),
    ).toEqual(listed.map((photo) => photo.file).sort());
    for (const [index, photo] of listed.entries()) {
      const served = await testApp.app.inject({ method: 'GET', url: photos[index]!.url, headers: user.headers });
      expect(Buffer.from(entries[photo.file!]!).equals(served.rawPayload)).toBe(true);
      expect(await sharp(Buffer.from(entries[photo.file!]!)).metadata()).toMatchObject({
        format: 'jpeg',
        width: photo.width,
      });
    }
    expect(JSON.stringify(Object.keys(entries))).not.toContain(otherPhoto.id);
    expect(Buffer.from(entries['photos.json']!).toString('utf8')).not.toContain(otherPhoto.id);
  });

  it('lists a photo whose file is missing with no file, and still answers', async () => {
    const key = `${user.id}/${firstIdeaId}/${photos[0]!.id}.jpg`;
    const original = await testApp.app.deps.media.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of original!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    await testApp.app.deps.media.delete(key);
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/account/export', headers: user.headers });
      expect(response.statusCode).toBe(200);
      const entries = unzipSync(new Uint8Array(response.rawPayload));
      const listed = JSON.parse(Buffer.from(entries['photos.json']!).toString('utf8')) as { file: string | null }[];
      expect(listed.map((photo) => photo.file)).toEqual([null, `photos/${firstIdeaId}/02-${photos[1]!.id}.jpg`]);
      expect(Object.keys(entries).filter((name) => name.startsWith('photos/'))).toHaveLength(1);
    } finally {
      await testApp.app.deps.media.put(key, Buffer.concat(chunks), 'image/jpeg');
    }
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(response.statusCode).toBe(401);
  });
});
