import type { ShareReviewResponse, ShareWithContacts } from '@life-updates/contract/shares';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { delivery, renderRoutes, stubApi } from '@/test/render-app';
import { ShareReviewPage } from './summeris-page';

function share(overrides: Partial<ShareWithContacts>): ShareWithContacts {
  return {
    id: crypto.randomUUID(),
    status: 'generated',
    ideaIds: ['i1'],
    ideas: [],
    contactIds: [],
    texts: { summary: 'We moved to Lisbon.' },
    templateId: null,
    subject: null,
    source: 'create',
    generatedAt: '2026-05-01T09:00:00.000Z',
    sendAt: null,
    sentAt: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    contacts: [],
    templateName: null,
    deliveries: [],
    photos: [],
    ...overrides,
  };
}

const ann = { id: 'c1', name: 'Ann Friend', email: 'ann@example.com', relationship: 'friend' };
const bob = { id: 'c2', name: 'Bob Colleague', email: 'bob@example.com', relationship: 'colleague' };

const pending = share({ id: 'pending-1', contactIds: ['c1'], contacts: [ann], texts: { c1: 'Dear Ann, news.' } });
const scheduled = share({
  id: 'scheduled-1',
  status: 'scheduled',
  sendAt: '2099-06-01T09:30:00.000Z',
  contactIds: ['c1'],
  contacts: [ann],
  deliveries: [
    delivery({ channel: 'email', recipientName: 'Ann Friend', recipientEmail: 'ann@example.com' }),
    delivery({ channel: 'linkedin', recipientName: 'Ada Lovelace' }),
  ],
});
const partlySent = share({
  id: 'sent-1',
  status: 'sent',
  sentAt: '2026-05-02T10:00:00.000Z',
  contactIds: ['c1', 'c2'],
  contacts: [ann, bob],
  deliveries: [
    delivery({ recipientName: 'Ann Friend', recipientEmail: 'ann@example.com', status: 'sent' }),
    delivery({
      recipientName: 'Bob Colleague',
      recipientEmail: 'bob@example.com',
      status: 'bounced',
      error: 'Mailbox unknown',
    }),
    delivery({
      channel: 'telegram',
      recipientName: 'Family news',
      status: 'published',
      link: 'https://t.me/family_news/7',
    }),
    delivery({
      channel: 'linkedin',
      recipientName: 'Ada Lovelace',
      status: 'failed',
      error: 'LinkedIn could not be reached. Try again in a few minutes.',
      canRetry: true,
    }),
  ],
});

function stubReview(review: ShareReviewResponse) {
  return stubApi((url) => {
    if (url === '/api/shares/review') return Response.json(review);
    if (url === `/api/shares/${scheduled.id}/unschedule`)
      return Response.json({ share: { ...scheduled, status: 'approved' } });
    return undefined;
  });
}

function renderPage() {
  renderRoutes([{ path: '/summeris', element: <ShareReviewPage /> }], '/summeris');
}

afterEach(() => vi.unstubAllGlobals());

// A stored photo as the review lists it; only what the card shows is given.
const photo = (id: string, alt: string | null) =>
  ({
    id,
    ideaId: 'i1',
    position: 0,
    alt,
    width: 400,
    height: 300,
    url: `/api/photos/${id}`,
    thumbnailUrl: `/api/photos/${id}/thumbnail`,
  }) as ShareWithContacts['photos'][number];

const review: ShareReviewResponse = {
  pending: [pending],
  scheduled: [scheduled],
  sent: [partlySent],
  failed: [partlySent],
};

