import type { Contact } from '@life-updates/contract/contacts';
import type { LinkedinConnectionResponse } from '@life-updates/contract/linkedin';
import { defaultPreferences } from '@life-updates/contract/preferences';
import type { Delivery, SendResult, ShareDeliveriesResponse } from '@life-updates/contract/shares';
import { countDeliveries } from '@life-updates/contract/shares';
import type { TelegramStatus } from '@life-updates/contract/telegram';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { type ApiCall, delivery, renderRoutes, stubApi } from '@/test/render-app';
import { GenerationWorkspace } from './generation-workspace';

const ideaId = '3f1c7a52-4a57-4bb8-9b53-1f2a6a1f0e11';
const chatId = '8d2b6a0e-51c4-4f7e-9a83-2c1f0b7d9e44';
const contacts = [
  { id: 'c1', name: 'Ann Friend', relationship: 'friend' },
  { id: 'c2', name: 'Bob Colleague', relationship: 'colleague' },
] as Contact[];
const telegram: TelegramStatus = {
  isConfigured: true,
  botUsername: 'life_bot',
  link: { username: 'ada', firstName: 'Ada', linkedAt: '2026-01-01T00:00:00.000Z' },
  chats: [{ id: chatId, title: 'Family news', username: null, type: 'channel', createdAt: '2026-01-01T00:00:00.000Z' }],
};
const linkedin: LinkedinConnectionResponse = {
  isConfigured: true,
  connection: { name: 'Ada Lovelace', expiresAt: '2099-01-01T00:00:00.000Z', state: 'valid' },
};

function deliveriesResponse(deliveries: Delivery[]): ShareDeliveriesResponse {
  const counts = countDeliveries(deliveries);
  return { shareId: 's1', shareStatus: 'sent', isDone: counts.queued + counts.sending === 0, counts, deliveries };
}

function sendResult(outcome: SendResult['outcome'], deliveries: Delivery[]): SendResult {
  return {
    shareId: 's1',
    outcome,
    queued: deliveries.length,
    skipped: 0,
    skippedUnsubscribed: 0,
    skippedBouncing: 0,
    deliveries: deliveriesResponse(deliveries),
  };
}

function stubDestinations({
  telegramStatus = telegram,
  linkedinConnection = linkedin,
  send,
}: {
  telegramStatus?: TelegramStatus;
  linkedinConnection?: LinkedinConnectionResponse;
  send: () => SendResult;
}) {
  return stubApi((url) => {
    if (url.startsWith('/api/contacts')) return Response.json({ contacts });
    if (url === '/api/telegram') return Response.json(telegramStatus);
    if (url === '/api/linkedin/connection') return Response.json(linkedinConnection);
    if (url === '/api/shares/send') return Response.json(send());
    return undefined;
  });
}

function renderWorkspace(text = 'Our news: we moved to Lisbon.') {
  renderRoutes(
    [
      {
        path: '/create',
        element: (
          <GenerationWorkspace
            ideaIds={[ideaId]}
            initialText={text}
            initialPreferences={defaultPreferences}
            generateLabel="Generate Content"
          />
        ),
      },
      { path: '/dashboard', element: <p>My Stories</p> },
    ],
    '/create',
  );
}

afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Email to Contacts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Contacts to Share With' });
  // The Telegram and LinkedIn sections come with their answers.
  await within(dialog).findByRole('checkbox', { name: /Family news/ });
  await within(dialog).findByRole('checkbox', { name: /Post on your LinkedIn profile/ });
  return dialog;
}

const sent = (calls: ApiCall[]) => calls.filter((call) => call.url === '/api/shares/send');

