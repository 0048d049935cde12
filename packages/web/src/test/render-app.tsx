import type { Delivery } from '@life-updates/contract/shares';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';

/** Renders `routes` at `path` as the app holds them: a fresh query client that does not retry, and the toaster. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** One request the app made; `body` is the JSON it sent, if any. */
export interface ApiCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stands in for the server: `answer` answers what it knows (a 404 where it returns nothing). Returns
 * the requests as they come. The caller unstubs with `vi.unstubAllGlobals()` after each test.
 */
export function stubApi(answer: (url: string, init: RequestInit) => Response | Promise<Response> | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return (await answer(url, init)) ?? Response.json({ code: 'NOT_FOUND', message: 'not found' }, { status: 404 });
    }),
  );
  return calls;
}

/** A queued email delivery, with `overrides`. */
export function delivery(overrides: Partial<Delivery>): Delivery {
  return {
    id: crypto.randomUUID(),
    channel: 'email',
    contactId: null,
    recipientName: null,
    recipientEmail: null,
    status: 'queued',
    attempts: 0,
    error: null,
    canRetry: false,
    link: null,
    sentAt: null,
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}
