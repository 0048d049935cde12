import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Telegram's Bot API (https://core.telegram.org/bots/api), speaking its wire
 * protocol so that grammY and our bot code run unchanged: `POST /bot<token>/<method>` with a JSON or
 * form body answers `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`;
 * files download from `GET /file/bot<token>/<file_path>`. getUpdates long-polls (it waits up to
 * `timeout` seconds for an update) and confirms updates below `offset`, as Telegram does.
 */
export type RecordedCall = { method: string; params: Record<string, unknown> };
export type ScriptedFailure = { error_code: number; description: string; retry_after?: number };
type Member = { status: 'creator' | 'administrator' | 'member' | 'left' };

export type FakeTelegramApi = {
  apiRoot: string;
  token: string;
  bot: { id: number; username: string; first_name: string };
  calls: RecordedCall[];
  /** Adds an update (its update_id assigned here) for the next getUpdates; returns the update_id. */
  pushUpdate: (update: Record<string, unknown>) => number;
  /** The updates getUpdates has not been told are handled (offset not past them). */
  unconfirmed: () => number;
  /** getUpdates calls refused because another was still waiting (Telegram's 409 Conflict). */
  conflicts: () => number;
  /** The next calls of `method` fail with these answers, one each. */
  failNext: (method: string, ...failures: ScriptedFailure[]) => void;
  addFile: (fileId: string, body: Uint8Array) => void;
  setMember: (chatId: number, userId: number, status: Member['status']) => void;
  sentMessages: () => Array<{ chat_id: number; text: string; parse_mode?: string }>;
  /** Waits until a sendMessage to `chatId` matches; returns it. */
  waitForMessage: (
    chatId: number,
    match: (text: string) => boolean,
    timeoutMs?: number,
  ) => Promise<{ chat_id: number; text: string; parse_mode?: string }>;
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (raw.length === 0) return {};
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  // multipart/form-data (grammY sends it when a call carries a file) or urlencoded
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  const params: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    try {
      params[key] = JSON.parse(value);
    } catch {
      params[key] = value;
    }
  }
  return params;
}

export async function startFakeTelegramApi({
  token = '123456:TEST-token_for-the-fake',
  botUsername = 'life_updates_test_bot',
}: { token?: string; botUsername?: string } = {}): Promise<FakeTelegramApi> {
  const bot = { id: Number(token.split(':')[0]), username: botUsername, first_name: 'Life Updates' };
  const calls: RecordedCall[] = [];
  const updates: Array<Record<string, unknown> & { update_id: number }> = [];
  const failures = new Map<string, ScriptedFailure[]>();
  const files = new Map<string, { path: string; body: Uint8Array }>();
  const members = new Map<string, Member>();
  let nextUpdateId = 1000;
  let pollsInFlight = 0;
  let conflicts = 0;
  let nextMessageId = 1;
  let waiters: Array<() => void> = [];
  const wake = () => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };

  const ok = (response: ServerResponse, result: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
  const fail = (response: ServerResponse, failure: ScriptedFailure) =>
    response.writeHead(failure.error_code, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ok: false,
        error_code: failure.error_code,
        description: failure.description,
        ...(failure.retry_after === undefined ? {} : { parameters: { retry_after: failure.retry_after } }),
      }),
    );

  async function getUpdates(params: Record<string, unknown>, request: IncomingMessage) {
    const offset = typeof params.offset === 'number' ? params.offset : 0;
    // Telegram forgets the updates below the offset: they are confirmed.
    while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
    const timeoutSeconds = typeof params.timeout === 'number' ? params.timeout : 0;
    const deadline = Date.now() + timeoutSeconds * 1000;
    while (updates.length === 0 && Date.now() < deadline && !request.socket.destroyed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return updates.slice(0, typeof params.limit === 'number' ? params.limit : 100);
  }

  function handle(method: string, params: Record<string, unknown>) {
    switch (method) {
      case 'getMe':
        return {
          ...bot,
          is_bot: true,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case 'deleteWebhook':
      case 'setWebhook':
        return true;
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        return {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat:
            chatId > 0
              ? { id: chatId, type: 'private', first_name: 'Someone' }
              : { id: chatId, type: 'channel', title: 'Channel' },
          text: params.text,
        };
      }
      case 'getFile': {
        const file = files.get(String(params.file_id));
        if (!file) return { error: { error_code: 400, description: 'Bad Request: invalid file_id' } };
        return {
          file_id: params.file_id,
          file_unique_id: `u-${String(params.file_id)}`,
          file_size: file.body.length,
          file_path: file.path,
        };
      }
      case 'getChatMember': {
        const member = members.get(`${String(params.chat_id)}:${String(params.user_id)}`);
        if (!member) return { error: { error_code: 400, description: 'Bad Request: chat not found' } };
        return { status: member.status, user: { id: Number(params.user_id), is_bot: false, first_name: 'Member' } };
      }
      default:
        return { error: { error_code: 404, description: 'Not Found' } };
    }
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.telegram');
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileMatch) {
      const file = fileMatch[1] === token ? [...files.values()].find((item) => item.path === fileMatch[2]) : undefined;
      if (!file) return response.writeHead(404).end('Not Found');
      return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(file.body));
    }
    const methodMatch = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!methodMatch) return fail(response, { error_code: 404, description: 'Not Found' });
    if (methodMatch[1] !== token) return fail(response, { error_code: 401, description: 'Unauthorized' });
    const method = methodMatch[2]!;
    const params = await readBody(request);
    calls.push({ method, params });
    const scripted = failures.get(method)?.shift();
    if (scripted) return fail(response, scripted);
    if (method === 'getUpdates') {
      // Telegram serves one poller per bot: a second concurrent getUpdates is a 409 Conflict.
      if (pollsInFlight > 0) {
        conflicts += 1;
        return fail(response, {
          error_code: 409,
          description:
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        });
      }
      pollsInFlight += 1;
      try {
        return ok(response, await getUpdates(params, request));
      } finally {
        pollsInFlight -= 1;
      }
    }
    const result = handle(method, params) as { error?: ScriptedFailure };
    if (result && typeof result === 'object' && 'error' in result && result.error) return fail(response, result.error);
    return ok(response, result);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sentMessages = () =>
    calls
      .filter((call) => call.method === 'sendMessage')
      .map((call) => call.params as { chat_id: number; text: string; parse_mode?: string });

  return {
    apiRoot,
    token,
    bot,
    calls,
    pushUpdate: (update) => {
      const updateId = nextUpdateId++;
      updates.push({ ...update, update_id: updateId });
      wake();
      return updateId;
    },
    unconfirmed: () => updates.length,
    conflicts: () => conflicts,
    failNext: (method, ...list) => failures.set(method, [...(failures.get(method) ?? []), ...list]),
    addFile: (fileId, body) => files.set(fileId, { path: `voice/${fileId}.oga`, body }),
    setMember: (chatId, userId, status) => members.set(`${chatId}:${userId}`, { status }),
    sentMessages,
    waitForMessage: async (chatId, match, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sentMessages().find((message) => Number(message.chat_id) === chatId && match(message.text));
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = sentMessages().map((message) => `${message.chat_id}: ${message.text}`);
          throw new Error(`no matching message to ${chatId}; sent so far:\n${seen.join('\n')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      wake();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A private-chat message update from a Telegram user, as Telegram sends it. */
export function privateMessage(
  user: { id: number; first_name?: string; username?: string; language_code?: string },
  fields: Record<string, unknown>,
) {
  const from = { is_bot: false, first_name: 'Ann', ...user };
  return {
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private', first_name: from.first_name, username: from.username },
      from,
      ...fields,
    },
  };
}
