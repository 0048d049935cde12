import { EventWebhook, EventWebhookHeader } from '@sendgrid/eventwebhook';
import type { EmailProvider } from '@life-updates/contract/email';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Webhook, WebhookVerificationError } from 'svix';
import { z } from 'zod';
import { getWebhookAccount } from './email-settings-service.ts';
import { applyProviderEvents, type ProviderEvent } from './provider-events-service.ts';

/*
 * Provider events, and where each mapping comes from.
 * SendGrid: https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/event (the Event
 * Webhook Reference: a JSON array of events with `event`, `email`, `sg_message_id`, `smtp-id`,
 * `reason`, `type`).
 * Resend: https://resend.com/docs/webhooks/event-types (one event per request: `type`, `created_at`,
 * `data` with `email_id`, `to`, and per type `bounce`, `failed`, `suppressed`).
 */

const sendgridEventsSchema = z
  .array(
    z.looseObject({
      event: z.string(),
      email: z.string().optional(),
      sg_message_id: z.string().optional(),
      'smtp-id': z.string().optional(),
      type: z.string().optional(),
      reason: z.string().optional(),
    }),
  )
  .max(10_000);

const resendEventSchema = z.looseObject({
  type: z.string(),
  data: z.looseObject({
    email_id: z.string().optional(),
    to: z.array(z.string()).optional(),
    bounce: z.looseObject({ message: z.string().optional(), type: z.string().optional() }).optional(),
    failed: z.looseObject({ reason: z.string().optional() }).optional(),
    suppressed: z.looseObject({ message: z.string().optional(), type: z.string().optional() }).optional(),
  }),
});

/**
 * A SendGrid drop by its reason. SendGrid drops a message, without sending it, when the address is
 * on one of the account's lists or the message itself is refused; the reasons are listed at
 * https://sendgrid.com/docs/API_Reference/Webhooks/event_deprecated.html ("Dropped") and explained
 * at https://docs.sendgrid.com/glossary/drops ("Bounced Address" comes from the bounce list, see
 * also anymail/django-anymail#379). A listed address is not a new bounce: it was reported before.
 */
function sendgridDrop(
  reason: string | undefined,
): { kind: 'suppressed' | 'unsubscribed' | 'complained' } | { kind: 'failed'; isRetryable: false } {
  const normalised = (reason ?? '').trim().toLowerCase();
  // On the bounce list, or on the invalid-address list: mail to it will not be sent.
  if (normalised === 'bounced address' || normalised === 'invalid') return { kind: 'suppressed' };
  // On the unsubscribe list (or a group's): the recipient opted out through SendGrid.
  if (normalised.startsWith('unsubscribed')) return { kind: 'unsubscribed' };
  // On the spam report list: they reported earlier mail as spam.
  if (normalised === 'spam reporting address') return { kind: 'complained' };
  // "Spam Content", "Invalid SMTPAPI header" and the like: the message, not the address; sending it
  // again the same way is dropped again.
  return { kind: 'failed', isRetryable: false };
}

/**
 * SendGrid's events in our terms. A message sent with the Mail Send API is found by `sg_message_id`,
 * which starts with the X-Message-Id the API answered (https://sendgrid.com/docs/glossary/x-message-id/,
 * sendgrid/sendgrid-nodejs#412); one sent through SendGrid's SMTP relay by `smtp-id`, the Message-ID
 * header we sent (it is ours when the From domain is authenticated with SendGrid: anymail/django-anymail#108).
 */
function fromSendgrid(events: z.infer<typeof sendgridEventsSchema>): ProviderEvent[] {
  return events.flatMap((event): ProviderEvent[] => {
    const base = {
      providerMessageId: event.sg_message_id?.split('.')[0] || undefined,
      messageId: event['smtp-id'] || undefined,
      email: event.email,
      detail: event.reason,
    };
    switch (event.event) {
      case 'delivered':
        return [{ ...base, kind: 'delivered' }];
      case 'deferred':
        return [{ ...base, kind: 'deferred' }];
      // "blocked" is a bounce the receiving server may lift; only a real bounce is for good.
      case 'bounce':
        return [{ ...base, kind: event.type === 'blocked' ? 'deferred' : 'bounced' }];
      case 'dropped':
        return [
          {
            ...base,
            detail: `SendGrid dropped the message: ${event.reason ?? 'no reason given'}`,
            ...sendgridDrop(event.reason),
          },
        ];
      case 'spamreport':
        return [{ ...base, kind: 'complained' }];
      // Engagement events: the recipient used SendGrid's unsubscribe ("Opt Out of All Emails") or a
      // suppression group's. Our sends turn SendGrid's own links off, but the account may have them.
      case 'unsubscribe':
      case 'group_unsubscribe':
        return [{ ...base, kind: 'unsubscribed' }];
      default:
        return [];
    }
  });
}

