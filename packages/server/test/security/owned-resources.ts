import { preferenceFallbacks } from '@life-updates/contract/preferences';
import { templateResponseSchema, type Template } from '@life-updates/contract/templates';
import type { FastifyInstance } from 'fastify';
import { addPhoto, smallPng } from '../photo-uploads.ts';
import { signIn, type TestUser } from '../test-app.ts';
import type { OwnedIds } from './api-endpoints.ts';

/** POSTs as the user and returns the created resource; a refusal fails the suite's set-up. */
export async function createAs(app: FastifyInstance, user: TestUser, url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, headers: user.headers, payload });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; share: { id: string } };
}

/** Saves the idea's text as a share; `approve` marks it ready to send, `save-for-later` keeps it pending. */
export async function createShare(
  app: FastifyInstance,
  user: TestUser,
  { ideaId, text, action = 'save-for-later' }: { ideaId: string; text: string; action?: 'approve' | 'save-for-later' },
) {
  const created = await createAs(app, user, `/api/shares/${action}`, {
    ideaIds: [ideaId],
    text,
    preferences: preferenceFallbacks,
  });
  return created.share;
}

/** Creates one custom email-structure template of the user's, through the API. */
export async function createTemplate(
  app: FastifyInstance,
  user: TestUser,
  { name, template }: { name: string; template: string },
): Promise<Template> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/templates',
    headers: user.headers,
    payload: { name, template, isDefault: false },
  });
  if (response.statusCode !== 201) throw new Error(`/api/templates: ${response.statusCode} ${response.body}`);
  return templateResponseSchema.parse(response.json()).template;
}

/** Uploads one small photo to the user's idea and returns its id. */
export async function createPhoto(app: FastifyInstance, user: TestUser, ideaId: string): Promise<string> {
  const photo = await addPhoto(app, user, ideaId, await smallPng('photo.png'));
  return photo.id;
}

/** Signs the user in on a second device and returns that session's id (this device's stays signed in). */
export async function createOtherSession(app: FastifyInstance, user: TestUser): Promise<string> {
  const signedIn = await signIn(app, { email: user.email });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in: ${signedIn.statusCode} ${signedIn.body}`);
  const response = await app.inject({ method: 'GET', url: '/api/account/sessions', headers: user.headers });
  const { sessions } = response.json() as { sessions: { id: string; isCurrent: boolean }[] };
  const other = sessions.find((session) => !session.isCurrent);
  if (!other) throw new Error(`/api/account/sessions: ${response.body}`);
  return other.id;
}

/** One idea with a photo, one contact, a pending share and a custom template of the user's: the ids the endpoint table's rows use. */
export async function createOwnedResources(
  app: FastifyInstance,
  user: TestUser,
  { idea, contact }: { idea: string; contact: { name: string; email: string } },
): Promise<OwnedIds> {
  const savedIdea = await createAs(app, user, '/api/ideas', { content: idea });
  const savedContact = await createAs(app, user, '/api/contacts', contact);
  const share = await createShare(app, user, { ideaId: savedIdea.id, text: 'A post' });
  const template = await createTemplate(app, user, { name: 'My structure', template: 'Hi {{name}}: {{events}}' });
  return {
    userId: user.id,
    ideaId: savedIdea.id,
    contactId: savedContact.id,
    shareId: share.id,
    templateId: template.id,
    photoId: await createPhoto(app, user, savedIdea.id),
    sessionId: await createOtherSession(app, user),
  };
}
