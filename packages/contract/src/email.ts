import { z } from 'zod';

// ── Contact Us ──

export const contactUsLimits = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  subjectMin: 5,
  subjectMax: 200,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const contactUsFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(contactUsLimits.nameMin, 'contactUs.validation.nameMin')
    .max(contactUsLimits.nameMax, 'validation.tooLong'),
  email: z
    .string()
    .trim()
    .max(contactUsLimits.emailMax, 'validation.tooLong')
    .email('contactUs.validation.emailInvalid'),
  subject: z
    .string()
    .trim()
    .min(contactUsLimits.subjectMin, 'contactUs.validation.subjectMin')
    .max(contactUsLimits.subjectMax, 'validation.tooLong'),
  message: z
    .string()
    .trim()
    .min(contactUsLimits.messageMin, 'contactUs.validation.messageMin')
    .max(contactUsLimits.messageMax, 'validation.tooLong'),
});
export type ContactUsForm = z.infer<typeof contactUsFormSchema>;

export const contactUsResponseSchema = z.object({ success: z.literal(true) });
export const contactUsInfoSchema = z.object({ supportEmail: z.string() });
export type ContactUsInfo = z.infer<typeof contactUsInfoSchema>;

/** The subject of the email support receives. */
export const contactFormSubject = (subject: string) => `Contact Form: ${subject}`;

// ── Messages and payloads ──

export const messageMethods = ['email', 'sms', 'both'] as const;
export const messageMethodSchema = z.enum(messageMethods);
export type MessageMethod = z.infer<typeof messageMethodSchema>;

export const emailPayloadSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string(),
  from: z.string(),
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

export const contactMessagePayloadSchema = z.object({
  to: z.string(),
  subject: z.string(),
  content: z.string(),
  replyTo: z.string(),
});
export type ContactMessagePayload = z.infer<typeof contactMessagePayloadSchema>;

// ── Email providers and settings ──

/** Two providers; the first is the default. */
export const emailProviders = ['sendgrid', 'resend'] as const;
export const emailProviderSchema = z.enum(emailProviders);
export type EmailProvider = z.infer<typeof emailProviderSchema>;
export const defaultEmailProvider: EmailProvider = 'sendgrid';
export const emailProviderNames: Record<EmailProvider, string> = { sendgrid: 'SendGrid', resend: 'Resend' };

/** The key-format heuristic: contains "SG." and is longer than 15 characters, or is at least 50 long. */
export function looksLikeEmailApiKey(key: string): boolean {
  return (key.includes('SG.') && key.length > 15) || key.length >= 50;
}

/** PEM armour and whitespace around a pasted key are dropped; what is left is what gets stored. */
export function normaliseWebhookKey(key: string): string {
  return key
    .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
    .replace(/\s+/g, '')
    .trim();
}

/**
 * What verifies a provider's events, by its documented form. SendGrid: the Signed Event Webhook's
 * verification key, an ECDSA P-256 public key as base64 DER, so it always starts with the same
 * algorithm header
 * (https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features).
 * Resend: the webhook's Svix signing secret, `whsec_` and base64
 * (https://resend.com/docs/webhooks/verify-webhooks-requests).
 */
export function looksLikeWebhookKey(provider: EmailProvider, key: string): boolean {
  const normalised = normaliseWebhookKey(key);
  if (provider === 'sendgrid') return /^MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE[A-Za-z0-9+/]{86}==$/.test(normalised);
  return /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(normalised);
}

export const emailTransportKinds = ['outbox', 'smtp', 'sendgrid', 'resend'] as const;
export const emailTransportKindSchema = z.enum(emailTransportKinds);
export type EmailTransportKind = z.infer<typeof emailTransportKindSchema>;

export const emailTransportInfoSchema = z.object({ kind: emailTransportKindSchema, isExternal: z.boolean() });
export type EmailTransportInfo = z.infer<typeof emailTransportInfoSchema>;

/** What the server stores in user_settings.email_settings (the key lives apart, encrypted). */
export const storedEmailSettingsSchema = z.object({
  senderName: z.string().default(''),
  replyTo: z.string().default(''),
  provider: emailProviderSchema.default(defaultEmailProvider),
  senderEmail: z.string().default(''),
});
export type StoredEmailSettings = z.infer<typeof storedEmailSettingsSchema>;

