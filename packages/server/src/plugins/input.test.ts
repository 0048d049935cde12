import { describe, expect, it } from 'vitest';
import { createUser, nextClientIp, testAppForFile, testBaseUrl, type TestUser } from '../../test/test-app.ts';

// Wide JSON is read like any other; only nesting deeper than 32 levels is refused before the routes.
// An array of 130,000 numbers used to be a 500 before sign-in: the depth check spread each array
// into a call's arguments, which overflowed the stack.
const testApp = testAppForFile();
const wideArray = `[${'1,'.repeat(199_999)}1]`;
const wideObject = (keys: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, index) => [index.toString(36), 1])));

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextClientIp(),
    headers: { origin: testBaseUrl, 'content-type': 'application/json', ...headers },
    payload,
  });

let user: TestUser;
const signedIn = () => user.headers;

describe('wide JSON bodies', () => {
  it('a 200,000-element array is refused by the route, not a 500: sign-in and an app route', async () => {
    user = await createUser(testApp.app);
    const signIn = await post('/api/auth/sign-in/email', wideArray);
    expect(signIn.statusCode, signIn.body).toBe(400);
    expect(signIn.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid email or password' });

    const idea = await post('/api/ideas', wideArray, signedIn());
    expect(idea.statusCode, idea.body).toBe(400);
    expect(idea.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // Inside an object too, on better-auth's own endpoints.
    const inside = await post('/api/auth/sign-up/email', `{"name":${wideArray}}`);
    expect(inside.statusCode, inside.body).toBe(400);
  });

  it('a 200,000-key object is refused by the route, or by the body limit, not a 500', async () => {
    // The contacts import takes up to 5 MiB, so the whole object reaches the checks and the route.
    const imported = await post('/api/contacts/import', wideObject(200_000), signedIn());
    expect(imported.statusCode, imported.body).toBe(400);
    expect(imported.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const inside = await post('/api/contacts/import', `{"contacts":[${wideObject(200_000)}]}`, signedIn());
    expect(inside.statusCode, inside.body).toBe(400);

    // 200,000 keys do not fit in 1 MiB: the body limit answers, in the catalogue's words.
    const signIn = await post('/api/auth/sign-in/email', wideObject(200_000), { 'accept-language': 'ru' });
    expect(signIn.statusCode, signIn.body).toBe(413);
    expect(signIn.json()).toEqual({ code: 'BODY_TOO_LARGE', message: 'Запрос слишком велик для сервера.' });
    // The widest object that fits reaches the route.
    const fits = await post('/api/auth/sign-in/email', wideObject(110_000));
    expect(fits.statusCode, fits.body).toBe(400);
    const idea = await post('/api/ideas', wideObject(110_000), signedIn());
    expect(idea.statusCode, idea.body).toBe(400);
  });

  it('nesting deeper than 32 levels is a 400 that says so; 32 levels are read', async () => {
    const nested = (levels: number) =>
      `{"email":"a@example.com","password":"x","extra":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const deep = await post('/api/auth/sign-in/email', nested(33));
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request nests objects or arrays more than 32 levels deep.',
    });
    const inRussian = await post('/api/ideas', nested(5000), { ...signedIn(), 'accept-language': 'ru' });
    expect(inRussian.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'В запросе объекты или массивы вложены глубже 32 уровней.',
    });
    const deepest = await post('/api/auth/sign-in/email', nested(32));
    expect(deepest.statusCode, deepest.body).toBe(401);
  });
});
