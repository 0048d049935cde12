import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The double of the paid AI services: one local HTTP server that speaks OpenAI's Chat Completions
 * and Anthropic's Messages wire protocols (JSON and server-sent events), records every request, and
 * answers from a queue the test fills. The real clients (the AI SDK's @ai-sdk/openai and
 * @ai-sdk/anthropic) talk to it through OPENAI_BASE_URL / ANTHROPIC_BASE_URL, so their paths
 * (`/chat/completions`, `/messages`), headers and parsing really run.
 *
 * Checked against the providers' documentation only (no real key is reachable from here); the
 * builders below cite the page each shape follows.
 */
export type FakeReply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | {
      kind: 'sse';
      events: Array<{ event?: string; data: string }>;
      /** Pause between events, so the client sees separate chunks. */
      delayMs?: number;
      /** Keep the response open after the events, until the client goes away. */
      holdOpen?: boolean;
    };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
};

export type FakeAiServer = {
  url: string;
  requests: RecordedRequest[];
  reply: (...replies: FakeReply[]) => void;
  /**
   * Answer every request that carries an image with this error, as a model or server without
   * vision does (see the refusal builders below); `undefined` takes images again. Requests without
   * images still get the queued replies.
   */
  refuseImages: (refusal: FakeReply | undefined) => void;
  /** Resolves when a client closes a held-open stream before it ended. */
  clientClosed: Promise<void>;
  close: () => Promise<void>;
};

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The settings that point the app's OpenAI client at the double (the base URL with /v1, as OpenAI's SDKs take it). */
export const openAiEnv = (fake: Pick<FakeAiServer, 'url'>, model = 'gpt-4o-mini') => ({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: `${fake.url}/v1`,
  OPENAI_MODEL: model,
});

/** The settings that point the app's Claude client at the double (the base URL without /v1, as Anthropic's SDKs take it). */
export const claudeEnv = (fake: Pick<FakeAiServer, 'url'>, model = 'claude-sonnet-4-5') => ({
  ANTHROPIC_API_KEY: 'sk-ant-test',
  ANTHROPIC_BASE_URL: fake.url,
  ANTHROPIC_MODEL: model,
});

export async function startFakeAiServer(): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  let markClientClosed: () => void = () => {};
  const clientClosed = new Promise<void>((resolve) => {
    markClientClosed = resolve;
  });
  const openResponses = new Set<ServerResponse>();
  let imageRefusal: FakeReply | undefined;

  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
    });
    const recorded = requests.at(-1)!;
    const invalid = checkImages(recorded);
    const refused = imageRefusal && recordedImages(recorded).length > 0 ? imageRefusal : undefined;
    const next = invalid ?? refused ?? (queue.length > 1 ? queue.shift()! : queue[0]);
    if (!next) {
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'no reply queued' } }));
      return;
    }
    if (next.kind === 'json') {
      response
        .writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
        .end(JSON.stringify(next.body));
      return;
    }
    openResponses.add(response);
    let isFinished = false;
    response.on('close', () => {
      openResponses.delete(response);
      if (!isFinished) markClientClosed();
    });
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    for (const event of next.events) {
      if (response.destroyed) return;
      response.write(`${event.event ? `event: ${event.event}\n` : ''}data: ${event.data}\n\n`);
      if (next.delayMs) await pause(next.delayMs);
    }
    if (next.holdOpen) return;
    isFinished = true;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => {
      queue.length = 0;
      queue.push(...replies);
    },
    refuseImages: (refusal) => {
      imageRefusal = refusal;
    },
    clientClosed,
    close: async () => {
      for (const response of openResponses) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ── OpenAI chat completions ──

/** A chat completion object: https://platform.openai.com/docs/api-reference/chat/object */
export function openAiCompletion(text: string, model = 'gpt-4o-mini'): FakeReply {
  return {
    kind: 'json',
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
    },
  };
}

/**
 * Streamed chunks as server-sent `data:` lines ending with `data: [DONE]`, the first delta carrying
 * the role, the last an empty delta with finish_reason:
 * https://platform.openai.com/docs/api-reference/chat/streaming and
 * https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
export function openAiStream(
  pieces: string[],
  options: { delayMs?: number; holdOpen?: boolean; model?: string } = {},
): FakeReply {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: options.model ?? 'gpt-4o-mini',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
  const events = [
    { data: chunk({ role: 'assistant', content: '' }, null) },
    ...pieces.map((piece) => ({ data: chunk({ content: piece }, null) })),
  ];
  if (!options.holdOpen) events.push({ data: chunk({}, 'stop') }, { data: '[DONE]' });
  return {
    kind: 'sse',
    events,
    ...(options.delayMs ? { delayMs: options.delayMs } : {}),
    ...(options.holdOpen ? { holdOpen: true } : {}),
  };
}

/**
 * An error: `{ error: { message, type, param, code } }` with the HTTP status (401 bad key, 429 rate
 * limit or quota, 500 / 503 server): https://platform.openai.com/docs/guides/error-codes
 */
