import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the paid AI services: it speaks the OpenAI chat-completions and the
 * Anthropic messages wire protocols (JSON and server-sent events), records every request, and
 * answers from a queue the test fills.
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

export function openAiError(
  status: number,
  message = 'provider error',
  headers: Record<string, string> = {},
): FakeReply {
  return { kind: 'json', status, body: { error: { message, type: 'server_error', code: null } }, headers };
}

// ── Anthropic messages ──

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

export function anthropicError(
  status: number,
  message = 'provider error',
  headers: Record<string, string> = {},
): FakeReply {
  return { kind: 'json', status, body: { type: 'error', error: { type: 'api_error', message } }, headers };
}
