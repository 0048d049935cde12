import type { PublicAddress } from '@life-updates/contract/public-address';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { PublicAddressCard } from './public-address-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const oneClickOff =
  'One-click unsubscribe is off because the public address is not https. Update emails still carry an unsubscribe link, which opens a page with an Unsubscribe button.';

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PublicAddressCard />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PublicAddressCard', () => {
  it('says one-click unsubscribe is off on an http address, and stops saying it once the address is https', async () => {
    const saved: PublicAddress = {
      address: 'https://updates.example.com',
      fixedByEnvironment: false,
      isOneClickUnsubscribeOn: true,
    };
    const fetchSpy = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json(200, saved)
        : json(200, { address: 'http://192.168.1.20:3000', fixedByEnvironment: false, isOneClickUnsubscribeOn: false }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderCard();

    const input = await screen.findByLabelText('Public address');
    expect(input).toHaveValue('http://192.168.1.20:3000');
    expect(screen.getByText(oneClickOff)).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'https://updates.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByText(oneClickOff)).not.toBeInTheDocument());
    expect(fetchSpy).toHaveBeenCalledWith('/api/admin/public-address', expect.objectContaining({ method: 'PUT' }));
  });

  it('says it beside an http address fixed by BASE_URL too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { address: 'http://localhost:3000', fixedByEnvironment: true, isOneClickUnsubscribeOn: false }),
      ),
    );
    renderCard();
    expect(
      await screen.findByText(/Set by BASE_URL in the server's environment \(http:\/\/localhost:3000\)/),
    ).toBeInTheDocument();
    expect(screen.getByText(oneClickOff)).toBeInTheDocument();
  });

  it('says nothing about one-click when the address is https', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { address: 'https://updates.example.com', fixedByEnvironment: true, isOneClickUnsubscribeOn: true }),
      ),
    );
    renderCard();
    expect(await screen.findByText(/\(https:\/\/updates\.example\.com\)/)).toBeInTheDocument();
    expect(screen.queryByText(/One-click unsubscribe is off/)).not.toBeInTheDocument();
  });
});