export function openAiError(
  status: number,
  message = 'provider error',
  headers: Record<string, string> = {},
): FakeReply {
  return { kind: 'json', status, body: { error: { message, type: 'server_error', param: null, code: null } }, headers };
}

/**
 * The models a server lists, `GET /v1/models`: `{ object: 'list', data: [{ id, object: 'model',
 * created, owned_by }] }` (https://platform.openai.com/docs/api-reference/models/list). Ollama
 * answers the same at /v1/models (https://github.com/ollama/ollama/blob/main/docs/openai.md).
 */
export function openAiModelList(ids: string[]): FakeReply {
  return {
    kind: 'json',
    status: 200,
    body: {
      object: 'list',
      data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'library' })),
    },
  };
}

/** Ollama's native model list, `GET /api/tags`: `{ models: [{ name, model, size, … }] }` (ollama docs/api.md, "List Local Models"). */
export function ollamaTags(names: string[]): FakeReply {
  return {
    kind: 'json',
    status: 200,
    body: { models: names.map((name) => ({ name, model: name, size: 1_000_000, digest: 'sha256:test' })) },
  };
}

// ── Anthropic messages ──

/** A Messages API response: https://docs.anthropic.com/en/api/messages */
export function anthropicMessage(text: string, model = 'claude-test'): FakeReply {
  return {
    kind: 'json',
    status: 200,
    body: {
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 20 },
    },
  };
}

/**
 * Streaming events in their documented order (message_start, content_block_start, content_block_delta
 * with text_delta, content_block_stop, message_delta, message_stop), each with its `event:` name:
 * https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */
export function anthropicStream(pieces: string[], options: { delayMs?: number; model?: string } = {}): FakeReply {
  const event = (type: string, data: Record<string, unknown>) => ({
    event: type,
    data: JSON.stringify({ type, ...data }),
  });
  return {
    kind: 'sse',
    events: [
      event('message_start', {
        message: {
          id: 'msg_test',
          type: 'message',
          role: 'assistant',
          model: options.model ?? 'claude-test',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      }),
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      ...pieces.map((piece) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } })),
      event('content_block_stop', { index: 0 }),
      event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } }),
      event('message_stop', {}),
    ],
    ...(options.delayMs ? { delayMs: options.delayMs } : {}),
  };
}

