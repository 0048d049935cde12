import type { BackupFile, BackupList } from '@life-updates/contract/backups';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { BackupsCard } from './backups-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const older: BackupFile = {
  name: 'life-updates-2026-11-26T03-07-00-000Z.tar.gz',
  size: 2_400_000,
  createdAt: '2026-11-26T03:07:00.000Z',
};
const made: BackupFile = {
  name: 'life-updates-2026-11-27T10-00-00-000Z.tar.gz',
  size: 2_500_000,
  createdAt: '2026-11-27T10:00:00.000Z',
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BackupsCard />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BackupsCard', () => {
  it('shows the last backup and how to restore, and Back up now makes one and downloads it', async () => {
    let backups: BackupFile[] = [older];
    const fetchSpy = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        backups = [made, ...backups];
        return json(201, made);
      }
      const list: BackupList = { database: 'pglite', directory: '/data/backups', keep: 7, backups };
      return json(200, list);
    });
    vi.stubGlobal('fetch', fetchSpy);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.getAttribute('href')} as ${this.download}`);
    });
    renderCard();

    expect(
      await screen.findByText(
        'The embedded database is backed up once a day into /data/backups; the newest 7 backups are kept.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: older.name })).toHaveAttribute('href', `/api/admin/backups/${older.name}`);
    expect(screen.getByText('npm run db:restore -- FILE')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(downloads).toEqual([`/api/admin/backups/${made.name} as ${made.name}`]));
    expect(fetchSpy).toHaveBeenCalledWith('/api/admin/backups', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('link', { name: made.name })).toBeInTheDocument();
  });

  it('on PostgreSQL points to pg_dump and offers no button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { database: 'postgres', directory: null, keep: 7, backups: [] })),
    );
    renderCard();
    expect(await screen.findByText(/back it up with pg_dump/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back up now' })).not.toBeInTheDocument();
  });
});