describe('the share dialog of Create Content and Generate', () => {
  it('sends to a contact, a Telegram chat and LinkedIn now, and lists how each destination went', async () => {
    const calls = stubDestinations({
      send: () =>
        sendResult('queued', [
          delivery({
            channel: 'email',
            recipientName: 'Ann Friend',
            recipientEmail: 'ann@example.com',
            status: 'sent',
          }),
          delivery({ channel: 'telegram', recipientName: 'Family news', status: 'published' }),
          delivery({
            channel: 'linkedin',
            recipientName: 'Ada Lovelace',
            status: 'published',
            link: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
          }),
        ]),
    });
    renderWorkspace();
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Send Email' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Choose at least one contact, Telegram chat or LinkedIn.');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Ann Friend/ }));
    // Contacts alone: the product's "Send Email".
    expect(within(dialog).getByRole('button', { name: 'Send Email' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Family news/ }));
    const linkedinChoice = within(dialog).getByRole('checkbox', {
      name: 'Post on your LinkedIn profile (Ada Lovelace)',
    });
    expect(linkedinChoice).toHaveAccessibleDescription('29 / 3000 characters');
    await userEvent.click(linkedinChoice);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(sent(calls).map((call) => call.body)).toEqual([
      {
        ideaIds: [ideaId],
        text: 'Our news: we moved to Lisbon.',
        preferences: defaultPreferences,
        destinations: { contactIds: ['c1'], telegramChatIds: [chatId], linkedin: true },
      },
    ]);
    const result = await screen.findByRole('dialog', { name: 'Sent' });
    expect(result).toHaveAccessibleDescription('3 of 3 destinations have it.');
    expect(within(result).getByRole('listitem', { name: 'Email: Ann Friend <ann@example.com>' })).toHaveTextContent(
      'Sent',
    );
    expect(within(result).getByRole('listitem', { name: 'Telegram: Family news' })).toHaveTextContent('Published');
    expect(within(result).getByRole('link', { name: 'View post on LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/feed/update/urn:li:share:1/',
    );
  });

  it('an email-only send ends in "Sent" / "Email sent."', async () => {
    stubDestinations({
      send: () =>
        sendResult('queued', [
          delivery({ recipientName: 'Bob Colleague', recipientEmail: 'bob@example.com', status: 'sent' }),
        ]),
    });
    renderWorkspace();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Bob Colleague/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    const result = await screen.findByRole('dialog', { name: 'Sent' });
    expect(result).toHaveAccessibleDescription('Email sent.');
    expect(within(result).queryByRole('list')).toBeNull();
  });

  it('refuses a time in the past without asking the server, and sends a future time as sendAt', async () => {
    const calls = stubDestinations({
      send: () => sendResult('scheduled', [delivery({ channel: 'telegram', recipientName: 'Family news' })]),
    });
    renderWorkspace();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Family news/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'At a time' }));
    const time = within(dialog).getByLabelText('Date and time');

    fireEvent.change(time, { target: { value: '2020-01-01T10:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a time in the future.');
    expect(time).toHaveAccessibleDescription('Choose a time in the future.');
    expect(sent(calls)).toEqual([]);

    fireEvent.change(time, { target: { value: '2099-06-01T09:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const result = await screen.findByRole('dialog', { name: 'Scheduled' });
    expect(result).toHaveAccessibleDescription(/^It goes out .*2099/);
    const body = sent(calls)[0]?.body as { sendAt: string; destinations: unknown };
    expect(body.destinations).toEqual({ contactIds: [], telegramChatIds: [chatId], linkedin: false });
    expect(body.sendAt).toBe(new Date('2099-06-01T09:30').toISOString());
  });

  it('counts a LinkedIn post as LinkedIn receives it and refuses one that is too long', async () => {
    const calls = stubDestinations({ send: () => sendResult('queued', []) });
    renderWorkspace(`${'#'.repeat(1500)} (hi)`);
    const dialog = await openDialog();
    // 1,505 characters typed; the 1,502 # ( ) are sent as \# \( \): 3,007.
    expect(within(dialog).getByText('3007 / 3000 characters')).toHaveClass('text-destructive');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Post on your LinkedIn profile/ }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A LinkedIn post can have at most 3,000 characters');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sent(calls)).toEqual([]);
  });

  it('offers only contacts when there is no Telegram chat and no LinkedIn connection', async () => {
    const calls = stubDestinations({
      telegramStatus: { ...telegram, chats: [] },
      linkedinConnection: { isConfigured: true, connection: null },
      send: () => sendResult('queued', []),
    });
    renderWorkspace();
    await userEvent.click(screen.getByRole('button', { name: 'Email to Contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Contacts to Share With' });
    await within(dialog).findByRole('checkbox', { name: /Ann Friend/ });
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual(
        expect.arrayContaining(['/api/telegram', '/api/linkedin/connection']),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('group', { name: 'Telegram' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'LinkedIn' })).toBeNull();
    expect(within(dialog).getByRole('group', { name: 'When' })).toBeVisible();
  });
});
