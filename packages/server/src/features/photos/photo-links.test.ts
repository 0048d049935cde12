import { photoListSchema } from '@life-updates/contract/photos';
import { beforeEach, describe, expect, it } from 'vitest';
import { plainPng, uploadPhotos } from '../../../test/photo-uploads.ts';
import { createUser, testAppForFile, type TestUser } from '../../../test/test-app.ts';
import { createPhotoLinkToken } from './photo-link-token.ts';

const testApp = testAppForFile();
let owner: TestUser;
let photoId: string;

const later = () => new Date(Date.now() + 24 * 60 * 60 * 1000);
const tokenFor = (id: string, expiresAt: Date, appSecret = testApp.config.APP_SECRET) =>
  createPhotoLinkToken({ appSecret, userId: owner.id, photoId: id, expiresAt });
const open = (token: string, acceptLanguage?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/photo-links/${token}`,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

/** The headers of every page a link answers instead of its photo. */
function expectPlainPage(response: Awaited<ReturnType<typeof open>>, status: number, lang: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['content-security-policy']).toContain("object-src 'none'");
  expect(response.body).toMatch(/^<!doctype html>/);
  expect(response.body).toContain(`<html lang="${lang}">`);
  expect(response.body).not.toContain('<script');
}

beforeEach(async () => {
  owner = await createUser(testApp.app);
  const idea = await testApp.app.inject({
    method: 'POST',
    url: '/api/ideas',
    headers: owner.headers,
    payload: { content: 'A day at the sea' },
  });
  expect(idea.statusCode, idea.body).toBe(201);
  const ideaId = (idea.json() as { id: string }).id;
  const upload = await uploadPhotos(testApp.app, owner, ideaId, [{ name: 'sea.png', bytes: await plainPng() }]);
  expect(upload.statusCode, upload.body).toBe(201);
  photoId = photoListSchema.parse(upload.json()).photos[0]!.id;
});

async function setOwnerLocale(locale: 'en' | 'ru') {
  const response = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: owner.headers,
    payload: { locale },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a link to a photo in an email', () => {
  it('returns the image while it is valid', async () => {
    const response = await open(tokenFor(photoId, later()));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const stored = await testApp.app.inject({ method: 'GET', url: `/api/photos/${photoId}`, headers: owner.headers });
    expect(response.rawPayload.equals(stored.rawPayload)).toBe(true);
  });

  it('shows a page in the reader’s language, with status 404, for a forged or altered link', async () => {
    const genuine = tokenFor(photoId, later());
    const [payload, signature] = genuine.split('.') as [string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${payload}.${flipped}`,
      payload,
      tokenFor(photoId, later(), 'another-secret-that-is-long-enough-0123456789'),
      'not-a-token',
      // Longer than a path parameter may be, or broken into two parts.
      `${genuine}${'A'.repeat(20)}`,
      `${payload}/${signature}`,
    ];
    for (const token of forged) {
      const english = await open(token);
      expectPlainPage(english, 404, 'en');
      expect(english.body).toContain('<h1>Photo not available</h1>');
      expect(english.body).toContain('This photo link is not valid, or the photo has been removed.');
    }
    // Nothing tells whose photo a forged link names: the reader's browser language.
    const russian = await open(`${payload}.${flipped}`, 'ru-RU,ru;q=0.9,en;q=0.5');
    expectPlainPage(russian, 404, 'ru');
    expect(russian.body).toContain('<h1>Фото недоступно</h1>');
  });

  it('shows a page with status 410 for a genuine link that has expired, in the language of its mail', async () => {
    await setOwnerLocale('ru');
    const expired = tokenFor(photoId, new Date(Date.now() - 1000));
    // The owner's language wins over the reader's browser: the page goes with the mail.
    const response = await open(expired, 'en-GB,en');
    expectPlainPage(response, 410, 'ru');
    expect(response.body).toContain('<title>Срок ссылки истёк</title>');
    expect(response.body).toContain(
      '<p>Срок действия этой ссылки на фото истёк. Попросите фото у того, кто прислал вам новости.</p>',
    );

    await setOwnerLocale('en');
    const english = await open(expired, 'ru');
    expectPlainPage(english, 410, 'en');
    expect(english.body).toContain('<h1>Link expired</h1>');
  });

  it('shows the 404 page once the photo is deleted', async () => {
    const token = tokenFor(photoId, later());
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/photos/${photoId}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const response = await open(token);
    expectPlainPage(response, 404, 'en');
    expect(response.body).toContain('<h1>Photo not available</h1>');
  });
});