/** The error type Anthropic sends with each status: https://docs.anthropic.com/en/api/errors */
const anthropicErrorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** An error: `{ type: 'error', error: { type, message } }` (https://docs.anthropic.com/en/api/errors). */
export function anthropicError(
  status: number,
  message = 'provider error',
  headers: Record<string, string> = {},
): FakeReply {
  const type = anthropicErrorTypes[status] ?? 'api_error';
  return { kind: 'json', status, body: { type: 'error', error: { type, message } }, headers };
}

// ── Images in requests ──

/** An image as a request carried it: the media type it was declared with and the decoded bytes. */
export type RecordedImage = { mediaType: string; data: Buffer; detail?: string | undefined };

type ContentBlock = Record<string, unknown> & { type?: unknown };

function userContentBlocks(request: RecordedRequest): ContentBlock[] {
  const messages = (request.body.messages ?? []) as Array<{ role?: string; content?: unknown }>;
  return messages.flatMap((message) =>
    message.role === 'user' && Array.isArray(message.content) ? (message.content as ContentBlock[]) : [],
  );
}

const isOpenAi = (request: RecordedRequest) => request.path.endsWith('/chat/completions');

/**
 * The images of a recorded request, read as each wire protocol carries them. OpenAI Chat Completions:
 * a user message's `content` is an array of parts, an image being
 * `{ type: 'image_url', image_url: { url: 'data:image/jpeg;base64,…', detail } }`
 * (https://platform.openai.com/docs/api-reference/chat/create, messages → user → content parts →
 * image; https://platform.openai.com/docs/guides/images-vision, "Passing a Base64 encoded image").
 * Anthropic Messages: `{ type: 'image', source: { type: 'base64', media_type, data } }`
 * (https://docs.anthropic.com/en/api/messages, content blocks;
 * https://docs.anthropic.com/en/docs/build-with-claude/vision, "Base64-encoded image example").
 */
export function recordedImages(request: RecordedRequest): RecordedImage[] {
  return userContentBlocks(request).flatMap((block): RecordedImage[] => {
    if (isOpenAi(request) && block.type === 'image_url') {
      const imageUrl = block.image_url as { url?: string; detail?: string } | undefined;
      const match = /^data:([^;,]+);base64,(.*)$/s.exec(imageUrl?.url ?? '');
      if (!match) return [];
      return [{ mediaType: match[1]!, data: Buffer.from(match[2]!, 'base64'), detail: imageUrl?.detail }];
    }
    if (!isOpenAi(request) && block.type === 'image') {
      const source = block.source as { type?: string; media_type?: string; data?: string } | undefined;
      if (source?.type !== 'base64') return [];
      return [{ mediaType: source.media_type ?? '', data: Buffer.from(source.data ?? '', 'base64') }];
    }
    return [];
  });
}

/** The text parts of the user messages, in order (both protocols call them `{ type: 'text', text }`). */
export function recordedUserTexts(request: RecordedRequest): string[] {
  const messages = (request.body.messages ?? []) as Array<{ role?: string; content?: unknown }>;
  return messages.flatMap((message) => {
    if (message.role !== 'user') return [];
    if (typeof message.content === 'string') return [message.content];
    return (message.content as ContentBlock[]).flatMap((block) =>
      block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
    );
  });
}

/** The image type its first bytes show, for the types both providers take. */
function sniffImageType(data: Buffer): string | undefined {
  if (data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
/** Anthropic measures its 5 MB per image on the base64 text (anthropics/claude-code#19631, lobehub/lobehub#14711). */
const anthropicMaxImageBase64Bytes = 5 * 1024 * 1024;
/** https://docs.anthropic.com/en/docs/build-with-claude/vision, "Limitations": up to 100 images per API request. */
const anthropicMaxImages = 100;
/** https://platform.openai.com/docs/guides/images-vision, "Image input requirements": up to 500 images per request. */
const openAiMaxImages = 500;

/**
 * The refusal the real service gives an image it will not take, or nothing. OpenAI answers an image
 * of another type with 400 "You uploaded an unsupported image. Please make sure your image has of
 * one the following formats: ['png', 'jpeg', 'gif', 'webp']." and code `invalid_image_format`
 * (STranslate/STranslate#277). Anthropic answers a media type outside its four with "…media_type:
 * Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'" (anthropics/claude-code#8184),
 * bytes of another type than declared with "…base64.data: Image does not match the provided media
 * type image/png" (anthropics/claude-code#12064), an image over 5 MB with "…base64: image exceeds
 * 5 MB maximum: N bytes > 5242880 bytes" (anthropics/claude-code#19631). The wording of the
 * too-many-images refusals is the double's own (the documents give the limits, not the message).
 */
function checkImages(request: RecordedRequest): FakeReply | undefined {
  const blocks = userContentBlocks(request);
  const images = recordedImages(request);
  if (isOpenAi(request)) {
    if (images.length > openAiMaxImages) return openAiInvalidRequest(`Too many images: at most ${openAiMaxImages}.`);
    for (const image of images) {
      if (!acceptedImageTypes.includes(image.mediaType) || sniffImageType(image.data) === undefined) {
        return openAiInvalidRequest(
          "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
          'invalid_image_format',
        );
      }
    }
    return undefined;
  }
  if (images.length > anthropicMaxImages) {
    return anthropicError(400, `Too many images in the request: at most ${anthropicMaxImages}.`);
  }
  const messagesIndex = ((request.body.messages ?? []) as unknown[]).length - 1;
  for (const [index, block] of blocks.entries()) {
    if (block.type !== 'image') continue;
    const source = block.source as { media_type?: string; data?: string };
    const where = `messages.${messagesIndex}.content.${index}.image.source.base64`;
    if (!acceptedImageTypes.includes(source.media_type ?? '')) {
      return anthropicError(
        400,
        `${where}.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`,
      );
    }
    const size = (source.data ?? '').length;
    if (size > anthropicMaxImageBase64Bytes) {
      return anthropicError(
        400,
        `${where}: image exceeds 5 MB maximum: ${size} bytes > ${anthropicMaxImageBase64Bytes} bytes`,
      );
    }
    if (sniffImageType(Buffer.from(source.data ?? '', 'base64')) !== source.media_type) {
      return anthropicError(400, `${where}.data: Image does not match the provided media type ${source.media_type}`);
    }
  }
  return undefined;
}

function openAiInvalidRequest(message: string, code: string | null = null): FakeReply {
  return { kind: 'json', status: 400, body: { error: { message, type: 'invalid_request_error', param: null, code } } };
}

// ── A model or server that takes no images ──

/**
 * OpenAI, a model without vision (gpt-3.5-turbo, gpt-4): 400 with
 * `{ error: { message: 'Invalid content type. image_url is only supported by certain models.', type:
 * 'invalid_request_error', param: 'messages.[1].content.[1].type', code: null } }`, as reported from
 * the real API (browser-use/web-ui#274; danny-avila/LibreChat#6333 quotes it through OpenRouter).
 */
export function openAiImagesRefused(): FakeReply {
  return {
    kind: 'json',
    status: 400,
    body: {
      error: {
        message: 'Invalid content type. image_url is only supported by certain models.',
        type: 'invalid_request_error',
        param: 'messages.[1].content.[1].type',
        code: null,
      },
    },
  };
}

/**
 * llama.cpp's llama-server started without a vision projector (--mmproj): 500 with
 * `{ error: { code: 500, message: 'image input is not supported by this server', type: 'server_error' } }`
 * (ggml-org/llama.cpp#13566 shows the inner object and the 500; the server wraps errors in `error`,
 * as its /v1/chat/completions follows OpenAI's error shape). A 500 is retried by the client first.
 */
export function llamaCppImagesRefused(headers: Record<string, string> = {}): FakeReply {
  return {
    kind: 'json',
    status: 500,
    body: { error: { code: 500, message: 'image input is not supported by this server', type: 'server_error' } },
    headers,
  };
}
