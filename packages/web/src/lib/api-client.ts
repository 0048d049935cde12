import type { ApiError } from '@life-updates/contract/errors';
import { currentLocale } from './i18n';

/** A failed API call, carrying the server's `{ code, message, fields? }` (message already translated). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly lockedUntil: string | undefined;
  constructor(status: number, body: ApiError) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields;
    this.lockedUntil = body.lockedUntil;
  }
}

/** The error of a failed answer: the server's own when its body is one, else a generic one. */
export function failedRequest(status: number, body: unknown): ApiRequestError {
  const { code = 'HTTP_ERROR', message, fields, lockedUntil } = (body ?? {}) as Partial<ApiError>;
  if (typeof message !== 'string')
    return new ApiRequestError(status, { code: 'HTTP_ERROR', message: `HTTP ${status}` });
  return new ApiRequestError(status, { code, message, fields, lockedUntil });
}

/** A request that never reached the server. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

type RequestOptions = Omit<RequestInit, 'body'> & {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
};

function buildUrl(path: string, query?: RequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Low-level fetch with our headers; returns the Response after turning failures into typed errors. */
export async function apiFetch(
  path: string,
  { body, query, headers, ...init }: RequestOptions = {},
): Promise<Response> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      credentials: 'same-origin',
      ...init,
      headers: {
        accept: 'application/json',
        'accept-language': currentLocale(),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError((error as Error).message);
  }
  // A body that is not JSON leaves the generic error.
  if (!response.ok) throw failedRequest(response.status, await response.json().catch(() => undefined));
  return response;
}

/** JSON request helper used by every feature's api/ files. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message;
  return fallback;
}

/** A refusal's own message (a 4xx says what to change); for a server fault or no answer, `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.status < 500 ? error.message : fallback;
}