/** Resend's events in our terms; the message is found by `email_id`, the id POST /emails answered. */
function fromResend(event: z.infer<typeof resendEventSchema>): ProviderEvent[] {
  const base = {
    providerMessageId: event.data.email_id || undefined,
    email: event.data.to?.length === 1 ? event.data.to[0] : undefined,
  };
  switch (event.type) {
    case 'email.delivered':
      return [{ ...base, kind: 'delivered' }];
    case 'email.bounced':
      return [{ ...base, kind: 'bounced', detail: event.data.bounce?.message }];
    case 'email.complained':
      return [{ ...base, kind: 'complained' }];
    // https://resend.com/docs/webhooks/emails/suppressed and
    // https://resend.com/docs/dashboard/emails/email-suppressions: not sent, because the address
    // bounced or complained before and is on the account's suppression list. Not a new bounce.
    case 'email.suppressed':
      return [
        {
          ...base,
          kind: 'suppressed',
          detail:
            event.data.suppressed?.message ?? 'Resend suppressed the message: the address is on its suppression list.',
        },
      ];
    // https://resend.com/docs/webhooks/emails/failed: "failed to send due to an error": invalid
    // recipients, API key problems, domain verification, quota (`failed.reason`, e.g.
    // reached_daily_quota). The account's, mostly: once it is fixed, Retry failed sends it again.
    case 'email.failed':
      return [
        {
          ...base,
          kind: 'failed',
          isRetryable: true,
          detail: `Resend could not send the message: ${event.data.failed?.reason ?? 'no reason given'}`,
        },
      ];
    // https://resend.com/docs/webhooks/emails/delivery-delayed: a temporary issue (a full inbox, a
    // server's transient trouble); Resend keeps trying, so it is not a failure.
    case 'email.delivery_delayed':
      return [{ ...base, kind: 'deferred' }];
    default:
      return [];
  }
}

/**
 * How far a SendGrid signature's timestamp may be from now. SendGrid signs the timestamp with the
 * body but gives no window; without one a captured request could be replayed for ever (the reason
 * symfony/symfony#65700 added a check). We allow 10 minutes.
 */
const sendgridTimestampToleranceSeconds = 10 * 60;

