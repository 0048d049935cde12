import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  anthropicError,
  anthropicMessage,
  anthropicStream,
  openAiCompletion,
  openAiError,
  openAiStream,
  startFakeAiServer,
  type FakeAiServer,
  openAiEnv,
  claudeEnv,
} from '../../../test/doubles/ai.ts';
import { loadConfig } from '../../config.ts';
import { createTextGenerators, defaultModelId, offeredModelIds } from './create-text-generators.ts';
import { TextGenerationError, type TextGenerationRequest, type TextGenerator } from './text-generator.ts';

let server: FakeAiServer;
beforeAll(async () => {
  server = await startFakeAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const baseEnvironment = {
  APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
  DATA_DIR: '/tmp/life-updates-test',
};

function generatorsFor(environment: Record<string, string>) {
  return createTextGenerators(loadConfig({ ...baseEnvironment, ...environment }), { timeoutMs: 10_000 });
}

function openAi(): TextGenerator {
  const generator = generatorsFor(openAiEnv(server)).find((candidate) => candidate.id === 'openai');
  if (!generator) throw new Error('openai not offered');
  return generator;
}

function claude(): TextGenerator {
  // ANTHROPIC_BASE_URL without /v1, as Anthropic's own SDKs take it.
  const generator = generatorsFor(claudeEnv(server)).find((candidate) => candidate.id === 'claude');
  if (!generator) throw new Error('claude not offered');
  return generator;
}

const request: TextGenerationRequest = {
  system: 'SYSTEM PROMPT',
  prompt: 'Write a personalised update from this event.',
  compose: { ideas: [{ content: 'Went hiking.\nSaw a lynx by the lake.' }], preferences: { structure: 'letter' } },
  temperature: 0.3,
  maxOutputTokens: 700,
};

async function collect(pieces: AsyncIterable<string>): Promise<string[]> {
  const result: string[] = [];
  for await (const piece of pieces) result.push(piece);
  return result;
}

describe('which models the server offers', () => {
  it('offers only the offline composer without configuration, and it is the default', () => {
    const config = loadConfig(baseEnvironment);
    expect(createTextGenerators(config).map((generator) => [generator.id, generator.isAiModel])).toEqual([
      ['offline', false],
    ]);
    expect(defaultModelId(config)).toBe('offline');
  });

  it('adds OpenAI and Claude when configured, keeping the offline composer', () => {
    const config = loadConfig({ ...baseEnvironment, OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant' });
    expect(offeredModelIds(config)).toEqual(['offline', 'openai', 'claude']);
    expect(createTextGenerators(config).map((generator) => generator.providerModel)).toEqual([
      undefined,
      'gpt-4o-mini',
      'claude-sonnet-4-5',
    ]);
    expect(defaultModelId(config)).toBe('openai');
  });

  it('offers an OpenAI-compatible server (no key) by its base URL alone', () => {
    const config = loadConfig({
      ...baseEnvironment,
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_MODEL: 'llama3.2',
    });
    expect(offeredModelIds(config)).toEqual(['offline', 'openai']);
  });
});

describe('OpenAI chat completions', () => {
  it('sends the configured model, temperature, max tokens and both messages, and returns the text', async () => {
    server.reply(openAiCompletion('Hello from OpenAI.'));
    const text = await openAi().generateText(request);
    expect(text).toBe('Hello from OpenAI.');
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBe('Bearer sk-test');
    expect(sent!.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.3,
      max_tokens: 700,
      messages: [
        { role: 'system', content: 'SYSTEM PROMPT' },
        { role: 'user', content: 'Write a personalised update from this event.' },
      ],
    });
  });

  it('streams the pieces in order over server-sent events', async () => {
    server.reply(openAiStream(['One ', 'two ', 'three.']));
    const pieces = await collect(openAi().streamText(request));
    expect(pieces).toEqual(['One ', 'two ', 'three.']);
    expect(server.requests[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      temperature: 0.3,
      max_tokens: 700,
    });
  });

  it.each([429, 500])('retries a %i and succeeds', async (status) => {
    server.reply(openAiError(status, 'busy', { 'retry-after-ms': '10' }), openAiCompletion('Third time lucky.'));
    const text = await openAi().generateText(request);
    expect(text).toBe('Third time lucky.');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after two retries (three calls in all)', async () => {
    server.reply(openAiError(500, 'down', { 'retry-after-ms': '10' }));
    await expect(openAi().generateText(request)).rejects.toBeInstanceOf(TextGenerationError);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    server.reply(openAiError(400, 'bad request'));
    await expect(openAi().generateText(request)).rejects.toBeInstanceOf(TextGenerationError);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a streaming failure instead of ending quietly', async () => {
    server.reply(openAiError(400, 'bad request'));
    await expect(collect(openAi().streamText(request))).rejects.toBeInstanceOf(TextGenerationError);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 before the stream starts', async () => {
    server.reply(openAiError(429, 'slow down', { 'retry-after-ms': '10' }), openAiStream(['Fine.']));
    expect(await collect(openAi().streamText(request))).toEqual(['Fine.']);
    expect(server.requests).toHaveLength(2);
  });
});

describe('Claude messages', () => {
  it('sends the model, max_tokens, temperature, system prompt and version header; strips markdown', async () => {
    server.reply(anthropicMessage('**Big** news: read [the post](https://example.com) and `code` ~~old~~ *now*.'));
    const text = await claude().generateText(request);
    expect(text).toBe('Big news: read the post (https://example.com) and code old now.');
    const [sent] = server.requests;
    expect(sent!.path).toBe('/v1/messages');
    expect(sent!.headers['x-api-key']).toBe('sk-ant-test');
    expect(sent!.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent!.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      max_tokens: 700,
      temperature: 0.3,
      system: [{ type: 'text', text: 'SYSTEM PROMPT' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Write a personalised update from this event.' }] }],
    });
  });

  it("keeps the temperature within Claude's range of 0 to 1", async () => {
    server.reply(anthropicMessage('Warm.'));
    await claude().generateText({ ...request, temperature: 1.6 });
    expect(server.requests[0]!.body.temperature).toBe(1);
  });

  it('streams with markdown stripped, even when a marker is split across chunks', async () => {
    server.reply(anthropicStream(['# Head', 'ing\nA **bo', 'ld** move.\n', '- _one_ item\n', 'Last `line`']));
    const pieces = await collect(claude().streamText(request));
    expect(pieces.join('')).toBe('Heading\nA bold move.\n- one item\nLast line');
    expect(server.requests[0]!.body).toMatchObject({ stream: true, model: 'claude-sonnet-4-5', max_tokens: 700 });
  });

  it.each([429, 500])('retries a %i', async (status) => {
    server.reply(anthropicError(status, 'overloaded', { 'retry-after-ms': '10' }), anthropicMessage('Done.'));
    expect(await claude().generateText(request)).toBe('Done.');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 400', async () => {
    server.reply(anthropicError(400, 'invalid'));
    await expect(claude().generateText(request)).rejects.toBeInstanceOf(TextGenerationError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('the offline composer as a generator', () => {
  it('streams the same text it returns whole, line by line', async () => {
    const offline = createTextGenerators(loadConfig(baseEnvironment))[0]!;
    const whole = await offline.generateText(request);
    const pieces = await collect(offline.streamText(request));
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(whole);
  });
});
