import { countWords, type Preferences } from '@life-updates/contract/generation';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anthropicStream,
  openAiError,
  openAiStream,
  startFakeAiServer,
  type FakeAiServer,
  openAiEnv,
  claudeEnv,
} from '../../../test/doubles/ai.ts';
import {
  createTestApp,
  testAppForFile,
  createUser,
  nextClientIp,
  testBaseUrl,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { ideas } from '../../db/schema.ts';
import { findOwnIdeas } from '../ideas/ideas-service.ts';
import { generateText, toRawIdea } from './generation-service.ts';

const preferences: Preferences = {
  platform: 'linkedin',
  length: 'short',
  tone: 'casual',
  intent: 'educate',
  sentiment: 'awe',
  structure: 'storytelling',
};

const validSettings = {
  model: 'offline',
  temperature: 0.7,
  maxTokens: 1000,
  personalizationStrength: 'medium',
  toneOfVoice: 'friendly and warm',
};

async function createIdea(db: Database, userId: string, content: string): Promise<string> {
  const [row] = await db
    .insert(ideas)
    .values({ userId, content, title: content.split(/\s+/).slice(0, 3).join(' ') })
    .returning({ id: ideas.id });
  return row!.id;
}

function inject(
  testApp: TestApp,
  user: TestUser | undefined,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...(user?.headers ?? { origin: testBaseUrl }), ...headers },
    remoteAddress: nextClientIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('without AI providers (the offline composer only)', () => {
  const testApp = testAppForFile();
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    alice = await createUser(testApp.app);
    bob = await createUser(testApp.app);
  });

  it('needs a session for every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/ai/models'],
      ['GET', '/api/ai-settings'],
      ['PUT', '/api/ai-settings'],
      ['PUT', '/api/voice-sample'],
      ['POST', '/api/generate/stream'],
    ] as const) {
      const response = await inject(testApp, undefined, method, url, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists the offline composer, says it is not an AI model, and makes it the default', async () => {
    const response = await inject(testApp, alice, 'GET', '/api/ai/models');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      models: [
        {
          id: 'offline',
          label: 'Built-in offline composer (not an AI model)',
          isAiModel: false,
          description: expect.stringContaining('is not an AI model'),
        },
      ],
      defaultModel: 'offline',
    });
    const russian = await inject(testApp, alice, 'GET', '/api/ai/models', undefined, { 'accept-language': 'ru' });
    expect(russian.json().models[0].label).toBe('Встроенный офлайн-составитель (не ИИ-модель)');
  });

  it('returns the default AI settings', async () => {
    const response = await inject(testApp, alice, 'GET', '/api/ai-settings');
    expect(response.json()).toEqual({
      model: 'offline',
      temperature: 0.7,
      maxTokens: 1000,
      personalizationStrength: 'medium',
      toneOfVoice: 'friendly and warm',
      voiceSample: '',
      removedModel: null,
    });
  });

  it('saves AI settings per user', async () => {
    const saved = await inject(testApp, alice, 'PUT', '/api/ai-settings', {
      ...validSettings,
      temperature: 1.3,
      maxTokens: 2500,
      personalizationStrength: 'high',
      toneOfVoice: 'dry and witty',
      voiceSample: 'Hello, it is me.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      temperature: 1.3,
      maxTokens: 2500,
      personalizationStrength: 'high',
      voiceSample: 'Hello, it is me.',
    });
    expect((await inject(testApp, alice, 'GET', '/api/ai-settings')).json()).toEqual({
      model: 'offline',
      temperature: 1.3,
      maxTokens: 2500,
      personalizationStrength: 'high',
      toneOfVoice: 'dry and witty',
      voiceSample: 'Hello, it is me.',
      removedModel: null,
    });
    // Bob sees his own (default) settings, not Alice's.
    expect((await inject(testApp, bob, 'GET', '/api/ai-settings')).json()).toMatchObject({
      temperature: 0.7,
      voiceSample: '',
    });
  });

  it.each([
    ['temperature', { temperature: 2.5 }, 'Temperature must be between 0 and 2'],
    ['temperature', { temperature: -0.1 }, 'Temperature must be between 0 and 2'],
    ['temperature', { temperature: 0.75 }, 'Temperature must be a multiple of 0.1'],
    ['temperature', { temperature: 'hot' }, 'Temperature must be between 0 and 2'],
    ['maxTokens', { maxTokens: 50 }, 'Max tokens must be between 100 and 4000'],
    ['maxTokens', { maxTokens: 4100 }, 'Max tokens must be between 100 and 4000'],
    ['maxTokens', { maxTokens: 150 }, 'Max tokens must be a multiple of 100'],
    [
      'personalizationStrength',
      { personalizationStrength: 'extreme' },
      'Personalization strength must be low, medium or high',
    ],
    ['toneOfVoice', { toneOfVoice: 'x'.repeat(501) }, 'The tone of voice description must be at most 500 characters'],
    ['voiceSample', { voiceSample: 'x'.repeat(20_001) }, 'The voice sample must be at most 20000 characters'],
    ['model', { model: '' }, 'Please choose a model'],
  ])('refuses an invalid %s with the catalogue message', async (field, change, message) => {
    const response = await inject(testApp, bob, 'PUT', '/api/ai-settings', { ...validSettings, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses a model this server does not offer', async () => {
    for (const model of ['openai', 'claude', 'gpt-3.5-turbo']) {
      const response = await inject(testApp, bob, 'PUT', '/api/ai-settings', { ...validSettings, model });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'This model is not available on this server',
        fields: { model: 'This model is not available on this server' },
      });
    }
    const russian = await inject(
      testApp,
      bob,
      'PUT',
      '/api/ai-settings',
      { ...validSettings, model: 'openai' },
      { 'accept-language': 'ru' },
    );
    expect(russian.json().message).toBe('Эта модель недоступна на этом сервере');
    expect((await inject(testApp, bob, 'GET', '/api/ai-settings')).json().model).toBe('offline');
  });

  it('saves the voice sample on its own, and AI settings without one keep it', async () => {
    const user = await createUser(testApp.app);
    const saved = await inject(testApp, user, 'PUT', '/api/voice-sample', { voiceSample: 'My writing, my way.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ voiceSample: 'My writing, my way.' });
    await inject(testApp, user, 'PUT', '/api/ai-settings', validSettings);
    expect((await inject(testApp, user, 'GET', '/api/ai-settings')).json().voiceSample).toBe('My writing, my way.');
    expect(
      (await inject(testApp, user, 'PUT', '/api/voice-sample', { voiceSample: 'x'.repeat(20_001) })).statusCode,
    ).toBe(400);
    expect((await inject(testApp, bob, 'GET', '/api/ai-settings')).json().voiceSample).toBe('');
  });

  it("generates with the offline composer from the user's own ideas only, the length an upper bound", async () => {
    const first = await createIdea(testApp.database.db, alice.id, 'Planted tomatoes in the garden with my daughter.');
    const second = await createIdea(testApp.database.db, alice.id, 'Fixed the old bicycle and rode it to work.');
    const response = await inject(testApp, alice, 'POST', '/api/generate/stream', {
      ideaIds: [first, second],
      preferences: { ...preferences, length: 'medium' },
    });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(response.headers['x-generation-model']).toBe('offline');
    // Two short ideas make a short post: nothing is invented to reach the medium length.
    expect(text).toBe(
      'Planted tomatoes in the garden with my daughter.\n\nFixed the old bicycle and rode it to work.\n\n#Planted #Tomatoes',
    );
    expect(countWords(text)).toBeLessThanOrEqual(500);
  });

  it('fills a template for a contact', async () => {
    const id = await createIdea(testApp.database.db, alice.id, 'Got a new job at the library.');
    const response = await inject(testApp, alice, 'POST', '/api/generate/stream', {
      ideaIds: [id],
      preferences,
      contact: { name: 'Maria', relationship: 'sister' },
      template: 'Hi {{name}}, my dear {{relationship}}!\n\n{{events}}\n\nHugs',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /^Hi Maria, my dear sister!\n\n[\s\S]*Got a new job at the library\.[\s\S]*\n\nHugs$/,
    );
  });

  it('streams, as plain text, the same offline text the whole-text generation (Summeris, the schedule) writes', async () => {
    const id = await createIdea(testApp.database.db, alice.id, 'Ran my first 10k.');
    const body = { ideaIds: [id], preferences: { ...preferences, structure: 'bulletins' } };
    const { db } = testApp.database;
    const whole = await generateText({
      db,
      config: testApp.config,
      generators: testApp.app.deps.generators,
      userId: alice.id,
      ideas: (await findOwnIdeas({ db, userId: alice.id, ideaIds: [id] })).map(toRawIdea),
      preferences: body.preferences,
      log: { error: vi.fn(), warn: vi.fn() },
    });
    expect(whole.model).toBe('offline');
    const streamed = await inject(testApp, alice, 'POST', '/api/generate/stream', body);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(streamed.headers['x-generation-model']).toBe('offline');
    expect(streamed.body).toBe(whole.text);
  });

  it("answers 404 for another user's idea and for a missing one", async () => {
    const bobsIdea = await createIdea(testApp.database.db, bob.id, 'Bob private idea.');
    for (const url of ['/api/generate/stream']) {
      const response = await inject(testApp, alice, 'POST', url, { ideaIds: [bobsIdea], preferences });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Bob private idea');
      const missing = await inject(testApp, alice, 'POST', url, {
        ideaIds: ['7b0e7a1c-2f55-4b8e-9d33-0c2d7c4f9a10'],
        preferences,
      });
      expect(missing.statusCode).toBe(404);
    }
  });

  it.each([
    ['no ideas', { ideaIds: [], preferences }, 'ideaIds', 'Please select an idea first'],
    ['a malformed id', { ideaIds: ['not-a-uuid'], preferences }, 'ideaIds.0', 'The request is not valid'],
    [
      'too many ideas',
      {
        ideaIds: Array.from(
          { length: 21 },
          (_, index) => `7b0e7a1c-2f55-4b8e-9d33-0c2d7c4f9a${String(index).padStart(2, '0')}`,
        ),
        preferences,
      },
      'ideaIds',
      'Choose at most 20 ideas at a time',
    ],
    [
      'an unknown preference',
      { ideaIds: ['7b0e7a1c-2f55-4b8e-9d33-0c2d7c4f9a10'], preferences: { ...preferences, platform: 'myspace' } },
      'preferences.platform',
      'Please choose one of the options',
    ],
    [
      'a too-long template',
      { ideaIds: ['7b0e7a1c-2f55-4b8e-9d33-0c2d7c4f9a10'], preferences, template: 'x'.repeat(10_001) },
      'template',
      'The email structure must be at most 10000 characters',
    ],
  ])('refuses %s with a 400', async (_label, body, field, message) => {
    const response = await inject(testApp, alice, 'POST', '/api/generate/stream', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe('with OpenAI and Claude configured (local stand-ins)', () => {
  let fake: FakeAiServer;
  let testApp: TestApp;
  let user: TestUser;
  let ideaId: string;
  let baseUrl: string;

  beforeAll(async () => {
    fake = await startFakeAiServer();
    testApp = await createTestApp({
      env: {
        ...openAiEnv(fake),
        ...claudeEnv(fake),
      },
    });
    user = await createUser(testApp.app);
    ideaId = await createIdea(testApp.database.db, user.id, 'Climbed Mount Elbrus with two friends.');
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  async function chooseModel(model: string, extra: Record<string, unknown> = {}) {
    const response = await inject(testApp, user, 'PUT', '/api/ai-settings', { ...validSettings, model, ...extra });
    expect(response.statusCode).toBe(200);
  }

  it('lists all three models with labels, the first AI model being the default', async () => {
    const response = await inject(testApp, user, 'GET', '/api/ai/models');
    expect(response.json()).toMatchObject({
      models: [
        { id: 'offline', isAiModel: false },
        { id: 'openai', isAiModel: true, label: 'OpenAI (gpt-4o-mini)', providerModel: 'gpt-4o-mini' },
        { id: 'claude', isAiModel: true, label: 'Claude (claude-sonnet-4-5)', providerModel: 'claude-sonnet-4-5' },
      ],
      defaultModel: 'openai',
    });
  });

  it("applies the user's model, temperature and max tokens, and sends the prompt with the idea", async () => {
    await chooseModel('openai', { temperature: 1.2, maxTokens: 300, toneOfVoice: 'bold and bright' });
    fake.reply(openAiStream(['A fine post.']));
    const response = await streamFromServer({
      ideaIds: [ideaId],
      preferences: { ...preferences, platform: 'telegram' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-generation-model')).toBe('openai');
    expect(await response.text()).toBe('A fine post.');
    const body = fake.requests[0]!.body as {
      model: string;
      temperature: number;
      max_tokens: number;
      messages: Array<{ role: string; content: string }>;
    };
    expect(body).toMatchObject({ model: 'gpt-4o-mini', temperature: 1.2, max_tokens: 300 });
    expect(body.messages[0]!.content).toContain('Climbed Mount Elbrus with two friends.');
    expect(body.messages[0]!.content).toContain('Telegram channel post');
    expect(body.messages[0]!.content).toContain('Tone of voice: bold and bright.');
    expect(body.messages[1]).toEqual({ role: 'user', content: 'Write a personalised update from this event.' });
  });

  it('answers 502 with the spec message when the provider keeps failing', async () => {
    await chooseModel('openai');
    fake.reply(openAiError(500, 'upstream down', { 'retry-after-ms': '5' }));
    const response = await streamFromServer({ ideaIds: [ideaId], preferences });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      code: 'GENERATION_FAILED',
      message: 'Failed to generate summary. Please try again.',
    });
    expect(fake.requests).toHaveLength(3);
  });

  it('answers "Failed to generate summary" for an empty answer', async () => {
    await chooseModel('openai');
    fake.reply(openAiStream(['   ']));
    const response = await streamFromServer({ ideaIds: [ideaId], preferences });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toBe('Failed to generate summary');
  });

  it("logs the provider's failure with its cause, without the prompt", async () => {
    await chooseModel('openai');
    fake.reply(openAiError(400, 'model not found'));
    const log = { error: vi.fn(), warn: vi.fn() };
    await expect(
      generateText({
        db: testApp.database.db,
        config: testApp.config,
        generators: testApp.app.deps.generators,
        userId: user.id,
        ideas: [{ content: 'SECRET IDEA TEXT' }],
        preferences,
        log,
      }),
    ).rejects.toMatchObject({ status: 502, message: 'generation.toasts.generateFailedRetry' });
    expect(log.error).toHaveBeenCalledTimes(1);
    const [details, message] = log.error.mock.calls[0]!;
    expect(message).toBe('text generation failed');
    expect(details).toMatchObject({
      model: 'openai',
      statusCode: 400,
      responseBody: expect.stringContaining('model not found'),
    });
    expect(JSON.stringify(details)).not.toContain('SECRET IDEA TEXT');
  });

  async function streamFromServer(body: unknown, signal?: AbortSignal) {
    return fetch(`${baseUrl}/api/generate/stream`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  }

  async function readChunks(response: Response): Promise<string[]> {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      chunks.push(value);
    }
  }

  it("streams the provider's pieces to the client as they come, in order", async () => {
    await chooseModel('openai', { temperature: 0.4, maxTokens: 800 });
    fake.reply(openAiStream(['First, ', 'second, ', 'third, ', 'fourth.'], { delayMs: 40 }));
    const response = await streamFromServer({ ideaIds: [ideaId], preferences });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('x-generation-model')).toBe('openai');
    const chunks = await readChunks(response);
    expect(chunks.join('')).toBe('First, second, third, fourth.');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(fake.requests[0]!.body).toMatchObject({ stream: true, temperature: 0.4, max_tokens: 800 });
  });

  it("strips Claude's markdown while streaming", async () => {
    await chooseModel('claude', { maxTokens: 600 });
    fake.reply(
      anthropicStream(['**Big** news ', 'from [the summit](https://example.com/elbrus).\n', '_What_ a climb!'], {
        delayMs: 10,
      }),
    );
    const response = await streamFromServer({ ideaIds: [ideaId], preferences });
    expect(response.status).toBe(200);
    expect((await readChunks(response)).join('')).toBe(
      'Big news from the summit (https://example.com/elbrus).\nWhat a climb!',
    );
    expect(fake.requests[0]!.path).toBe('/v1/messages');
    expect(fake.requests[0]!.body).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 600 });
  });

  it('answers a failure before the first piece with a proper 502', async () => {
    await chooseModel('openai');
    fake.reply(openAiError(400, 'bad request'));
    const response = await streamFromServer({ ideaIds: [ideaId], preferences });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      code: 'GENERATION_FAILED',
      message: 'Failed to generate summary. Please try again.',
    });
  });

  it('cuts the response short when the provider fails mid-stream, so the client sees a failure', async () => {
    await chooseModel('openai');
    const stream = openAiStream(['Half a sentence'], { delayMs: 20 });
    if (stream.kind !== 'sse') throw new Error('expected a stream');
    stream.events.push({
      data: JSON.stringify({ error: { message: 'overloaded mid-stream', type: 'server_error', code: null } }),
    });
    fake.reply(stream);
    const response = await streamFromServer({ ideaIds: [ideaId], preferences });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toBe('Half a sentence');
    await expect(reader.read()).rejects.toThrow();
  });

  it('stops the provider call when the client goes away', async () => {
    await chooseModel('openai');
    fake.reply(openAiStream(['Still writing'], { holdOpen: true }));
    const controller = new AbortController();
    const response = await streamFromServer({ ideaIds: [ideaId], preferences }, controller.signal);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('Still writing');
    controller.abort();
    await expect(
      Promise.race([
        fake.clientClosed.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
      ]),
    ).resolves.toBe('closed');
  });
});