/** The signed body as the schema reads it; undefined when it is not JSON or not of that shape. */
function parsePayload<Schema extends z.ZodType>(payload: string, schema: Schema): z.infer<Schema> | undefined {
  try {
    return schema.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

const headerValue = (request: FastifyRequest, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
};

/**
 * Delivery events from SendGrid and Resend: the server's own accounts at `/api/webhooks/<provider>`
 * (keys from the environment), and each user's own account at `/api/webhooks/<provider>/<opaque
 * id>` (the key they saved in Settings → Email), whose events change only that user's deliveries.
 * Each request's signature is checked on the raw body with the provider's own library (SendGrid:
 * ECDSA, @sendgrid/eventwebhook; Resend: svix) before anything is read; an unsigned, forged or stale
 * call is refused with 401, logged, and changes nothing. An address without a key answers 404.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { db, config, secretBox } = app.deps;
  // The signature covers the exact bytes sent: keep the body as text in this plugin's routes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const routeOptions = {
    schema: { tags: ['email'] },
    config: {
      isPublic: true,
      // One provider posts every account's events from a few addresses: no per-IP API limit.
      rateLimit: false,
    },
    bodyLimit: 5 * 1024 * 1024,
  } as const;
  const refuse = (request: FastifyRequest, reply: FastifyReply, provider: EmailProvider, reason: string) => {
    request.log.warn({ provider, reason, ip: request.ip }, 'webhook call refused');
    return reply.status(401).send({ code: 'INVALID_SIGNATURE', message: 'Webhook signature missing or invalid.' });
  };
  const notConfigured = (reply: FastifyReply) =>
    reply.status(404).send({ code: 'NOT_FOUND', message: 'This webhook is not configured.' });
  const badPayload = (reply: FastifyReply) =>
    reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'Unexpected webhook payload.' });
  const rawBody = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  /** The user behind `/api/webhooks/<provider>/<id>` and their key, or null (the address answers 404). */
  const userAccount = (request: FastifyRequest, provider: EmailProvider) =>
    getWebhookAccount({ db, secretBox, provider, webhookId: (request.params as { webhookId: string }).webhookId });

  /** https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features */
  const receiveSendgrid = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { verificationKey, userId }: { verificationKey: string; userId?: string },
  ) => {
    const signature = headerValue(request, EventWebhookHeader.SIGNATURE());
    const timestamp = headerValue(request, EventWebhookHeader.TIMESTAMP());
    const payload = rawBody(request);
    if (!signature || !timestamp) return refuse(request, reply, 'sendgrid', 'unsigned');
    const signedAt = Number(timestamp);
    const age = Math.floor(Date.now() / 1000) - signedAt;
    if (!Number.isInteger(signedAt) || Math.abs(age) > sendgridTimestampToleranceSeconds) {
      return refuse(request, reply, 'sendgrid', `timestamp outside ${sendgridTimestampToleranceSeconds} s`);
    }
    let isValid = false;
    try {
      const webhook = new EventWebhook();
      isValid = webhook.verifySignature(
        webhook.convertPublicKeyToECDSA(verificationKey),
        payload,
        signature,
        timestamp,
      );
    } catch {
      isValid = false;
    }
    if (!isValid) return refuse(request, reply, 'sendgrid', 'bad signature');
    const events = parsePayload(payload, sendgridEventsSchema);
    if (!events) return badPayload(reply);
    const changed = await applyProviderEvents({ db, userId, events: fromSendgrid(events) });
    request.log.info(
      { provider: 'sendgrid', account: userId ? 'user' : 'server', events: events.length, changed },
      'webhook events applied',
    );
    return reply.status(204).send();
  };

  /** https://resend.com/docs/webhooks/verify-webhooks-requests (Svix; its library refuses a timestamp over 5 minutes away). */
  const receiveResend = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { secret, userId }: { secret: string; userId?: string },
  ) => {
    const payload = rawBody(request);
    try {
      new Webhook(secret).verify(payload, {
        'svix-id': headerValue(request, 'svix-id'),
        'svix-timestamp': headerValue(request, 'svix-timestamp'),
        'svix-signature': headerValue(request, 'svix-signature'),
      });
    } catch (error) {
      if (error instanceof WebhookVerificationError) return refuse(request, reply, 'resend', error.message);
      // A saved secret that is not base64 cannot verify anything.
      return refuse(request, reply, 'resend', 'unusable signing secret');
    }
    const event = parsePayload(payload, resendEventSchema);
    if (!event) return badPayload(reply);
    const changed = await applyProviderEvents({ db, userId, events: fromResend(event) });
    request.log.info(
      { provider: 'resend', account: userId ? 'user' : 'server', type: event.type, changed },
      'webhook event applied',
    );
    return reply.status(204).send();
  };

  app.post('/api/webhooks/sendgrid', routeOptions, async (request, reply) => {
    if (!config.SENDGRID_WEBHOOK_PUBLIC_KEY) return notConfigured(reply);
    return receiveSendgrid(request, reply, { verificationKey: config.SENDGRID_WEBHOOK_PUBLIC_KEY });
  });

  app.post('/api/webhooks/sendgrid/:webhookId', routeOptions, async (request, reply) => {
    const account = await userAccount(request, 'sendgrid');
    if (!account) return notConfigured(reply);
    return receiveSendgrid(request, reply, { verificationKey: account.webhookKey, userId: account.userId });
  });

  app.post('/api/webhooks/resend', routeOptions, async (request, reply) => {
    if (!config.RESEND_WEBHOOK_SECRET) return notConfigured(reply);
    return receiveResend(request, reply, { secret: config.RESEND_WEBHOOK_SECRET });
  });

  app.post('/api/webhooks/resend/:webhookId', routeOptions, async (request, reply) => {
    const account = await userAccount(request, 'resend');
    if (!account) return notConfigured(reply);
    return receiveResend(request, reply, { secret: account.webhookKey, userId: account.userId });
  });
}
