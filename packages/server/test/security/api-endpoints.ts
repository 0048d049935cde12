import { accountUpdateSchema, deleteAccountSchema } from '@life-updates/contract/auth';
import {
  contactExportQuerySchema,
  contactImportRequestSchema,
  contactInputSchema,
  contactListQuerySchema,
} from '@life-updates/contract/contacts';
import {
  contactUsFormSchema,
  emailSettingsUpdateSchema,
  outboxQuerySchema,
  testEmailRequestSchema,
} from '@life-updates/contract/email';
import { createIdeaSchema, updateIdeaSchema } from '@life-updates/contract/ideas';
import { reorderPhotosSchema, updatePhotoSchema } from '@life-updates/contract/photos';
import {
  aiConfigSchema,
  generateRequestSchema,
  offlineModelId,
  voiceSampleRequestSchema,
} from '@life-updates/contract/generation';
import { defaultPreferences } from '@life-updates/contract/preferences';
import {
  adminUsersQuerySchema,
  adminUserUpdateSchema,
  contactRequestsQuerySchema,
  contactRequestUpdateSchema,
} from '@life-updates/contract/admin';
import {
  aiProviderCreateSchema,
  aiProviderTestRequestSchema,
  aiProviderUpdateSchema,
  transcriptionSettingsUpdateSchema,
} from '@life-updates/contract/ai-providers';
import { backupRequestSchema } from '@life-updates/contract/backups';
import { voiceLearningUpdateSchema } from '@life-updates/contract/sent-texts';
import { publicAddressUpdateSchema } from '@life-updates/contract/public-address';
import { scheduleUpdateSchema } from '@life-updates/contract/schedule';
import {
  approveShareTextRequestSchema,
  saveShareTextRequestSchema,
  sendShareRequestSchema,
  sendShareTextRequestSchema,
  shareListQuerySchema,
} from '@life-updates/contract/shares';
import { generateShareRequestSchema, updateShareTextRequestSchema } from '@life-updates/contract/shares';
import { templateFormSchema } from '@life-updates/contract/templates';
import type { z } from 'zod';

/**
 * Every API route, once, in the OpenAPI spelling (`METHOD /api/path/{param}`), with what the
 * security suites need to call it. `api-endpoints.test.ts` checks this table against the routes
 * the app really registers, so a new endpoint fails the suite until it has a row here.
 *
 * Adding an endpoint: add a row with its `access`, a `url` (when it has path parameters), a
 * valid `body` for the owner and the contract `bodySchema` / `querySchema` it validates with.
 */

/** The resources user A owns in the tenancy matrix (and A's own user id); rows build requests from them. */
export type OwnedIds = {
  userId: string;
  ideaId: string;
  contactId: string;
  shareId: string;
  templateId: string;
  /** A photo on the idea `ideaId`. */
  photoId: string;
  /** A session of the owner's on another device (not the one the tests call with). */
  sessionId: string;
};

export type ApiEndpoint = {
  /** `METHOD /api/path/{param}` as in the OpenAPI document. */
  route: string;
  /**
   * - `owned-id`: names one of the caller's resources (path or body ids): another user's id → 403/404.
   * - `own-data`: reads or writes the caller's own data (lists, settings): another user's rows never appear.
   * - `public`: reachable without a session, holds no user's data.
   */
  access: 'owned-id' | 'own-data' | 'public';
  /** The URL for these ids (default: the route's path). */
  url?: (ids: OwnedIds) => string;
  /** A valid JSON body for the owner of `ids`. */
  body?: (ids: OwnedIds) => unknown;
  /** The contract schema of the body: bad-input tests derive their arbitraries from it. */
  bodySchema?: z.ZodType;
  /** The contract schema of the query string. */
  querySchema?: z.ZodType;
  /**
   * For an `owned-id` route that answers "nothing here" instead of 403 / 404 when the id is not
   * the caller's: the exact body it must give (it must reveal nothing either way).
   */
  foreignIdAnswer?: unknown;
  /** Not a JSON endpoint (multipart upload, streamed text, file download): no JSON fuzzing of the body. */
  isNotJson?: boolean;
  /** Refuses with a small HTML page, not the API's JSON error: a link opened from an email. */
  refusesWithPage?: boolean;
};

const uuid = '00000000-0000-4000-8000-000000000000';

