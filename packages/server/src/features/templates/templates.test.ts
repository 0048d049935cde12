import { builtInTemplateIds, fallbackTemplateId, type Template } from '@life-updates/contract/templates';
import { describe, expect, it } from 'vitest';
import { createUser, testBaseUrl, type TestUser, testAppForFile } from '../../../test/test-app.ts';

const testApp = testAppForFile();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(user: TestUser | undefined, method: Method, url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...(user?.headers ?? { origin: testBaseUrl }), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
}

async function list(user: TestUser) {
  const response = await call(user, 'GET', '/api/templates');
  expect(response.statusCode).toBe(200);
  return response.json() as { templates: Template[]; fallback: Template; defaultTemplateId: string };
}

async function create(user: TestUser, body: object) {
  const response = await call(user, 'POST', '/api/templates', body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { template: Template }).template;
}

const body = (name: string, isDefault = false) => ({
  name,
  template: `Hi {{name}}, my dear {{relationship}}:\n\n{{events}}`,
  structureDescription: 'For the family',
  isDefault,
});

describe('templates API', () => {
  it('needs a session', async () => {
    expect((await call(undefined, 'GET', '/api/templates')).statusCode).toBe(401);
  });

  it('lists the three read-only built-ins and the fallback default for a new user', async () => {
    const user = await createUser(testApp.app);
    const result = await list(user);
    expect(result.templates.map((template) => template.id)).toEqual([...builtInTemplateIds]);
    expect(result.templates.every((template) => template.isBuiltIn && template.name && template.template)).toBe(true);
    expect(result.templates.every((template) => template.structureDescription)).toBe(true);
    expect(result.fallback).toMatchObject({ id: fallbackTemplateId, isBuiltIn: true });
    expect(result.defaultTemplateId).toBe(fallbackTemplateId);
  });

  it('refuses to edit or delete a built-in', async () => {
    const user = await createUser(testApp.app);
    for (const id of [...builtInTemplateIds, fallbackTemplateId]) {
      const update = await call(user, 'PUT', `/api/templates/${id}`, body('Mine'));
      expect(update.statusCode).toBe(403);
      expect(update.json().message).toBe('System email structures cannot be edited or deleted.');
      expect((await call(user, 'DELETE', `/api/templates/${id}`)).statusCode).toBe(403);
    }
    expect((await list(user)).templates).toHaveLength(3);
  });

  it('validates the form with the spec messages', async () => {
    const user = await createUser(testApp.app);
    const response = await call(user, 'POST', '/api/templates', { name: '  ', template: 'too short' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json() as { fields: Record<string, string> };
    expect(fields.name).toBe('Template name is required');
    expect(fields.template).toBe('Template should be at least 10 characters');
    const missing = await call(user, 'POST', '/api/templates', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      name: 'Template name is required',
      template: 'Template should be at least 10 characters',
    });
  });

  it('creates, updates and deletes a user template; isDefault defaults to false', async () => {
    const user = await createUser(testApp.app);
    const created = await create(user, { name: 'Family', template: 'Hello {{name}}: {{events}}' });
    expect(created).toMatchObject({ name: 'Family', isDefault: false, isBuiltIn: false, structureDescription: null });
    const updated = await call(user, 'PUT', `/api/templates/${created.id}`, body('Family news'));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().template).toMatchObject({ name: 'Family news', structureDescription: 'For the family' });
    expect((await list(user)).templates.map((template) => template.name)).toContain('Family news');
    expect((await call(user, 'DELETE', `/api/templates/${created.id}`)).statusCode).toBe(204);
    expect((await list(user)).templates).toHaveLength(3);
    const again = await call(user, 'DELETE', `/api/templates/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No summary template found');
  });

  it('keeps one default per user: a new default unsets the old one', async () => {
    const user = await createUser(testApp.app);
    const first = await create(user, body('First', true));
    expect((await list(user)).defaultTemplateId).toBe(first.id);
    const second = await create(user, body('Second', true));
    let result = await list(user);
    expect(result.defaultTemplateId).toBe(second.id);
    expect(result.templates.filter((template) => template.isDefault).map((template) => template.id)).toEqual([
      second.id,
    ]);

    const third = await create(user, body('Third'));
    await call(user, 'PUT', `/api/templates/${first.id}`, body('First', true));
    result = await list(user);
    expect(result.defaultTemplateId).toBe(first.id);
    expect(result.templates.filter((template) => template.isDefault).map((template) => template.id)).toEqual([
      first.id,
    ]);
    expect(result.templates.find((template) => template.id === third.id)?.isDefault).toBe(false);

    // Turning the default off leaves the fallback default.
    await call(user, 'PUT', `/api/templates/${first.id}`, body('First', false));
    expect((await list(user)).defaultTemplateId).toBe(fallbackTemplateId);
  });

  it('hides a user template named like a built-in', async () => {
    const user = await createUser(testApp.app);
    await create(user, body('  personal BRAND '));
    await create(user, body('Corporate Report'));
    const visible = await create(user, body('Personal Brand 2'));
    const result = await list(user);
    expect(result.templates.filter((template) => !template.isBuiltIn).map((template) => template.id)).toEqual([
      visible.id,
    ]);
    expect(result.templates).toHaveLength(4);
  });

  it("never shows, changes or deletes another user's template", async () => {
    const owner = await createUser(testApp.app);
    const stranger = await createUser(testApp.app);
    const template = await create(owner, body('Private'));
    expect((await list(stranger)).templates.map((item) => item.id)).not.toContain(template.id);
    expect((await call(stranger, 'PUT', `/api/templates/${template.id}`, body('Hijacked'))).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/templates/${template.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', '/api/templates/not-a-uuid', body('Hijacked'))).statusCode).toBe(404);
    expect((await list(owner)).templates.find((item) => item.id === template.id)?.name).toBe('Private');
  });
});
