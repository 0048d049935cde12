import { translate } from '@life-updates/contract/i18n';
import type { LinkedinConnectionResponse } from '@life-updates/contract/linkedin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkedinKeys } from '@/api/linkedin';
import '@/lib/i18n';
import { LinkedinPublish } from './linkedin-publish';

const connected: LinkedinConnectionResponse = {
  isConfigured: true,
  connection: { name: 'Ada Lovelace', expiresAt: '2099-01-01T00:00:00.000Z', state: 'valid' },
};

function stubApi(connection: LinkedinConnectionResponse, publish: () => Response) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/linkedin/connection') return Response.json(connection);
      if (url === '/api/linkedin/publish') return publish();
      return Response.json({ code: 'NOT_FOUND', message: 'not found' }, { status: 404 });
    }),
  );
  return calls;
}

/** `known`: the connection already in the cache, as after Settings or the banner loaded it. */
function renderPublish(known?: LinkedinConnectionResponse, text = 'Hello LinkedIn') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (known) queryClient.setQueryData(linkedinKeys.connection(), known);
  const router = createMemoryRouter(
    [
      {
        path: '/generate',
        element: <LinkedinPublish ideaIds={['3f1c7a52-4a57-4bb8-9b53-1f2a6a1f0e11']} text={text} disabled={false} />,
      },
    ],
    { initialEntries: ['/generate'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

async function publishNow() {
  // The button shows once the server said it has a LinkedIn app.
  await userEvent.click(await screen.findByRole('button', { name: 'Publish to LinkedIn' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Publish now' }));
}

describe('LinkedinPublish', () => {
  it('shows the post link LinkedIn returned', async () => {
    const calls = stubApi(connected, () =>
      Response.json({
        postUrn: 'urn:li:share:1',
        postUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
        message: 'Published on LinkedIn.',
      }),
    );
    renderPublish();
    await publishNow();
    expect(await screen.findByRole('link', { name: 'View post on LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/feed/update/urn:li:share:1/',
    );
    expect(calls.find((call) => call.url === '/api/linkedin/publish')?.body).toEqual({
      ideaIds: ['3f1c7a52-4a57-4bb8-9b53-1f2a6a1f0e11'],
      text: 'Hello LinkedIn',
    });
  });

  it('on an expired token says to reconnect, points to Connected accounts, and shows no success', async () => {
    const message =
      'Your LinkedIn connection has expired. Reconnect LinkedIn in Settings → Connected accounts, then publish again.';
    stubApi(connected, () => Response.json({ code: 'LINKEDIN_RECONNECT', message }, { status: 409 }));
    renderPublish();
    await publishNow();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Open Connected accounts' })).toHaveAttribute(
      'href',
      '/settings?tab=connected',
    );
    expect(screen.queryByRole('link', { name: 'View post on LinkedIn' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeDisabled();
  });

  it('on a retired LinkedIn API version shows the server’s message naming LINKEDIN_API_VERSION, no reconnect', async () => {
    const message = translate('linkedin.errors.versionRetired', 'en', { version: '202501' });
    stubApi(connected, () => Response.json({ code: 'LINKEDIN_VERSION_RETIRED', message }, { status: 502 }));
    renderPublish();
    await publishNow();
    expect(await screen.findByText(message)).toBeVisible();
    expect(message).toContain('LINKEDIN_API_VERSION');
    expect(screen.queryByRole('link', { name: 'Open Connected accounts' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View post on LinkedIn' })).toBeNull();
  });

  it('counts the characters as LinkedIn receives them, escaped, against the 3,000 limit', async () => {
    stubApi(connected, () => Response.json({}));
    renderPublish(undefined, `${'#'.repeat(1500)} (hi)`);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish to LinkedIn' }));
    // 1,505 characters typed; the 1,502 # ( ) are sent as \# \( \): 3,007.
    expect(await screen.findByText('3007 / 3000 characters')).toHaveClass('text-destructive');
  });

  it('asks to connect first when there is no connection', async () => {
    const calls = stubApi({ isConfigured: true, connection: null }, () => Response.json({}));
    renderPublish({ isConfigured: true, connection: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish to LinkedIn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connect LinkedIn in Settings → Connected accounts first.',
    );
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(calls.some((call) => call.url === '/api/linkedin/publish')).toBe(false);
  });
});