describe('Summeris', () => {
  it('lists each tab in the order the server gave, without sorting it again', async () => {
    // The server orders each tab newest first; here it gives the older share first, on purpose.
    const older = share({ id: 'older', contactIds: ['c2'], contacts: [bob], generatedAt: '2026-04-01T09:00:00.000Z' });
    const newer = share({ id: 'newer', contactIds: ['c1'], contacts: [ann], generatedAt: '2026-05-01T09:00:00.000Z' });
    stubReview({ ...review, pending: [older, newer] });
    renderPage();
    await screen.findByRole('article', { name: 'Share with Bob Colleague' });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toBe(screen.getByRole('article', { name: 'Share with Bob Colleague' }));
    expect(cards[1]).toBe(screen.getByRole('article', { name: 'Share with Ann Friend' }));
  });

  it('shows the photos of a share’s ideas as thumbnails that open the full view', async () => {
    stubReview({
      ...review,
      pending: [{ ...pending, photos: [photo('p1', 'The harbour at dawn'), photo('p2', null)] }],
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Share with Ann Friend' });
    const photos = within(card).getByRole('list', { name: 'Photos' });
    const thumbnails = within(photos).getAllByRole('img');
    expect(thumbnails.map((image) => [image.getAttribute('alt'), image.getAttribute('src')])).toEqual([
      ['The harbour at dawn', '/api/photos/p1/thumbnail'],
      ['Photo 2', '/api/photos/p2/thumbnail'],
    ]);
    expect(thumbnails[0]).toHaveAttribute('loading', 'lazy');
    await user.click(within(photos).getByRole('button', { name: 'Open photo 2 of 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(viewer).getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', '/api/photos/p2');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'The harbour at dawn' })).toHaveAttribute('src', '/api/photos/p1');

    // Choosing where it goes says the photos go too.
    await user.keyboard('{Escape}');
    await user.click(within(card).getByRole('button', { name: 'Change recipients' }));
    const destinations = await screen.findByRole('dialog', { name: 'Who should receive this share?' });
    expect(within(destinations).getByText('2 photos go with it.')).toBeVisible();
  });

  it('has four tabs with their counts, and each tab shows its shares', async () => {
    stubReview(review);
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('tab', { name: 'Pending 1' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Scheduled 1' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Sent 1' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Failed 1' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Share with Ann Friend' })).toBeVisible();
    expect(screen.getByLabelText('Summary for Ann Friend')).toHaveValue('Dear Ann, news.');

    await user.click(screen.getByRole('tab', { name: 'Scheduled 1' }));
    const scheduledCard = screen.getByRole('article', { name: /Share with Ann Friend, Ada Lovelace \(LinkedIn\)/ });
    expect(within(scheduledCard).getByText(/^Goes out .*2099/)).toBeVisible();
    expect(within(scheduledCard).getByRole('listitem', { name: 'LinkedIn: Ada Lovelace' })).toHaveTextContent('Queued');

    await user.click(screen.getByRole('tab', { name: 'Sent 1' }));
    const sentCard = screen.getByRole('article');
    expect(within(sentCard).getByText('2 of 4 destinations have it.')).toBeVisible();
    expect(within(sentCard).getByRole('listitem', { name: 'Email: Ann Friend <ann@example.com>' })).toHaveTextContent(
      'Sent',
    );
    expect(within(sentCard).getByRole('listitem', { name: 'Telegram: Family news' })).toHaveTextContent('Published');
    expect(within(sentCard).getByRole('link', { name: 'View post in Family news' })).toHaveAttribute(
      'href',
      'https://t.me/family_news/7',
    );

    await user.click(screen.getByRole('tab', { name: 'Failed 1' }));
    const failedCard = screen.getByRole('article');
    const failed = within(failedCard).getAllByRole('listitem');
    expect(failed.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Email: Bob Colleague <bob@example.com>',
      'LinkedIn: Ada Lovelace',
    ]);
    expect(failed[0]).toHaveTextContent('Mailbox unknown');
    expect(failed[1]).toHaveTextContent('LinkedIn could not be reached.');
    expect(within(failedCard).getByRole('button', { name: 'Retry failed' })).toBeVisible();
  });

  it('shows "Retry failed" only when a failure can be retried', async () => {
    const permanent = {
      ...partlySent,
      deliveries: partlySent.deliveries.map((item) => ({ ...item, canRetry: false })),
    };
    stubReview({ pending: [], scheduled: [], sent: [permanent], failed: [permanent] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Failed 1' }));
    expect(within(screen.getByRole('article')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Sent 1' }));
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
  });

  it('Cancel schedule asks first, then sends the share back to Pending', async () => {
    const calls = stubReview(review);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Scheduled 1' }));
    await user.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel schedule?' });
    expect(calls.some((call) => call.url.endsWith('/unschedule'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByText('Schedule cancelled. The share is back in Pending.')).toBeVisible();
    expect(calls).toContainEqual({ url: `/api/shares/${scheduled.id}/unschedule`, method: 'POST' });
  });

  it('says so when a tab is empty', async () => {
    stubReview({ pending: [], scheduled: [], sent: [], failed: [] });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('No pending shares')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Scheduled 0' }));
    expect(screen.getByText('No scheduled shares')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Failed 0' }));
    expect(screen.getByText('No failed shares')).toBeVisible();
  });
});
