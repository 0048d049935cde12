import { EventWebhook, EventWebhookHeader } from '@sendgrid/eventwebhook';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Webhook, WebhookVerificationError } from 'svix';
import { z } from 'zod';
import { applyProviderEvents, type ProviderEvent } from './provider-events-service.ts';

/** SendGrid Event Webhook: a JSON array of events (docs: "Event Webhook Reference"). */
const sendgridEventsSchema = z
  .array(
    z.looseObject({
      event: z.string(),
      email: z.string().optional(),
      sg_message_id: z.string().optional(),
      type: z.string().optional(),
      reason: z.string().optional(),
    }),
  )
  .max(10_000);

/** Resend webhook payload (docs: "Webhooks → Event types"). */
const resendEventSchema = z.looseObject({
  type: z.string(),
  data: z.looseObject({
    email_id: z.string().optional(),
    to: z.array(z.string()).optional(),
    bounce: z.looseObject({ message: z.string().optional(), type: z.string().optional() }).optional(),
  }),
});

/** SendGrid's events in our terms; `sg_message_id` is the X-Message-Id we stored, a dot, then SendGrid's suffix. */
function fromSendgrid(events: z.infer<typeof sendgridEventsSchema>): ProviderEvent[] {
  return events.flatMap((event): ProviderEvent[] => {
    const messageId = event.sg_message_id?.split('.')[0] ?? '';
    const base = { messageId, email: event.email, detail: event.reason };
    switch (event.event) {
      case 'delivered':
        return [{ ...base, kind: 'delivered' }];
      // "blocked" is a bounce the receiving server may lift; only a real bounce or a drop is for good.
      case 'bounce':
        return [{ ...base, kind: event.type === 'blocked' ? 'deferred' : 'bounced' }];
      case 'dropped':
        return [{ ...base, kind: 'bounced' }];
      case 'spamreport':
        return [{ ...base, kind: 'complained' }];
      default:
        return [];
    }
  });
}

function fromResend(event: z.infer<typeof resendEventSchema>): ProviderEvent[] {
  const messageId = event.data.email_id ?? '';
  const email = event.data.to?.length === 1 ? event.data.to[0] : undefined;
  switch (event.type) {
    case 'email.delivered':
      return [{ messageId, email, kind: 'delivered' }];
    case 'email.bounced':
      return [{ messageId, email, kind: 'bounced', detail: event.data.bounce?.message }];
    case 'email.complained':
      return [{ messageId, email, kind: 'complained' }];
    default:
      return [];
  }
}

const headerValue = (request: FastifyRequest, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
};

/**
 * Delivery events from SendGrid and Resend. Each request's signature is checked on the raw body
 * with the provider's own library (SendGrid: ECDSA, @sendgrid/eventwebhook; Resend: svix) before
 * anything is read; an unsigned or forged call is refused with 401, logged, and changes nothing.
 * An endpoint whose key is not configured answers 404.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const { config } = app.deps;
  // The signature covers the exact bytes sent: keep the body as text in this plugin's routes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const routeConfig = {
    isPublic: true,
    // One provider posts every account's events from a few addresses: no per-IP API limit.
    rateLimit: false,
  } as const;
  const refuse = (request: FastifyRequest, reply: FastifyReply, provider: string, reason: string) => {
    request.log.warn({ provider, reason, ip: request.ip }, 'webhook call refused');
    return reply.status(401).send({ code: 'INVALID_SIGNATURE', message: 'Webhook signature missing or invalid.' });
  };
  const notConfigured = (reply: FastifyReply) =>
    reply.status(404).send({ code: 'NOT_FOUND', message: 'This webhook is not configured.' });
  const badPayload = (reply: FastifyReply) =>
    reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'Unexpected webhook payload.' });
  const rawBody = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const bodyLimit = 5 * 1024 * 1024;

  app.post(
    '/api/webhooks/sendgrid',
    { schema: { tags: ['email'] }, config: routeConfig, bodyLimit },
    async (request, reply) => {
      if (!config.SENDGRID_WEBHOOK_PUBLIC_KEY) return notConfigured(reply);
      const signature = headerValue(request, EventWebhookHeader.SIGNATURE());
      const timestamp = headerValue(request, EventWebhookHeader.TIMESTAMP());
      const payload = rawBody(request);
      if (!signature || !timestamp) return refuse(request, reply, 'sendgrid', 'unsigned');
      let isValid = false;
      try {
        const webhook = new EventWebhook();
        const key = webhook.convertPublicKeyToECDSA(config.SENDGRID_WEBHOOK_PUBLIC_KEY);
        isValid = webhook.verifySignature(key, payload, signature, timestamp);
      } catch {
        isValid = false;
      }
      if (!isValid) return refuse(request, reply, 'sendgrid', 'bad signature');
      let events: z.infer<typeof sendgridEventsSchema>;
      try {
        events = sendgridEventsSchema.parse(JSON.parse(payload));
      } catch {
        return badPayload(reply);
      }
      const changed = await applyProviderEvents({ db, events: fromSendgrid(events) });
      request.log.info({ provider: 'sendgrid', events: events.length, changed }, 'webhook events applied');
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/webhooks/resend',
    { schema: { tags: ['email'] }, config: routeConfig, bodyLimit },
    async (request, reply) => {
      if (!config.RESEND_WEBHOOK_SECRET) return notConfigured(reply);
      const payload = rawBody(request);
      try {
        new Webhook(config.RESEND_WEBHOOK_SECRET).verify(payload, {
          'svix-id': headerValue(request, 'svix-id'),
          'svix-timestamp': headerValue(request, 'svix-timestamp'),
          'svix-signature': headerValue(request, 'svix-signature'),
        });
      } catch (error) {
        if (error instanceof WebhookVerificationError) return refuse(request, reply, 'resend', error.message);
        throw error;
      }
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        return badPayload(reply);
      }
      const parsed = resendEventSchema.safeParse(body);
      if (!parsed.success) return badPayload(reply);
      const changed = await applyProviderEvents({ db, events: fromResend(parsed.data) });
      request.log.info({ provider: 'resend', type: parsed.data.type, changed }, 'webhook event applied');
      return reply.status(204).send();
    },
  );
}
