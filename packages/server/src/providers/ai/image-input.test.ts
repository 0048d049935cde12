import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anthropicError,
  anthropicMessage,
  llamaCppImagesRefused,
  openAiCompletion,
  openAiError,
  openAiStream,
  recordedImages,
  startFakeAiServer,
  type FakeAiServer,
  openAiEnv,
  claudeEnv,
} from '../../../test/doubles/ai.ts';
import { loadConfig } from '../../config.ts';
import { createTextGenerators } from './create-text-generators.ts';
import { claudeModelAcceptsImages, openAiModelAcceptsImages } from './image-input.ts';
import {
  TextGenerationError,
  type PromptPhotoPart,
  type TextGenerationRequest,
  type TextGenerator,
} from './text-generator.ts';

let server: FakeAiServer;
beforeAll(async () => {
  server = await startFakeAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.refuseImages(undefined);
});

const baseEnvironment = {
  APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
  DATA_DIR: '/tmp/life-updates-test',
};

function generator(id: 'openai' | 'claude', environment: Record<string, string>): TextGenerator {
  const found = createTextGenerators(loadConfig({ ...baseEnvironment, ...environment }), { timeoutMs: 10_000 }).find(
    (candidate) => candidate.id === id,
  );
  if (!found) throw new Error(`${id} not offered`);
  return found;
}

const openAi = (model: string, extra: Record<string, string> = {}) =>
  generator('openai', {
    ...openAiEnv(server, model),
    ...extra,
  });
const claude = (model: string, extra: Record<string, string> = {}) =>
  generator('claude', {
    ...claudeEnv(server, model),
    ...extra,
  });

/** The smallest JPEG and PNG headers that the double recognises by their first bytes. */
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);

const photoParts: PromptPhotoPart[] = [
  { type: 'text', text: 'Photo 1, from event 1.' },
  { type: 'image', data: jpeg, mediaType: 'image/jpeg' },
  { type: 'text', text: 'Photo 2, from event 1.' },
  { type: 'image', data: png, mediaType: 'image/png' },
];

const request: TextGenerationRequest = {
  system: 'SYSTEM PROMPT',
  prompt: 'Write a personalised update from this event.',
  compose: { ideas: [{ content: 'Went hiking.' }], preferences: {} },
  temperature: 0.3,
  maxOutputTokens: 700,
  photoParts,
};

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

describe('which models take images', () => {
  it.each([
    ['gpt-4o-mini', true],
    ['gpt-4o', true],
    ['gpt-4.1-nano', true],
    ['gpt-5-mini', true],
    ['o4-mini', true],
    ['o3', true],
    ['gpt-4-turbo', true],
    ['openai/gpt-4o', true],
    ['gpt-3.5-turbo', false],
    ['gpt-4', false],
    ['gpt-4-turbo-preview', false],
    ['o1-mini', false],
    ['o3-mini', false],
    ['gpt-4o-audio-preview', false],
    ['gpt-4o-mini-search-preview', false],
    ['llama3.2', false],
    ['local-llm', false],
  ])('OpenAI-compatible model %s: %s', (model, expected) => {
    expect(openAiModelAcceptsImages(model)).toBe(expected);
    expect(openAi(model).acceptsImages).toBe(expected);
  });

  it.each([
    ['claude-sonnet-4-5', true],
    ['claude-3-haiku-20240307', true],
    ['claude-opus-4-1', true],
    ['claude-2.1', false],
    ['claude-instant-1.2', false],
    ['deepseek-chat', false],
  ])('Claude model %s: %s', (model, expected) => {
    expect(claudeModelAcceptsImages(model)).toBe(expected);
    expect(claude(model).acceptsImages).toBe(expected);
  });

  it('follows OPENAI_IMAGE_INPUT / ANTHROPIC_IMAGE_INPUT where they are set', () => {
    expect(openAi('llava:13b', { OPENAI_IMAGE_INPUT: 'on' }).acceptsImages).toBe(true);
    expect(openAi('gpt-4o', { OPENAI_IMAGE_INPUT: 'off' }).acceptsImages).toBe(false);
    expect(claude('claude-sonnet-4-5', { ANTHROPIC_IMAGE_INPUT: 'off' }).acceptsImages).toBe(false);
    expect(() => loadConfig({ ...baseEnvironment, OPENAI_IMAGE_INPUT: 'maybe' })).toThrow();
  });

  it('the offline composer takes none', () => {
    expect(createTextGenerators(loadConfig(baseEnvironment))[0]!.acceptsImages).toBe(false);
  });
});

