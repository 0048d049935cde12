import type { AiProviderProblem } from '@life-updates/contract/ai-providers';
import { z } from 'zod';
import type { ProviderSettings } from './create-text-generators.ts';

const openAiDefaultBaseUrl = 'https://api.openai.com/v1';
const anthropicDefaultBaseUrl = 'https://api.anthropic.com';
/** Listing models is quick on every provider; a server that takes longer is as good as unreachable. */
const listTimeoutMs = 15_000;
const maxProviderMessageLength = 300;

/** OpenAI's `GET /v1/models` (https://platform.openai.com/docs/api-reference/models/list), also Anthropic's shape. */
const modelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
/** Ollama's `GET /api/tags` (https://github.com/ollama/ollama/blob/main/docs/api.md#list-local-models). */
const ollamaTagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });
const errorBodySchema = z.object({ error: z.union([z.object({ message: z.string() }), z.string()]) });

/** Why a provider could not be used, in our words (`problem`), with the provider's own message when it sent one. */
export class ProviderConnectionError extends Error {
  override name = 'ProviderConnectionError';
  constructor(
    readonly problem: AiProviderProblem,
    readonly providerMessage?: string,
    options?: { cause?: unknown },
  ) {
    super(`provider connection failed: ${problem}`, options);
  }
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

function problemOfStatus(status: number): AiProviderProblem {
  if (status === 401 || status === 403) return 'wrongKey';
  if (status === 404) return 'modelNotFound';
  if (status === 408 || status === 504) return 'timeout';
  return 'other';
}

function providerMessageOf(raw: string): string | undefined {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const { error } = parsed.data;
    return (typeof error === 'string' ? error : error.message).slice(0, maxProviderMessageLength);
  } catch {
    return undefined;
  }
}

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  let response: Response;
  let raw: string;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(listTimeoutMs),
    });
    raw = await response.text();
  } catch (cause) {
    throw new ProviderConnectionError(problemOfCause(cause), undefined, { cause });
  }
  if (!response.ok) throw new ProviderConnectionError(problemOfStatus(response.status), providerMessageOf(raw));
  try {
    return JSON.parse(raw);
  } catch (cause) {
    throw new ProviderConnectionError('other', undefined, { cause });
  }
}

/**
 * The model names a provider lists. OpenAI and OpenAI-compatible servers: `GET {base}/models` with a
 * bearer key. Ollama answers that too from 0.1.24 on (https://github.com/ollama/ollama/blob/main/docs/openai.md);
 * when a server does not (404), its native `GET /api/tags` at the same host is asked instead.
 * Anthropic: `GET /v1/models` with `x-api-key` and `anthropic-version`
 * (https://docs.anthropic.com/en/api/models-list).
 */
export async function listProviderModels(provider: ProviderSettings): Promise<string[]> {
  if (provider.kind === 'anthropic') {
    const base = trimSlashes(provider.baseUrl ?? anthropicDefaultBaseUrl).replace(/\/v1$/, '');
    const body = await getJson(`${base}/v1/models`, {
      'anthropic-version': '2023-06-01',
      ...(provider.apiKey ? { 'x-api-key': provider.apiKey } : {}),
    });
    return namesOf(modelListSchema.safeParse(body).data?.data.map((model) => model.id));
  }
  const base = trimSlashes(provider.baseUrl ?? openAiDefaultBaseUrl);
  const headers: Record<string, string> = provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {};
  try {
    const body = await getJson(`${base}/models`, headers);
    return namesOf(modelListSchema.safeParse(body).data?.data.map((model) => model.id));
  } catch (error) {
    if (!(error instanceof ProviderConnectionError) || error.problem !== 'modelNotFound') throw error;
    const body = await getJson(`${new URL(base).origin}/api/tags`, headers);
    return namesOf(ollamaTagsSchema.safeParse(body).data?.models.map((model) => model.name));
  }
}

function namesOf(names: string[] | undefined): string[] {
  if (!names) throw new ProviderConnectionError('other');
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** Every error in a chain of causes (the AI SDK's RetryError keeps its attempts' errors, fetch keeps the socket's). */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    yield current;
    const next = current as { lastError?: unknown; cause?: unknown };
    current = next.lastError ?? next.cause;
  }
}

/** A failure with no answer from the provider: the address cannot be reached, or it took too long. */
function problemOfCause(error: unknown): AiProviderProblem {
  for (const cause of causes(error)) {
    const details = cause as { name?: string; code?: string };
    if (details.name === 'TimeoutError') return 'timeout';
    if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN'].includes(details.code ?? '')) {
      return 'unreachable';
    }
  }
  return 'unreachable';
}

/**
 * What a generation's failure means to the admin: the AI SDK's APICallError carries the status and
 * the body (wrong key 401, missing model 404), a network failure carries the socket's code, and a
 * timeout is a TimeoutError or AbortError.
 */
export function describeProviderFailure(error: unknown): { problem: AiProviderProblem; providerMessage?: string } {
  for (const cause of causes(error)) {
    const details = cause as { statusCode?: number; responseBody?: string; name?: string };
    if (typeof details.statusCode === 'number') {
      const providerMessage = details.responseBody ? providerMessageOf(details.responseBody) : undefined;
      return { problem: problemOfStatus(details.statusCode), ...(providerMessage ? { providerMessage } : {}) };
    }
    if (details.name === 'TimeoutError' || details.name === 'AbortError') return { problem: 'timeout' };
  }
  return { problem: problemOfCause(error) };
}
