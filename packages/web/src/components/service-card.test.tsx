import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { ServiceCard } from './service-card';

function renderCard(status: Parameters<typeof ServiceCard>[0]['status']) {
  render(
    <ServiceCard
      title="Telegram"
      description="Capture ideas from a chat."
      status={status}
      failedMessage="Could not load."
      notConfiguredMessage="Not set up on this server."
    >
      <button type="button">Connect</button>
    </ServiceCard>,
  );
}

describe('ServiceCard', () => {
  it('shows its title and a loading state while the status is pending', () => {
    renderCard({ isPending: true, isError: false });
    expect(screen.getByRole('heading', { name: 'Telegram' })).toBeInTheDocument();
    expect(screen.getByText('Capture ideas from a chat.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
  });

  it('says when the status failed to load', () => {
    renderCard({ isPending: false, isError: true });
    expect(screen.getByText('Could not load.')).toBeInTheDocument();
  });

  it('says when the server does not offer the service, and shows the rest once the status is in', () => {
    renderCard({ isPending: false, isError: false, data: { isConfigured: false } });
    expect(screen.getByText('Not set up on this server.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });
});