describe('OpenAI Chat Completions with photos', () => {
  it('sends the prompt, then each line and image_url part (data URL, low detail) in one user message', async () => {
    server.reply(openAiCompletion('Hiking.'));
    expect(await openAi('gpt-4o-mini').generateText(request)).toBe('Hiking.');
    const messages = server.requests[0]!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages[0]).toEqual({ role: 'system', content: 'SYSTEM PROMPT' });
    expect(messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Write a personalised update from this event.' },
        { type: 'text', text: 'Photo 1, from event 1.' },
        {
          type: 'image_url',
          image_url: { url: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`, detail: 'low' },
        },
        { type: 'text', text: 'Photo 2, from event 1.' },
        {
          type: 'image_url',
          image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}`, detail: 'low' },
        },
      ],
    });
    expect(recordedImages(server.requests[0]!).map((image) => [image.mediaType, image.data])).toEqual([
      ['image/jpeg', Buffer.from(jpeg)],
      ['image/png', Buffer.from(png)],
    ]);
  });

  it('sends the prompt alone to a model without image support', async () => {
    server.reply(openAiStream(['Hiking.']));
    expect(await collect(openAi('gpt-3.5-turbo').streamText(request))).toBe('Hiking.');
    const messages = server.requests[0]!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages[1]).toEqual({ role: 'user', content: 'Write a personalised update from this event.' });
  });

  it('falls back to text once when a llama.cpp server without a projector refuses images while streaming', async () => {
    const model = openAi('gemma3', { OPENAI_IMAGE_INPUT: 'on' });
    // llama.cpp sends no retry-after; the header only spares the test the client's back-off.
    server.refuseImages(llamaCppImagesRefused({ 'retry-after-ms': '5' }));
    server.reply(openAiStream(['From ', 'the text.']));
    const onPhotosRefused = vi.fn();

    expect(await collect(model.streamText({ ...request, onPhotosRefused }))).toBe('From the text.');
    // A 500 is retried twice by the client before it counts as a refusal, then once without images.
    expect(server.requests.map((recorded) => recordedImages(recorded).length)).toEqual([2, 2, 2, 0]);
    expect(onPhotosRefused).toHaveBeenCalledTimes(1);
    expect(model.acceptsImages).toBe(false);

    server.requests.length = 0;
    expect(await collect(model.streamText({ ...request, onPhotosRefused }))).toBe('From the text.');
    expect(server.requests.map((recorded) => recordedImages(recorded).length)).toEqual([0]);
    expect(onPhotosRefused).toHaveBeenCalledTimes(1);
  });

  it('does not read a rate limit or a bad key as a refusal of images', async () => {
    for (const status of [401, 429]) {
      server.requests.length = 0;
      server.reply(openAiError(status, 'image quota? no: try later', { 'retry-after-ms': '5' }));
      const model = openAi('gpt-4o-mini');
      const onPhotosRefused = vi.fn();
      await expect(model.generateText({ ...request, onPhotosRefused })).rejects.toBeInstanceOf(TextGenerationError);
      expect(onPhotosRefused).not.toHaveBeenCalled();
      expect(model.acceptsImages).toBe(true);
      expect(server.requests.every((recorded) => recordedImages(recorded).length === 2)).toBe(true);
    }
  });

  it("fails as usual when the provider's error has nothing to do with images", async () => {
    server.reply(openAiError(400, 'model not found'));
    const onPhotosRefused = vi.fn();
    await expect(openAi('gpt-4o').generateText({ ...request, onPhotosRefused })).rejects.toBeInstanceOf(
      TextGenerationError,
    );
    expect(server.requests).toHaveLength(1);
    expect(onPhotosRefused).not.toHaveBeenCalled();
  });
});

describe('Anthropic Messages with photos', () => {
  it('sends base64 image blocks with their media type after the prompt', async () => {
    server.reply(anthropicMessage('Hiking.'));
    expect(await claude('claude-sonnet-4-5').generateText(request)).toBe('Hiking.');
    const messages = server.requests[0]!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Write a personalised update from this event.' },
          { type: 'text', text: 'Photo 1, from event 1.' },
          {
            type: 'image',
            source: { type: 'base64', media_type: 'image/jpeg', data: Buffer.from(jpeg).toString('base64') },
          },
          { type: 'text', text: 'Photo 2, from event 1.' },
          {
            type: 'image',
            source: { type: 'base64', media_type: 'image/png', data: Buffer.from(png).toString('base64') },
          },
        ],
      },
    ]);
  });

  it('writes from the text alone when Claude refuses an image, and says so once', async () => {
    // Bytes that are no image at all, declared as JPEG: refused as the real API does.
    const broken: TextGenerationRequest = {
      ...request,
      photoParts: [{ type: 'image', data: new Uint8Array([1, 2, 3, 4]), mediaType: 'image/jpeg' }],
    };
    server.reply(anthropicMessage('From the text.'));
    const onPhotosRefused = vi.fn();
    expect(await claude('claude-sonnet-4-5').generateText({ ...broken, onPhotosRefused })).toBe('From the text.');
    expect(server.requests.map((recorded) => recordedImages(recorded).length)).toEqual([1, 0]);
    expect(onPhotosRefused).toHaveBeenCalledTimes(1);
    const refusal = onPhotosRefused.mock.calls[0]![0] as Error & { cause: { responseBody?: string } };
    expect(refusal.cause.responseBody).toContain('Image does not match the provided media type image/jpeg');
  });

  it('does not fall back on an overloaded API', async () => {
    server.reply(anthropicError(529, 'Overloaded', { 'retry-after-ms': '5' }));
    const onPhotosRefused = vi.fn();
    await expect(claude('claude-sonnet-4-5').generateText({ ...request, onPhotosRefused })).rejects.toBeInstanceOf(
      TextGenerationError,
    );
    expect(onPhotosRefused).not.toHaveBeenCalled();
  });
});
