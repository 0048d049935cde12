import { describe, expect, it } from 'vitest';
import {
  contactUsFormSchema,
  defaultEmailProvider,
  emailProviders,
  emailSettingsUpdateSchema,
  looksLikeEmailApiKey,
  looksLikeWebhookKey,
  testEmailRequestSchema,
  validateEmailSettings,
} from './email.ts';
import { translate } from './i18n.ts';

const validForm = {
  name: 'Ann',
  email: 'ann@example.com',
  subject: 'Upgrade please',
  message: 'I need 50 shares a month.',
};

function firstMessage(
  result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('contact-us form', () => {
  it('accepts a valid message and trims it', () => {
    const parsed = contactUsFormSchema.parse({ ...validForm, name: '  Ann  ' });
    expect(parsed.name).toBe('Ann');
  });

  it.each([
    ['name', 'A', 'Name must be at least 2 characters'],
    ['name', '   ', 'Name must be at least 2 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['subject', 'Hey', 'Subject must be at least 5 characters'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
  ])('refuses a bad %s with the spec message', (field, value, message) => {
    const result = contactUsFormSchema.safeParse({ ...validForm, [field]: value });
    expect(result.success).toBe(false);
    expect(translate(firstMessage(result, field)!, 'en')).toBe(message);
  });

  it('bounds the lengths', () => {
    const result = contactUsFormSchema.safeParse({ ...validForm, message: 'x'.repeat(5001) });
    expect(translate(firstMessage(result, 'message')!, 'en')).toBe('This value is too long');
  });
});

describe('email providers and the key heuristic', () => {
  it('has two providers, SendGrid first and default', () => {
    expect(emailProviders).toEqual(['sendgrid', 'resend']);
    expect(defaultEmailProvider).toBe('sendgrid');
  });

  it.each([
    ['SG.abcdefghijklm', true], // 16 characters with SG.
    ['SG.abcdefghijkl', false], // 15 characters: not longer than 15
    ['re_' + 'x'.repeat(47), true], // 50 characters
    ['re_' + 'x'.repeat(46), false], // 49 characters
    ['x'.repeat(20) + 'SG.' + 'y', true],
    ['', false],
  ])('looksLikeEmailApiKey(%j) is %s', (key, expected) => {
    expect(looksLikeEmailApiKey(key)).toBe(expected);
  });
});

describe('email settings validation', () => {
  const messages = (issues: ReturnType<typeof validateEmailSettings>) =>
    Object.fromEntries(issues.map((issue) => [issue.field, translate(issue.key, 'en', issue.values)]));

  it('requires a sender name, and no key when the server sends the mail', () => {
    const issues = validateEmailSettings({ senderName: ' ', provider: 'sendgrid' }, { hasStoredApiKey: false });
    expect(messages(issues)).toEqual({ senderName: 'Please enter a sender name' });
    for (const provider of ['sendgrid', 'resend'] as const) {
      expect(validateEmailSettings({ senderName: 'Ann', provider }, { hasStoredApiKey: false })).toEqual([]);
    }
  });

  it('keeps a stored key when the field is left empty', () => {
    expect(validateEmailSettings({ senderName: 'Ann', provider: 'sendgrid' }, { hasStoredApiKey: true })).toEqual([]);
  });

  it('refuses a key that does not look like one', () => {
    const issues = validateEmailSettings(
      { senderName: 'Ann', provider: 'sendgrid', apiKey: 'short' },
      { hasStoredApiKey: true },
    );
    expect(messages(issues).apiKey).toBe('This does not look like a valid SendGrid API key');
  });

  it('requires a sender email for Resend, naming it', () => {
    const issues = validateEmailSettings(
      { senderName: 'Ann', provider: 'resend', apiKey: 'r'.repeat(50) },
      { hasStoredApiKey: false },
    );
    expect(messages(issues)).toEqual({ senderEmail: 'Please enter a sender email address for Resend' });
    expect(translate(issues[0]!.key, 'ru', issues[0]!.values)).toContain('Resend');
  });

  it('checks the webhook key by the provider’s form, and only with a key of the user’s own', () => {
    // A P-256 public key as SendGrid's settings show it (base64 DER), made once with node:crypto.
    const sendgridKey =
      'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWCF8/SmrnTDx/4/mDL7PCcAjSAoQr2/B0b2rZbadFTBdr2sGbqerMGBj1TlQmkPN1DrT4mr2b22h6512hvrKdQ==';
    expect(sendgridKey).toHaveLength(124);
    expect(looksLikeWebhookKey('sendgrid', sendgridKey)).toBe(true);
    expect(
      looksLikeWebhookKey('sendgrid', `-----BEGIN PUBLIC KEY-----\n${sendgridKey}\n-----END PUBLIC KEY-----`),
    ).toBe(true);
    expect(looksLikeWebhookKey('sendgrid', 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=')).toBe(false);
    expect(looksLikeWebhookKey('resend', 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=')).toBe(true);
    expect(looksLikeWebhookKey('resend', sendgridKey)).toBe(false);
    const withoutOwnKey = validateEmailSettings(
      { senderName: 'Ann', provider: 'sendgrid', webhookKey: sendgridKey },
      { hasStoredApiKey: false },
    );
    expect(messages(withoutOwnKey)).toEqual({
      webhookKey: 'Save your SendGrid API key first: this key verifies the events of your own account.',
    });
    const wrong = validateEmailSettings(
      { senderName: 'Ann', provider: 'resend', senderEmail: 'ann@life.test', webhookKey: sendgridKey },
      { hasStoredApiKey: true },
    );
    expect(messages(wrong)).toEqual({
      webhookKey: 'This does not look like a Resend signing secret (it starts with whsec_)',
    });
  });

  it('checks reply-to and sender addresses when given', () => {
    const result = emailSettingsUpdateSchema.safeParse({ senderName: 'Ann', replyTo: 'nope' });
    expect(translate(firstMessage(result, 'replyTo')!, 'en')).toBe('Please enter a valid email address');
    expect(emailSettingsUpdateSchema.parse({ senderName: 'Ann' })).toMatchObject({
      replyTo: '',
      provider: 'sendgrid',
      senderEmail: '',
    });
  });

  it('requires a test address', () => {
    const result = testEmailRequestSchema.safeParse({ to: '' });
    expect(translate(firstMessage(result, 'to')!, 'en')).toBe('Please enter a valid email address');
  });
});
