import { describe, expect, it } from 'vitest';
import { translate } from './i18n.ts';
import { defaultPreferences } from './preferences.ts';
import { countDeliveries, deliveryOutcomeMessage, destinationsSchema, sendShareTextRequestSchema } from './shares.ts';

describe('delivery outcome', () => {
  const statuses = (...list: Array<'queued' | 'sending' | 'sent' | 'published' | 'failed'>) =>
    list.map((status) => ({ status }));

  it('is pending while any delivery is queued or sending', () => {
    expect(deliveryOutcomeMessage(countDeliveries(statuses('sent', 'sending')))).toBeNull();
  });

  it('names all recipients on success, the failures on a partial send, and a total failure', () => {
    const all = deliveryOutcomeMessage(countDeliveries(statuses('sent', 'sent', 'sent')))!;
    expect(translate(all.key, 'en', all.values)).toBe('Successfully sent emails to all 3 recipients!');
    const one = deliveryOutcomeMessage(countDeliveries(statuses('sent')))!;
    expect(translate(one.key, 'en', one.values)).toBe('Successfully sent the email to 1 recipient!');
    const partial = deliveryOutcomeMessage(countDeliveries(statuses('sent', 'failed', 'sent')))!;
    expect(translate(partial.key, 'en', partial.values)).toBe(
      'Sent emails to some recipients, but 1 failed. See console for details.',
    );
    const none = deliveryOutcomeMessage(countDeliveries(statuses('failed', 'failed')))!;
    expect(translate(none.key, 'en', none.values)).toBe(
      'Failed to send all emails. Check server logs and API key configuration.',
    );
    const withPost = deliveryOutcomeMessage(countDeliveries(statuses('sent', 'published')))!;
    expect(translate(withPost.key, 'en', withPost.values)).toBe('Successfully sent emails to all 2 recipients!');
    const empty = deliveryOutcomeMessage(countDeliveries([]))!;
    expect(translate(empty.key, 'en')).toBe('No valid recipients with content to send emails.');
  });
});

describe('destinations', () => {
  it('take any mix of contacts, Telegram chats and LinkedIn, and at least one', () => {
    expect(destinationsSchema.parse({ linkedin: true })).toEqual({
      contactIds: [],
      telegramChatIds: [],
      linkedin: true,
    });
    expect(destinationsSchema.safeParse({}).error?.issues[0]?.message).toBe('summeris.validation.selectDestination');
    expect(destinationsSchema.safeParse({ telegramChatIds: ['-100123'] }).error?.issues[0]?.message).toBe(
      'telegram.errors.chooseChannel',
    );
  });

  it('send at a time given with its offset', () => {
    const request = {
      ideaIds: ['7f0c8f8e-1f5a-4a51-9a0e-3f1b2c3d4e5f'],
      text: 'Hello',
      preferences: defaultPreferences,
      destinations: { linkedin: true },
    };
    expect(sendShareTextRequestSchema.safeParse({ ...request, sendAt: '2026-12-01T09:00:00+01:00' }).success).toBe(
      true,
    );
    expect(sendShareTextRequestSchema.safeParse({ ...request, sendAt: 'tomorrow' }).error?.issues[0]?.message).toBe(
      'summeris.validation.invalidTime',
    );
  });
});
