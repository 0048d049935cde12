import type { AiProvidersResponse } from '@life-updates/contract/ai-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { AiProvidersCard } from './ai-providers-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const listed: AiProvidersResponse = {
  providers: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      kind: 'openai-compatible',
      name: 'Home Ollama',
      baseUrl: 'http://localhost:11434/v1',
      hasApiKey: true,
      enabledModels: [],
    },
  ],
  environment: [{ kind: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: null }],
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AiProvidersCard />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AiProvidersCard', () => {
  it("shows the environment's provider read-only, lists a provider's models, tests one and enables it", async () => {
    const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/models')) return json(200, { models: ['llama3.2:3b'] });
      if (url.endsWith('/test'))
        return json(200, {
          isOk: false,
          problem: 'wrongKey',
          message: 'The provider refused the key. Check the API key.',
        });
      if (init?.method === 'PATCH')
        return json(200, { provider: { ...listed.providers[0], enabledModels: ['llama3.2:3b'] } });
      return json(200, listed);
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderCard();

    expect(await screen.findByText(/claude-sonnet-4-5/)).toBeInTheDocument();
    expect(screen.getByText(/Set in the server's environment: change it there/)).toBeInTheDocument();
    const provider = screen.getByRole('region', { name: 'Home Ollama' });
    // Only that a key is set, never the key.
    expect(within(provider).getByText('A key is set. Type a new one to replace it.')).toBeInTheDocument();

    await userEvent.click(within(provider).getByRole('button', { name: 'List models' }));
    await userEvent.click(await within(provider).findByRole('button', { name: 'Test llama3.2:3b' }));
    expect(await within(provider).findByRole('status')).toHaveTextContent('The provider refused the key.');

    await userEvent.click(within(provider).getByRole('checkbox', { name: 'llama3.2:3b' }));
    await userEvent.click(within(provider).getByRole('button', { name: 'Save the models users see' }));
    const patch = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/admin/ai-providers/${listed.providers[0]!.id}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ enabledModels: ['llama3.2:3b'] });
  });
});