/**
 * GET /api/email-settings. The API key and the webhook key are never returned, only whether one
 * is stored.
 */
export const emailSettingsResponseSchema = storedEmailSettingsSchema.extend({
  hasApiKey: z.boolean(),
  /** Whether the events of the user's own provider account can be verified (a key is stored). */
  hasWebhookKey: z.boolean(),
  /**
   * With the user's own provider key: where that account sends its delivery events (the public
   * address, then `/api/webhooks/<provider>/<opaque id>`); null without one.
   */
  webhookUrl: z.string().nullable(),
  /** The fixed product address SendGrid mail is sent from (the forced-sender warning names it). */
  forcedSenderEmail: z.string(),
  /** Used when the sender name / reply-to are left empty. */
  accountName: z.string(),
  accountEmail: z.string(),
});
export type EmailSettingsResponse = z.infer<typeof emailSettingsResponseSchema>;

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'validation.tooLong')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'email.invalidEmail');

/** PUT /api/email-settings body. An empty or absent apiKey keeps the stored one. */
export const emailSettingsUpdateSchema = z.object({
  senderName: z.string().trim().max(100, 'validation.tooLong'),
  replyTo: optionalEmail.default(''),
  provider: emailProviderSchema.default(defaultEmailProvider),
  senderEmail: optionalEmail.default(''),
  apiKey: z.string().trim().max(500, 'validation.tooLong').optional(),
  /** The provider account's webhook verification key or signing secret; empty or absent keeps the stored one. */
  webhookKey: z.string().trim().max(1000, 'validation.tooLong').optional(),
});
export type EmailSettingsUpdate = z.input<typeof emailSettingsUpdateSchema>;

export type EmailSettingsIssue = {
  field: 'senderName' | 'apiKey' | 'senderEmail' | 'webhookKey';
  key: string;
  values?: Record<string, string>;
};

/**
 * The email settings form, shared by the form and the server. Messages name the provider, so each
 * issue carries its interpolation values. A provider key is asked for only where it is used: with
 * no key (none entered, none stored) the user's mail goes through the server's own transport (SMTP,
 * an API key of the server, or the outbox), so a Sender Name or Reply-To can be saved alone; a
 * key that is entered must look like one, and Resend (with a key) needs its verified sender address.
 */
export function validateEmailSettings(
  input: {
    senderName: string;
    provider: EmailProvider;
    senderEmail?: string | undefined;
    apiKey?: string | undefined;
    webhookKey?: string | undefined;
  },
  { hasStoredApiKey }: { hasStoredApiKey: boolean },
): EmailSettingsIssue[] {
  const issues: EmailSettingsIssue[] = [];
  const provider = emailProviderNames[input.provider];
  const apiKey = input.apiKey?.trim() ?? '';
  const webhookKey = input.webhookKey?.trim() ?? '';
  const usesOwnProvider = apiKey !== '' || hasStoredApiKey;
  if (input.senderName.trim() === '') issues.push({ field: 'senderName', key: 'email.settings.senderNameRequired' });
  if (apiKey !== '' && !looksLikeEmailApiKey(apiKey)) {
    issues.push({ field: 'apiKey', key: 'email.settings.apiKeyInvalid', values: { provider } });
  }
  if (usesOwnProvider && input.provider === 'resend' && (input.senderEmail ?? '').trim() === '') {
    issues.push({ field: 'senderEmail', key: 'email.settings.senderEmailRequired', values: { provider } });
  }
  // The key verifies the events of the user's own account: without one, there is nothing to verify.
  if (webhookKey !== '' && !usesOwnProvider) {
    issues.push({ field: 'webhookKey', key: 'email.settings.webhookKeyNeedsApiKey', values: { provider } });
  } else if (webhookKey !== '' && !looksLikeWebhookKey(input.provider, webhookKey)) {
    issues.push({
      field: 'webhookKey',
      key: `email.settings.webhookKeyInvalid.${input.provider}`,
      values: { provider },
    });
  }
  return issues;
}

export const testEmailRequestSchema = z.object({
  to: z.string().trim().min(1, 'email.invalidEmail').max(254, 'validation.tooLong').email('email.invalidEmail'),
});
export const testEmailResponseSchema = z.object({ success: z.literal(true), message: z.string() });

// ── Outbox (the embedded default transport; nothing leaves the machine) ──

export const outboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