export const apiEndpoints: ApiEndpoint[] = [
  // Public
  { route: 'GET /api/health', access: 'public' },
  { route: 'GET /api/ready', access: 'public' },
  { route: 'GET /api/transcription/status', access: 'public' },
  { route: 'GET /api/contact-us/info', access: 'public' },
  {
    route: 'POST /api/contact-us',
    access: 'public',
    bodySchema: contactUsFormSchema,
    body: () => ({ name: 'Ann Lee', email: 'ann@example.com', subject: 'Hello', message: 'A question about sharing.' }),
  },
  // Mail providers' delivery events: no session; the signature on the raw body is the check (refused
  // here, where no verification key is configured).
  { route: 'POST /api/webhooks/sendgrid', access: 'public', isNotJson: true },
  { route: 'POST /api/webhooks/resend', access: 'public', isNotJson: true },
  // A link to one photo of a share, from its email (the photos beyond 10 MB): no session; the signed,
  // expiring token is the check. Here one that is not a token (the owner's photo id): 404.
  {
    route: 'GET /api/photo-links/{token}',
    access: 'public',
    isNotJson: true,
    refusesWithPage: true,
    url: (ids) => `/api/photo-links/${ids.photoId}`,
  },
  // A user's own provider account: the address names no user (a random id), the key saved for it
  // is the check; an unknown id answers 404.
  {
    route: 'POST /api/webhooks/sendgrid/{webhookId}',
    access: 'public',
    isNotJson: true,
    url: () => `/api/webhooks/sendgrid/${uuid}`,
  },
  {
    route: 'POST /api/webhooks/resend/{webhookId}',
    access: 'public',
    isNotJson: true,
    url: () => `/api/webhooks/resend/${uuid}`,
  },

  // Account
  { route: 'GET /api/me', access: 'own-data' },
  { route: 'POST /api/me/welcome', access: 'own-data' },
  {
    route: 'PATCH /api/account',
    access: 'own-data',
    bodySchema: accountUpdateSchema,
    body: () => ({ fullName: 'Ann Lee' }),
  },
  { route: 'GET /api/account/sessions', access: 'own-data' },
  { route: 'GET /api/account/export', access: 'own-data', isNotJson: true },
  {
    route: 'DELETE /api/account/sessions/{id}',
    access: 'owned-id',
    url: (ids) => `/api/account/sessions/${ids.sessionId}`,
  },
  { route: 'POST /api/account/sessions/revoke-others', access: 'own-data' },
  {
    route: 'POST /api/account/delete',
    access: 'own-data',
    bodySchema: deleteAccountSchema,
    // A wrong password: the suites must not delete the account they go on using.
    body: () => ({ password: 'Not-the-passw0rd!' }),
  },

  // Ideas
  { route: 'GET /api/ideas', access: 'own-data' },
  {
    route: 'POST /api/ideas',
    access: 'own-data',
    bodySchema: createIdeaSchema,
    body: () => ({ content: 'We moved to Lisbon', tags: ['move'] }),
  },
  {
    route: 'PATCH /api/ideas/{id}',
    access: 'owned-id',
    url: (ids) => `/api/ideas/${ids.ideaId}`,
    bodySchema: updateIdeaSchema,
    body: () => ({ content: 'Edited text', description: 'edited' }),
  },
  { route: 'DELETE /api/ideas/{id}', access: 'owned-id', url: (ids) => `/api/ideas/${ids.ideaId}` },
  { route: 'GET /api/usage', access: 'own-data' },

  // Photos on ideas
  { route: 'GET /api/ideas/{id}/photos', access: 'owned-id', url: (ids) => `/api/ideas/${ids.ideaId}/photos` },
  {
    route: 'POST /api/ideas/{id}/photos',
    access: 'owned-id',
    url: (ids) => `/api/ideas/${ids.ideaId}/photos`,
    isNotJson: true,
  },
  {
    route: 'PUT /api/ideas/{id}/photos/order',
    access: 'owned-id',
    url: (ids) => `/api/ideas/${ids.ideaId}/photos/order`,
    bodySchema: reorderPhotosSchema,
    body: (ids) => ({ photoIds: [ids.photoId] }),
  },
  { route: 'GET /api/photos/{id}', access: 'owned-id', url: (ids) => `/api/photos/${ids.photoId}`, isNotJson: true },
  {
    route: 'GET /api/photos/{id}/thumbnail',
    access: 'owned-id',
    url: (ids) => `/api/photos/${ids.photoId}/thumbnail`,
    isNotJson: true,
  },
  {
    route: 'PATCH /api/photos/{id}',
    access: 'owned-id',
    url: (ids) => `/api/photos/${ids.photoId}`,
    bodySchema: updatePhotoSchema,
    body: () => ({ alt: 'Our new front door' }),
  },
  { route: 'DELETE /api/photos/{id}', access: 'owned-id', url: (ids) => `/api/photos/${ids.photoId}` },
  { route: 'POST /api/transcription', access: 'own-data', isNotJson: true },

  // Contacts
  { route: 'GET /api/contacts', access: 'own-data', querySchema: contactListQuerySchema },
  { route: 'GET /api/contacts/export', access: 'own-data', querySchema: contactExportQuerySchema, isNotJson: true },
  { route: 'GET /api/contacts/{id}', access: 'owned-id', url: (ids) => `/api/contacts/${ids.contactId}` },
  {
    route: 'POST /api/contacts',
    access: 'own-data',
    bodySchema: contactInputSchema,
    body: () => ({
      name: 'Bob Stone',
      email: `bob-${Math.random().toString(36).slice(2)}@example.com`,
      relationship: 'friend',
    }),
  },
  {
    route: 'PUT /api/contacts/{id}',
    access: 'owned-id',
    url: (ids) => `/api/contacts/${ids.contactId}`,
    bodySchema: contactInputSchema,
    body: () => ({ name: 'Renamed', email: 'renamed@example.com' }),
  },
  { route: 'DELETE /api/contacts/{id}', access: 'owned-id', url: (ids) => `/api/contacts/${ids.contactId}` },
  {
    route: 'POST /api/contacts/import',
    access: 'own-data',
    bodySchema: contactImportRequestSchema,
    body: () => ({ contacts: [{ name: 'Cara', email: `cara-${Math.random().toString(36).slice(2)}@example.com` }] }),
  },

  // Generation and AI settings
  { route: 'GET /api/ai/models', access: 'own-data' },
  { route: 'POST /api/ai-settings/removed-model/dismiss', access: 'own-data' },
  { route: 'GET /api/voice-learning', access: 'own-data' },
  {
    route: 'PUT /api/voice-learning',
    access: 'own-data',
    bodySchema: voiceLearningUpdateSchema,
    body: () => ({ isOn: false }),
  },
  { route: 'DELETE /api/voice-learning', access: 'own-data' },
  { route: 'GET /api/ai-settings', access: 'own-data' },
  {
    route: 'PUT /api/ai-settings',
    access: 'own-data',
    bodySchema: aiConfigSchema,
    body: () => ({ model: offlineModelId, temperature: 0.5, maxTokens: 1000, personalizationStrength: 'high' }),
  },
  {
    route: 'PUT /api/voice-sample',
    access: 'own-data',
    bodySchema: voiceSampleRequestSchema,
    body: () => ({ voiceSample: 'Hi all!' }),
  },
  {
    route: 'POST /api/generate/stream',
    access: 'owned-id',
    bodySchema: generateRequestSchema,
    body: (ids) => ({ ideaIds: [ids.ideaId], preferences: defaultPreferences }),
  },

  // Shares
  { route: 'GET /api/shares', access: 'own-data', querySchema: shareListQuerySchema },
  {
    route: 'GET /api/shares/for-idea/{ideaId}',
    access: 'owned-id',
    url: (ids) => `/api/shares/for-idea/${ids.ideaId}`,
    foreignIdAnswer: { share: null },
  },
  {
    route: 'POST /api/shares/save-for-later',
    access: 'owned-id',
    bodySchema: saveShareTextRequestSchema,
    body: (ids) => ({ ideaIds: [ids.ideaId], text: 'A post about Lisbon', preferences: defaultPreferences }),
  },
  {
    route: 'POST /api/shares/approve',
    access: 'owned-id',
    bodySchema: approveShareTextRequestSchema,
    body: (ids) => ({ ideaIds: [ids.ideaId], text: 'A post about Lisbon', preferences: defaultPreferences }),
  },
  {
    route: 'POST /api/shares/{id}/send',
    access: 'owned-id',
    url: (ids) => `/api/shares/${ids.shareId}/send`,
    bodySchema: sendShareRequestSchema,
    body: (ids) => ({ destinations: { contactIds: [ids.contactId] }, subject: 'News' }),
  },
  {
    route: 'POST /api/shares/send',
    access: 'owned-id',
    bodySchema: sendShareTextRequestSchema,
    body: (ids) => ({
      ideaIds: [ids.ideaId],
      text: 'A post about Lisbon',
      preferences: defaultPreferences,
      destinations: { contactIds: [ids.contactId] },
      subject: 'News',
    }),
  },
  {
    route: 'POST /api/shares/{id}/unschedule',
    access: 'owned-id',
    url: (ids) => `/api/shares/${ids.shareId}/unschedule`,
  },
  {
    route: 'POST /api/shares/{id}/retry-failed',
    access: 'owned-id',
    url: (ids) => `/api/shares/${ids.shareId}/retry-failed`,
  },
  {
    route: 'GET /api/shares/{id}/deliveries',
    access: 'owned-id',
    url: (ids) => `/api/shares/${ids.shareId}/deliveries`,
  },

  // Email
  { route: 'GET /api/email-settings', access: 'own-data' },
  {
    route: 'PUT /api/email-settings',
    access: 'own-data',
    bodySchema: emailSettingsUpdateSchema,
    body: () => ({ senderName: 'Ann', provider: 'sendgrid', apiKey: 'SG.0123456789abcdef' }),
  },
  { route: 'DELETE /api/email-settings/api-key', access: 'own-data' },
  {
    route: 'POST /api/email-settings/test',
    access: 'own-data',
    bodySchema: testEmailRequestSchema,
    body: () => ({ to: 'me@example.com' }),
  },
  { route: 'GET /api/email/transport', access: 'own-data' },
  { route: 'GET /api/outbox', access: 'own-data', querySchema: outboxQuerySchema },

  // Email-structure templates: the {id} rows name A's own custom template
  { route: 'GET /api/templates', access: 'own-data' },
  {
    route: 'POST /api/templates',
    access: 'own-data',
    bodySchema: templateFormSchema,
    body: () => ({ name: 'My structure', template: 'Hello {{name}}: {{events}}', isDefault: false }),
  },
  {
    route: 'PUT /api/templates/{id}',
    access: 'owned-id',
    url: (ids) => `/api/templates/${ids.templateId}`,
    bodySchema: templateFormSchema,
    body: () => ({ name: 'My structure', template: 'Hello {{name}}: {{events}}', isDefault: false }),
  },
  { route: 'DELETE /api/templates/{id}', access: 'owned-id', url: (ids) => `/api/templates/${ids.templateId}` },

  // Per-contact summaries and Summeris
  {
    route: 'POST /api/shares/generate',
    access: 'own-data',
    bodySchema: generateShareRequestSchema,
    body: (ids) => ({ ideaIds: [ids.ideaId], templateId: 'default', contactIds: [ids.contactId] }),
  },
  { route: 'GET /api/shares/review', access: 'own-data' },
  {
    route: 'PUT /api/shares/{id}/texts/{contactId}',
    access: 'owned-id',
    url: (ids) => `/api/shares/${ids.shareId}/texts/${ids.contactId}`,
    bodySchema: updateShareTextRequestSchema,
    body: () => ({ text: 'A new text for you' }),
  },
  { route: 'DELETE /api/shares/{id}', access: 'owned-id', url: (ids) => `/api/shares/${ids.shareId}` },

  // Sharing schedule
  { route: 'GET /api/schedule', access: 'own-data' },
  {
    route: 'PUT /api/schedule',
    access: 'own-data',
    bodySchema: scheduleUpdateSchema,
    body: () => ({
      frequency: 'weekly',
      startDate: '2026-12-01',
      startTime: '09:00',
      autoSend: false,
      selectedContacts: 'all',
      timeZone: 'Europe/Berlin',
    }),
  },

  // LinkedIn (the security suites' app has no LinkedIn app configured: connect refuses with 409)
  { route: 'GET /api/linkedin/connection', access: 'own-data' },
  { route: 'DELETE /api/linkedin/connection', access: 'own-data' },
  { route: 'POST /api/linkedin/connect', access: 'own-data' },
  // Without a session it sends the browser to sign in; with one it only takes that user's own state.
  { route: 'GET /api/linkedin/callback', access: 'public', isNotJson: true },

  // Telegram (the security suites' app has no bot token: linking refuses with 409; a chat id is only ever one of the user's own)
  { route: 'GET /api/telegram', access: 'own-data' },
  { route: 'POST /api/telegram/link-code', access: 'own-data' },
  { route: 'DELETE /api/telegram/link', access: 'own-data' },
  {
    route: 'DELETE /api/telegram/chats/{chatId}',
    access: 'owned-id',
    url: () => `/api/telegram/chats/${uuid}`,
  },

  // Admin (every route refuses a non-admin with 403: features/admin/admin.test.ts); a user's row is A's own
  { route: 'GET /api/admin/stats', access: 'own-data' },
  { route: 'GET /api/admin/users', access: 'own-data', querySchema: adminUsersQuerySchema },
  {
    route: 'PATCH /api/admin/users/{id}',
    access: 'owned-id',
    url: (ids) => `/api/admin/users/${ids.userId}`,
    bodySchema: adminUserUpdateSchema,
    body: () => ({ monthlyShareLimit: 20 }),
  },
  {
    route: 'POST /api/admin/users/{id}/disable',
    access: 'owned-id',
    url: (ids) => `/api/admin/users/${ids.userId}/disable`,
  },
  {
    route: 'POST /api/admin/users/{id}/enable',
    access: 'owned-id',
    url: (ids) => `/api/admin/users/${ids.userId}/enable`,
  },
  {
    route: 'POST /api/admin/users/{id}/clear-two-factor',
    access: 'owned-id',
    url: (ids) => `/api/admin/users/${ids.userId}/clear-two-factor`,
  },
  { route: 'GET /api/admin/contact-requests', access: 'own-data', querySchema: contactRequestsQuerySchema },
  {
    route: 'PATCH /api/admin/contact-requests/{id}',
    access: 'owned-id',
    url: () => `/api/admin/contact-requests/${uuid}`,
    bodySchema: contactRequestUpdateSchema,
    body: () => ({ status: 'handled' }),
  },
  { route: 'GET /api/admin/public-address', access: 'own-data' },
  // AI providers and speech to text: the whole server's. Addresses on a closed local port, so a
  // test or a model list fails at once instead of waiting on the network.
  { route: 'GET /api/admin/ai-providers', access: 'own-data' },
  {
    route: 'POST /api/admin/ai-providers',
    access: 'own-data',
    bodySchema: aiProviderCreateSchema,
    body: () => ({ kind: 'openai-compatible', name: 'Home server', baseUrl: 'http://127.0.0.1:9/v1' }),
  },
  {
    route: 'PATCH /api/admin/ai-providers/{id}',
    access: 'owned-id',
    url: () => `/api/admin/ai-providers/${uuid}`,
    bodySchema: aiProviderUpdateSchema,
    body: () => ({ name: 'Renamed' }),
  },
  { route: 'DELETE /api/admin/ai-providers/{id}', access: 'owned-id', url: () => `/api/admin/ai-providers/${uuid}` },
  {
    route: 'POST /api/admin/ai-providers/{id}/models',
    access: 'owned-id',
    url: () => `/api/admin/ai-providers/${uuid}/models`,
  },
  {
    route: 'POST /api/admin/ai-providers/{id}/test',
    access: 'owned-id',
    url: () => `/api/admin/ai-providers/${uuid}/test`,
    bodySchema: aiProviderTestRequestSchema,
    body: () => ({ model: 'llama3.2:3b' }),
  },
  { route: 'GET /api/admin/transcription', access: 'own-data' },
  {
    route: 'PUT /api/admin/transcription',
    access: 'own-data',
    bodySchema: transcriptionSettingsUpdateSchema,
    body: () => ({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' }),
  },
  { route: 'DELETE /api/admin/transcription', access: 'own-data' },
  { route: 'POST /api/admin/transcription/test', access: 'own-data' },
  { route: 'GET /api/admin/backups', access: 'own-data' },
  { route: 'POST /api/admin/backups', access: 'own-data', bodySchema: backupRequestSchema },
  {
    route: 'GET /api/admin/backups/{name}',
    access: 'own-data',
    url: () => '/api/admin/backups/life-updates-2026-11-27T03-07-00-000Z.tar.gz',
    isNotJson: true,
  },
  {
    route: 'PUT /api/admin/public-address',
    access: 'own-data',
    bodySchema: publicAddressUpdateSchema,
    body: () => ({ address: 'https://updates.example.com' }),
  },
];

/** A well-formed id that names nothing, for routes whose ids must be UUIDs. */
export const unknownId = uuid;

export const methodOf = (endpoint: ApiEndpoint) =>
  endpoint.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const pathOf = (endpoint: ApiEndpoint, ids?: OwnedIds) =>
  ids && endpoint.url ? endpoint.url(ids) : endpoint.route.split(' ')[1]!;
