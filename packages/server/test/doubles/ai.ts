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
  /** Resolves when a client closes a held-open stream before it ended. */
  clientClosed: Promise<void>;
  close: () => Promise<void>;
};

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export async function startFakeAiServer(): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  let markClientClosed: () => void = () => {};
  const clientClosed = new Promise<void>((resolve) => {
    markClientClosed = resolve;
  });
  const openResponses = new Set<ServerResponse>();

  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
    });
    const next = queue.length > 1 ? queue.shift()! : queue[0];
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
