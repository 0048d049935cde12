import { randomUUID } from 'node:crypto';
import { Webhook } from 'svix';
import { startRecordingServer, type RecordedRequest, type StubAnswer } from './http-recorder.ts';

/*
 * Resend, as far as this app talks to it: POST /emails with its idempotency keys, and webhooks
 * signed by Svix. Each behaviour names the page it follows; what no page says is marked as the
 * double's own choice.
 */

/** Resend's error body: `{ statusCode, name, message }`. https://resend.com/docs/api-reference/errors */
export const resendError = (statusCode: number, name: string, message: string): StubAnswer => ({
  status: statusCode,
  body: { statusCode, name, message },
});

/** How long Resend remembers an idempotency key. https://resend.com/docs/dashboard/emails/idempotency-keys */
const idempotencyWindowMs = 24 * 60 * 60 * 1000;

/** Base64 as the API takes it: the standard alphabet, padded, without line breaks. */
const isStrictBase64 = (value: string) => value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

/**
 * The `attachments` of POST /emails, as https://resend.com/docs/api-reference/emails/send-email
 * describes them: `content` as a Base64 string (the Node client encodes a Buffer) or a `path`,
 * `filename`, `content_type`, and `content_id` for an inline image the HTML names as `cid:`, under
 * 128 characters (https://resend.com/changelog/embed-images-using-cid,
 * https://resend.com/docs/dashboard/emails/embed-inline-images); at most 40 MB per email after
 * Base64 (same send-email page). The error names are among those the official client knows
 * (`invalid_attachment`, `validation_error`: resend-node's RESEND_ERROR_CODE_KEY); the status (422,
 * as for the other validation errors of https://resend.com/docs/api-reference/errors) and the
 * wording are the double's own.
 */
function checkAttachments(body: { attachments?: unknown }, rawBody: string): StubAnswer | undefined {
  if (rawBody.length > 40 * 1024 * 1024) {
    return resendError(422, 'validation_error', 'The attachments exceed 40 MB per email.');
  }
  if (body.attachments === undefined) return undefined;
  if (!Array.isArray(body.attachments)) return resendError(422, 'validation_error', '`attachments` must be an array.');
  for (const attachment of body.attachments as Array<Record<string, unknown>>) {
    if (attachment.content === undefined && attachment.path === undefined) {
      return resendError(422, 'invalid_attachment', 'Attachment must have either a `content` or `path`.');
    }
    if (
      attachment.content !== undefined &&
      (typeof attachment.content !== 'string' || !isStrictBase64(attachment.content))
    ) {
      return resendError(422, 'validation_error', 'Attachment `content` must be a Base64 string.');
    }
    if (
      attachment.content_id !== undefined &&
      (typeof attachment.content_id !== 'string' || attachment.content_id.length >= 128)
    ) {
      return resendError(422, 'validation_error', '`content_id` must be a string of less than 128 characters.');
    }
  }
  return undefined;
}

/**
 * A Resend API on a local port, for `RESEND_BASE_URL`. `answer` may impose an answer on a request
 * (an outage, a refusal); otherwise it answers as Resend documents.
 */
export async function startResendApi({
  answer,
}: { answer?: (request: RecordedRequest, index: number) => StubAnswer | undefined } = {}) {
  /** Emails Resend took, one per distinct send (a replayed idempotent request adds none). */
  const emails: Array<{ id: string; request: RecordedRequest }> = [];
  const keys = new Map<string, { rawBody: string; id: string; at: number }>();
  const server = await startRecordingServer((request, index) => {
    const imposed = answer?.(request, index);
    if (imposed) return imposed;
    // https://resend.com/docs/api-reference/emails/send-email: POST /emails, "Authorization: Bearer re_xxxxxxxxx".
    if (request.method !== 'POST' || request.url !== '/emails') {
      return resendError(404, 'not_found', 'The requested endpoint does not exist.');
    }
    // https://resend.com/docs/api-reference/errors: missing_api_key, 401.
    if (!/^Bearer \S+$/.test(request.headers.authorization ?? '')) {
      return resendError(401, 'missing_api_key', 'Missing API key in the authorization header.');
    }
    const body = request.body as { from?: unknown; to?: unknown; subject?: unknown } | undefined;
    // https://resend.com/docs/api-reference/errors: missing_required_field, 422 (from, to and
    // subject are required: https://resend.com/docs/api-reference/emails/send-email).
    if (!body || !body.from || !body.to || !body.subject) {
      return resendError(422, 'missing_required_field', 'The request body is missing one or more required fields.');
    }
    const refusal = checkAttachments(body as { attachments?: unknown }, request.rawBody);
    if (refusal) return refusal;
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string') {
      // https://resend.com/docs/dashboard/emails/idempotency-keys: a key is 1-256 characters
      // (400 invalid_idempotency_key); within 24 hours the same key with the same payload gets the
      // same answer "without actually sending the email again"; with another payload, 409
      // invalid_idempotent_request. What "the same payload" compares is not documented: here, the
      // request body byte for byte.
      if (key.length < 1 || key.length > 256) {
        return resendError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
      }
      const earlier = keys.get(key);
      if (earlier && Date.now() - earlier.at < idempotencyWindowMs) {
        if (earlier.rawBody !== request.rawBody) {
          return resendError(
            409,
            'invalid_idempotent_request',
            'Same idempotency key used with a different request payload.',
          );
        }
        return { status: 200, body: { id: earlier.id } };
      }
    }
    // https://resend.com/docs/api-reference/emails/send-email: 200 with `{ "id": "<uuid>" }`.
    const id = randomUUID();
    emails.push({ id, request });
    if (typeof key === 'string') keys.set(key, { rawBody: request.rawBody, id, at: Date.now() });
    return { status: 200, body: { id } };
  });
  return { ...server, emails };
}

export type ResendApi = Awaited<ReturnType<typeof startResendApi>>;

/**
 * The signing half of Resend's webhooks, for tests that post events. Resend signs with Svix
 * (https://resend.com/docs/webhooks/verify-webhooks-requests): a `whsec_` secret per
 * endpoint, and the svix-id, svix-timestamp and svix-signature headers
 * (https://docs.svix.com/receiving/verifying-payloads/how-manual). The svix library signs here as
 * Svix does.
 */
export function createResendEventSigner(seed: string = randomUUID()) {
  const secret = `whsec_${Buffer.from(`resend-webhook-${seed}`).toString('base64')}`;
  return {
    /** What the user pastes in Settings → Email (or RESEND_WEBHOOK_SECRET). */
    secret,
    /** Headers of a signed POST of `payload`, signed at `timestamp` (now by default). */
    sign(payload: string, timestamp = new Date()) {
      const id = `msg_${randomUUID().replaceAll('-', '')}`;
      return {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'svix-signature': new Webhook(secret).sign(id, timestamp, payload),
      };
    },
  };
}

export type ResendEventSigner = ReturnType<typeof createResendEventSigner>;
