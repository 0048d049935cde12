import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAiCompletion,
  openAiError,
  openAiModelList,
  openAiStream,
  ollamaTags,
  startFakeAiServer,
  type FakeAiServer,
} from '../../../test/doubles/ai.ts';
import { createIdea, createUser, testAppForFile, type TestUser } from '../../../test/test-app.ts';
import { testProviderModel } from './test-provider-model.ts';

let fake: FakeAiServer;
beforeAll(async () => {
  fake = await startFakeAiServer();
});
afterAll(() => fake.close());

// The environment's own OpenAI-compatible provider, so both kinds are in the same list.
const testApp = testAppForFile({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'env-model' } });
let admin: TestUser;
let alice: TestUser;
const secretKey = 'sk-admin-set-key-that-must-never-leave';

beforeAll(async () => {
  admin = await createUser(testApp.app, 'root@example.com');
  alice = await createUser(testApp.app, 'alice@example.com');
});

const preferences = {
  platform: 'telegram',
  length: 'short',
  tone: 'casual',
  intent: 'reflect',
  sentiment: 'joy',
  structure: 'storytelling',
} as const;

function call(user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) {
  return testApp.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });
}

/** A port nothing listens on: taken and released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function addProvider(payload: object) {
  const response = await call(admin, 'POST', '/api/admin/ai-providers', payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { provider: { id: string } }).provider.id;
}

describe('AI providers set up in Settings → Admin', () => {
  it('are for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/ai-providers'],
      ['POST', '/api/admin/ai-providers'],
      ['DELETE', '/api/admin/ai-providers/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await call(
        alice,
        method,
        url,
        method === 'POST' ? { kind: 'openai', name: 'x', apiKey: 'k' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists the environment provider as read-only beside the ones set in the app', async () => {
    const response = await call(admin, 'GET', '/api/admin/ai-providers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      environment: [{ kind: 'openai-compatible', model: 'env-model', baseUrl: 'http://127.0.0.1:9/v1' }],
    });
  });

  it('an admin adds an OpenAI-compatible server, lists, tests and enables a model; a user picks it and generates with no restart', async () => {
    const providerId = await addProvider({
      kind: 'openai-compatible',
      name: 'Home Ollama',
      baseUrl: `${fake.url}/v1`,
      apiKey: secretKey,
    });

    fake.reply(openAiModelList(['qwen2.5:7b', 'llama3.2:3b']));
    const listed = await call(admin, 'POST', `/api/admin/ai-providers/${providerId}/models`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ models: ['llama3.2:3b', 'qwen2.5:7b'] });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${secretKey}`);

    fake.reply(openAiCompletion('Hello there!', 'llama3.2:3b'));
    const tested = await call(admin, 'POST', `/api/admin/ai-providers/${providerId}/test`, { model: 'llama3.2:3b' });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({ isOk: true, answer: 'Hello there!' });
    expect((tested.json() as { milliseconds: number }).milliseconds).toBeGreaterThanOrEqual(0);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', body: { model: 'llama3.2:3b' } });

    const enabled = await call(admin, 'PATCH', `/api/admin/ai-providers/${providerId}`, {
      enabledModels: ['llama3.2:3b'],
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const models = await call(alice, 'GET', '/api/ai/models');
    const offered = (models.json() as { models: Array<{ id: string; label: string }> }).models;
    const chosen = offered.find((model) => model.label === 'Home Ollama: llama3.2:3b');
    expect(chosen, JSON.stringify(offered)).toBeDefined();
    expect(offered.map((model) => model.label)).not.toContain('Home Ollama: qwen2.5:7b');

    const settings = await call(alice, 'GET', '/api/ai-settings');
    const saved = await call(alice, 'PUT', '/api/ai-settings', {
      ...settings.json(),
      model: chosen!.id,
      removedModel: undefined,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const ideaId = await createIdea(testApp.app, alice, 'We planted tomatoes on the balcony');
    fake.reply(openAiStream(['Our balcony ', 'has tomatoes now.'], { model: 'llama3.2:3b' }));
    const generated = await call(alice, 'POST', '/api/generate/stream', {
      ideaIds: [ideaId],
      preferences,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.body).toBe('Our balcony has tomatoes now.');
    expect(generated.headers['x-generation-model']).toBe(chosen!.id);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ path: '/v1/chat/completions', body: { model: 'llama3.2:3b', stream: true } });
    expect(JSON.stringify(request.body)).toContain('We planted tomatoes on the balcony');
  });

  it('lists an Ollama server by /api/tags when it does not answer /v1/models', async () => {
    const providerId = await addProvider({ kind: 'openai-compatible', name: 'Old Ollama', baseUrl: `${fake.url}/v1` });
    fake.reply(openAiError(404, '404 page not found'), ollamaTags(['mistral:latest']));
    const listed = await call(admin, 'POST', `/api/admin/ai-providers/${providerId}/models`);
    expect(listed.json()).toEqual({ models: ['mistral:latest'] });
    expect(fake.requests.slice(-2).map((request) => request.path)).toEqual(['/v1/models', '/api/tags']);
    // No key was given: none is sent.
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('a wrong key, an unreachable address and a missing model each have their own message', async () => {
    const providerId = await addProvider({
      kind: 'openai',
      name: 'OpenAI',
      baseUrl: `${fake.url}/v1`,
      apiKey: 'sk-wrong',
    });
    // OpenAI's answer to a bad key (https://platform.openai.com/docs/guides/error-codes, 401 "Invalid Authentication").
    fake.reply(openAiError(401, 'Incorrect API key provided: sk-wrong.'));
    const wrongKey = await call(admin, 'POST', `/api/admin/ai-providers/${providerId}/test`, { model: 'gpt-4o-mini' });
    expect(wrongKey.json()).toMatchObject({
      isOk: false,
      problem: 'wrongKey',
      message: 'The provider refused the key. Check the API key.',
      providerMessage: 'Incorrect API key provided: sk-wrong.',
    });

    // OpenAI's answer to an unknown model: 404 "The model `x` does not exist or you do not have access to it."
    fake.reply(openAiError(404, 'The model `gpt-9` does not exist or you do not have access to it.'));
    const missing = await call(admin, 'POST', `/api/admin/ai-providers/${providerId}/test`, { model: 'gpt-9' });
    expect(missing.json()).toMatchObject({
      isOk: false,
      problem: 'modelNotFound',
      message: 'The provider has no such model.',
    });

    const port = await closedPort();
    const unreachableId = await addProvider({
      kind: 'openai-compatible',
      name: 'Gone',
      baseUrl: `http://127.0.0.1:${port}/v1`,
    });
    const unreachable = await call(admin, 'POST', `/api/admin/ai-providers/${unreachableId}/test`, { model: 'm' });
    expect(unreachable.json()).toMatchObject({ isOk: false, problem: 'unreachable' });
    expect((unreachable.json() as { message: string }).message).toMatch(/cannot be reached/);
    const listUnreachable = await call(admin, 'POST', `/api/admin/ai-providers/${unreachableId}/models`);
    expect(listUnreachable.statusCode).toBe(502);
    expect((listUnreachable.json() as { message: string }).message).toMatch(/cannot be reached/);

    const messages = new Set(
      [wrongKey, missing, unreachable].map((response) => (response.json() as { message: string }).message),
    );
    expect(messages.size).toBe(3);
  });

  it('never sends the key back, in any response', async () => {
    const providerId = await addProvider({ kind: 'anthropic', name: 'Claude', apiKey: secretKey });
    const responses = [
      await call(admin, 'GET', '/api/admin/ai-providers'),
      await call(admin, 'PATCH', `/api/admin/ai-providers/${providerId}`, { name: 'Claude (work)' }),
      await call(alice, 'GET', '/api/ai/models'),
      await call(alice, 'GET', '/api/ai-settings'),
    ];
    for (const response of responses) expect(response.body).not.toContain(secretKey);
    const listed = (responses[0]!.json() as { providers: Array<{ id: string; hasApiKey: boolean }> }).providers;
    expect(listed.find((provider) => provider.id === providerId)).toMatchObject({ hasApiKey: true });
    // Stored encrypted: the row holds a secret box, not the key.
    const rows = await testApp.database.db.query.aiProviders.findMany();
    expect(JSON.stringify(rows)).not.toContain(secretKey);
  });

  it('a provider removed while a user writes with it falls back to the offline composer, and the user is told once', async () => {
    const providerId = await addProvider({ kind: 'openai-compatible', name: 'Lab', baseUrl: `${fake.url}/v1` });
    await call(admin, 'PATCH', `/api/admin/ai-providers/${providerId}`, { enabledModels: ['lab-model'] });
    const bob = await createUser(testApp.app, 'bob@example.com');
    const models = (await call(bob, 'GET', '/api/ai/models')).json() as {
      models: Array<{ id: string; label: string }>;
    };
    const labId = models.models.find((model) => model.label === 'Lab: lab-model')!.id;
    const settings = (await call(bob, 'GET', '/api/ai-settings')).json() as Record<string, unknown>;
    expect(
      (await call(bob, 'PUT', '/api/ai-settings', { ...settings, model: labId, removedModel: undefined })).statusCode,
    ).toBe(200);

    expect((await call(admin, 'DELETE', `/api/admin/ai-providers/${providerId}`)).statusCode).toBe(200);

    const after = (await call(bob, 'GET', '/api/ai-settings')).json() as { model: string; removedModel: string | null };
    expect(after).toMatchObject({ model: 'offline', removedModel: 'Lab: lab-model' });
    const ideaId = await createIdea(testApp.app, bob, 'I finished the marathon');
    const requestsBefore = fake.requests.length;
    const generated = await call(bob, 'POST', '/api/generate/stream', { ideaIds: [ideaId], preferences });
    expect(generated.statusCode).toBe(200);
    expect(generated.headers['x-generation-model']).toBe('offline');
    expect(fake.requests.length).toBe(requestsBefore);

    expect((await call(bob, 'POST', '/api/ai-settings/removed-model/dismiss')).statusCode).toBe(200);
    const told = (await call(bob, 'GET', '/api/ai-settings')).json() as { removedModel: string | null };
    expect(told.removedModel).toBeNull();
    // Alice, who never chose it, was never told anything.
    expect(
      ((await call(alice, 'GET', '/api/ai-settings')).json() as { removedModel: unknown }).removedModel,
    ).toBeNull();
  });

  it('refuses an OpenAI-compatible server without a base URL, with the field named', async () => {
    const response = await call(admin, 'POST', '/api/admin/ai-providers', { kind: 'openai-compatible', name: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('base URL');
  });
});

describe('the test of a model that takes too long', () => {
  it('says it was too slow, in its own words', async () => {
    // The answer's headers come, then nothing: the client waits until the test's time is up.
    fake.reply(openAiStream(['Hel'], { holdOpen: true }));
    const outcome = await testProviderModel({
      provider: { id: 'p', kind: 'openai-compatible', name: 'Slow', baseUrl: `${fake.url}/v1`, apiKey: null },
      model: 'slow-model',
      locale: 'en',
      timeoutMs: 500,
    });
    expect(outcome).toMatchObject({
      isOk: false,
      problem: 'timeout',
      message: 'The provider did not answer within 1 s: it is too slow.',
    });
  });
});
