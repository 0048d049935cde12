import { preferenceFallbacks } from '@life-updates/contract/preferences';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForDeliveries } from '../doubles/email-fixtures.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../test-app.ts';
import { apiEndpoints, methodOf, pathOf, type ApiEndpoint, type OwnedIds } from './api-endpoints.ts';
import type { Template } from '@life-updates/contract/templates';
import { createAs, createOtherSession, createPhoto, createShare, createTemplate } from './owned-resources.ts';
import { snapshotRows } from './snapshots.ts';

/**
 * A user can never read or change another user's rows. User A owns one of each
 * resource (ideas, a contact, a sent share with its deliveries and outbox message, a pending
 * share, a custom email-structure template); user B calls every endpoint of the table with A's ids.
 */
let testApp: TestApp;
let owner: TestUser;
let intruder: TestUser;
/** A's resources: a pending share, and a sent one with deliveries. */
let pendingIds: OwnedIds;
let sentIds: OwnedIds;
/** A's custom template as created; it must read the same after every call of B's. */
let ownerTemplate: Template;
/** Text that only A's rows contain. */
const ownerMarkers: string[] = [];

function call(endpoint: ApiEndpoint, user: TestUser | null, ids: OwnedIds) {
  const body = endpoint.body?.(ids);
  return testApp.app.inject({
    method: methodOf(endpoint),
    url: pathOf(endpoint, ids),
    headers: user ? user.headers : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function expectErrorShape(response: LightMyRequestResponse) {
  const body = response.json() as { code?: unknown; message?: unknown };
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
}

beforeAll(async () => {
  testApp = await createTestApp({ withJobs: true });
  const { app } = testApp;
  owner = await createUser(app);
  intruder = await createUser(app);
  const sentIdea = await createAs(app, owner, '/api/ideas', { content: 'Owner secret idea lisbon-7731' });
  const pendingIdea = await createAs(app, owner, '/api/ideas', { content: 'Owner second idea porto-5512' });
  const contact = await createAs(app, owner, '/api/contacts', {
    name: 'Owner Friend',
    email: 'owner.friend.9931@example.com',
  });
  const sentShare = await createShare(app, owner, {
    ideaId: sentIdea.id,
    text: 'Owner post braga-1204',
    action: 'approve',
  });
  const pendingShare = await createShare(app, owner, { ideaId: pendingIdea.id, text: 'Owner post faro-8842' });
  ownerTemplate = await createTemplate(app, owner, {
    name: 'Owner structure evora-3307',
    template: 'Dear {{name}}, evora-3307: {{events}}',
  });

  const send = await app.inject({
    method: 'POST',
    url: `/api/shares/${sentShare.id}/send`,
    headers: owner.headers,
    payload: { destinations: { contactIds: [contact.id] }, subject: 'Owner subject' },
  });
  if (send.statusCode !== 200) throw new Error(`send: ${send.body}`);
  const delivered = await waitForDeliveries(app, owner, sentShare.id);
  if (delivered.counts.sent !== 1) throw new Error(`delivery: ${JSON.stringify(delivered)}`);

  const common = {
    userId: owner.id,
    contactId: contact.id,
    templateId: ownerTemplate.id,
    photoId: await createPhoto(app, owner, pendingIdea.id),
    sessionId: await createOtherSession(app, owner),
  };
  pendingIds = { ...common, ideaId: pendingIdea.id, shareId: pendingShare.id };
  sentIds = { ...common, ideaId: sentIdea.id, shareId: sentShare.id };
  ownerMarkers.push(
    owner.email,
    owner.id,
    sentIdea.id,
    pendingIdea.id,
    contact.id,
    sentShare.id,
    pendingShare.id,
    ownerTemplate.id,
    common.sessionId,
    common.photoId,
    'lisbon-7731',
    'porto-5512',
    'owner.friend.9931',
    'braga-1204',
    'faro-8842',
    'Owner subject',
    'evora-3307',
  );
});
afterAll(async () => {
  await testApp?.close();
});

/** A's custom template as A reads it now (undefined when it is gone). */
async function readOwnerTemplate() {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/templates', headers: owner.headers });
  expect(response.statusCode).toBe(200);
  const { templates } = response.json() as { templates: Template[] };
  return templates.find((template) => template.id === ownerTemplate.id);
}

describe('another user with the owner’s ids', () => {
  const ownedIdRoutes = apiEndpoints.filter((endpoint) => endpoint.access === 'owned-id');

  it.each(ownedIdRoutes.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s → 403 / 404, nothing of the owner’s changes',
    async (_route, endpoint) => {
      const before = await snapshotRows(testApp.database.db, owner.id);
      for (const ids of [pendingIds, sentIds]) {
        const response = await call(endpoint, intruder, ids);
        if (endpoint.foreignIdAnswer !== undefined) {
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual(endpoint.foreignIdAnswer);
          continue;
        }
        expect([403, 404], `${endpoint.route}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
        expectErrorShape(response);
        for (const marker of ownerMarkers.slice(2)) expect(response.body).not.toContain(marker);
      }
      expect(await snapshotRows(testApp.database.db, owner.id)).toEqual(before);
      // Spelled out for the template rows (PUT / DELETE /api/templates/{id} name A's template).
      expect(await readOwnerTemplate()).toEqual(ownerTemplate);
    },
  );
});

describe('the other user’s own data', () => {
  const ownDataRoutes = apiEndpoints.filter((endpoint) => endpoint.access === 'own-data' && !endpoint.isNotJson);

  it.each(ownDataRoutes.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s shows and changes only the caller’s rows',
    async (_route, endpoint) => {
      const before = await snapshotRows(testApp.database.db, owner.id);
      // The body is built from the owner's ids, to try smuggling them in.
      const response = await call(endpoint, intruder, pendingIds);
      expect(response.statusCode, response.body).toBeLessThan(500);
      for (const marker of ownerMarkers) expect(response.body).not.toContain(marker);
      expect(await snapshotRows(testApp.database.db, owner.id)).toEqual(before);
    },
  );

  it('the contacts export holds none of the owner’s contacts', async () => {
    for (const format of ['csv', 'vcard']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/contacts/export?format=${format}`,
        headers: intruder.headers,
      });
      expect(response.statusCode).toBe(200);
      for (const marker of ownerMarkers) expect(response.body).not.toContain(marker);
    }
  });

  it('sending one’s own share to the owner’s contact reaches nobody', async () => {
    const { app } = testApp;
    const idea = await app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: intruder.headers,
      payload: { content: 'Intruder idea' },
    });
    const share = await app.inject({
      method: 'POST',
      url: '/api/shares/approve',
      headers: intruder.headers,
      payload: {
        ideaIds: [(idea.json() as { id: string }).id],
        text: 'Intruder text',
        preferences: preferenceFallbacks,
      },
    });
    const shareId = (share.json() as { share: { id: string } }).share.id;
    const before = await snapshotRows(app.deps.database.db, owner.id);
    const send = await app.inject({
      method: 'POST',
      url: `/api/shares/${shareId}/send`,
      headers: intruder.headers,
      payload: { destinations: { contactIds: [pendingIds.contactId] } },
    });
    expect(send.statusCode).toBeLessThan(500);
    if (send.statusCode === 200) expect(send.json()).toMatchObject({ queued: 0 });
    expect(send.body).not.toContain('owner.friend.9931');
    expect(await snapshotRows(app.deps.database.db, owner.id)).toEqual(before);
  });

  it('the owner still sees all of it', async () => {
    const list = await testApp.app.inject({ method: 'GET', url: '/api/ideas', headers: owner.headers });
    expect(list.body).toContain('lisbon-7731');
    expect(list.body).toContain('porto-5512');
    const contact = await testApp.app.inject({
      method: 'GET',
      url: `/api/contacts/${pendingIds.contactId}`,
      headers: owner.headers,
    });
    expect(contact.statusCode).toBe(200);
    const deliveries = await testApp.app.inject({
      method: 'GET',
      url: `/api/shares/${sentIds.shareId}/deliveries`,
      headers: owner.headers,
    });
    expect(deliveries.json()).toMatchObject({ counts: { sent: 1 } });
    const outbox = await testApp.app.inject({ method: 'GET', url: '/api/outbox', headers: owner.headers });
    expect(outbox.body).toContain('owner.friend.9931');
  });
});

describe('signed out', () => {
  const privateRoutes = apiEndpoints.filter((endpoint) => endpoint.access !== 'public');

  it.each(privateRoutes.map((endpoint) => [endpoint.route, endpoint] as const))(
    '%s → 401',
    async (_route, endpoint) => {
      const before = await snapshotRows(testApp.database.db, null);
      const response = await call(endpoint, null, pendingIds);
      expect(response.statusCode, response.body).toBe(401);
      expectErrorShape(response);
      expect(await snapshotRows(testApp.database.db, null)).toEqual(before);
    },
  );

  it('a forged or expired session cookie is no session', async () => {
    for (const cookie of [
      'better-auth.session_token=forged.value',
      `${owner.cookie}x`,
      // The token's first character changed (to another one, whatever it was).
      owner.cookie.replace(/=(.)/, (_, first: string) => (first === 'Z' ? '=Y' : '=Z')),
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/ideas', headers: { cookie } });
      expect(response.statusCode).toBe(401);
    }
  });
});
