import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { startRecordingServer, type RecordedRequest, type StubAnswer } from './http-recorder.ts';

/*
 * SendGrid, as far as this app talks to it: the v3 Mail Send endpoint and the signed Event Webhook.
 * Each behaviour names the page it follows; what no page says is marked as the double's own choice.
 */

/** SendGrid's v3 error body: `{ errors: [{ field, message, help }] }`. */
// https://www.twilio.com/docs/sendgrid/api-reference/how-to-use-the-sendgrid-v3-api/errors
export const sendgridError = (status: number, message: string, field: string | null = null): StubAnswer => ({
  status,
  body: { errors: [{ field, message, help: null }] },
});

/** Base64 as SendGrid reads it: the standard alphabet, padded, without line breaks. */
const isStrictBase64 = (value: string) => value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

/**
 * The `attachments` of a Mail Send request, as
 * https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send describes them: `content`
 * (required) Base64, `filename` (required), `type`, `disposition` "inline" or "attachment", and
 * `content_id` naming an inline image for the HTML's `cid:`. Content that is not strict Base64 is
 * refused with the message on `attachments.N.content` that sendgrid/sendgrid-ruby#84 and #174 quote
 * (line breaks in it included: sendgrid-ruby#84). The other messages are the double's own wording.
 * https://www.twilio.com/docs/sendgrid/api-reference/mail-send ("Limitations"): the whole email,
 * attachments included, under 30 MB; the request body is measured here, the double's reading.
 */
function checkAttachments(body: { attachments?: unknown }, rawBody: string): StubAnswer | undefined {
  if (rawBody.length >= 30 * 1024 * 1024) return sendgridError(413, 'The email is larger than 30 MB.', null);
  if (body.attachments === undefined) return undefined;
  if (!Array.isArray(body.attachments)) return sendgridError(400, 'Attachments must be an array.', 'attachments');
  for (const [index, attachment] of (body.attachments as Array<Record<string, unknown>>).entries()) {
    const field = (name: string) => `attachments.${index}.${name}`;
    if (typeof attachment.content !== 'string' || !isStrictBase64(attachment.content)) {
      return sendgridError(400, 'The attachment content must be base64 encoded.', field('content'));
    }
    if (typeof attachment.filename !== 'string' || attachment.filename === '') {
      return sendgridError(400, 'The attachment filename is required.', field('filename'));
    }
    if (
      attachment.disposition !== undefined &&
      attachment.disposition !== 'inline' &&
      attachment.disposition !== 'attachment'
    ) {
      return sendgridError(400, 'The disposition must be inline or attachment.', field('disposition'));
    }
    if (
      attachment.disposition === 'inline' &&
      (typeof attachment.content_id !== 'string' || attachment.content_id === '')
    ) {
      return sendgridError(400, 'An inline attachment needs a content_id.', field('content_id'));
    }
  }
  return undefined;
}

/**
 * A SendGrid API on a local port, for `SENDGRID_BASE_URL`. `answer` may impose an answer on a
 * request (an outage, a refusal); otherwise it answers as SendGrid documents.
 */
export async function startSendgridApi({
  answer,
  answerDelayMs,
}: {
  answer?: (request: RecordedRequest, index: number) => StubAnswer | undefined;
  /** Holds each answer this long, as a distant API takes a moment. */
  answerDelayMs?: number;
} = {}) {
  const respond = (request: RecordedRequest, index: number): StubAnswer => {
    const imposed = answer?.(request, index);
    if (imposed) return imposed;
    // https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send: POST /v3/mail/send,
    // "Authorization: Bearer <<YOUR_API_KEY_HERE>>".
    if (request.method !== 'POST' || request.url !== '/v3/mail/send') {
      return sendgridError(404, 'resource not found');
    }
    // https://www.twilio.com/docs/sendgrid/api-reference/how-to-use-the-sendgrid-v3-api/errors:
    // 401 "Requires authentication". Body and message as the real API answers a bad key, quoted in
    // full in https://github.com/sendgrid/sendgrid-php/issues/793.
    const authorization = request.headers.authorization ?? '';
    if (!/^Bearer \S+$/.test(authorization)) {
      return sendgridError(401, 'The provided authorization grant is invalid, expired, or revoked');
    }
    const body = request.body as { personalizations?: unknown[] } | undefined;
    // https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send: personalizations is
    // required (400 with the field named).
    if (!body || !Array.isArray(body.personalizations) || body.personalizations.length === 0) {
      return sendgridError(
        400,
        'The personalizations field is required and must have at least one personalization.',
        'personalizations',
      );
    }
    const refusal = checkAttachments(body as { attachments?: unknown }, request.rawBody);
    if (refusal) return refusal;
    // Same page: "202 Accepted", no body; https://sendgrid.com/docs/glossary/x-message-id/: the
    // X-Message-Id response header, which later events carry as the start of `sg_message_id`
    // (sendgrid/sendgrid-nodejs#412, sendgrid/docs#6577). Its shape here (22 base64url characters)
    // copies the ids quoted in those reports; SendGrid documents no format.
    return { status: 202, headers: { 'x-message-id': randomBytes(16).toString('base64url').slice(0, 22) } };
  };
  const server = await startRecordingServer(respond, { answerDelayMs });
  return {
    ...server,
    /** The Mail Send requests SendGrid accepted (answered 202), with the X-Message-Id each got. */
    accepted: () => server.requests.filter((request) => request.url === '/v3/mail/send'),
  };
}

export type SendgridApi = Awaited<ReturnType<typeof startSendgridApi>>;

/**
 * The signing half of SendGrid's Signed Event Webhook, for tests that post events: a key pair made
 * as SendGrid makes it, the public half given as SendGrid's settings page gives it.
 * https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features:
 * ECDSA (P-256) over the timestamp header followed by the raw body, SHA-256, the signature base64
 * in X-Twilio-Email-Event-Webhook-Signature, the timestamp (Unix seconds) in
 * X-Twilio-Email-Event-Webhook-Timestamp; the verification key is a base64 DER public key.
 */
export function createSendgridEventSigner() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    /** What the user pastes in Settings → Email (or SENDGRID_WEBHOOK_PUBLIC_KEY). */
    verificationKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    /** Headers of a signed POST of `payload`, signed at `timestamp` (Unix seconds; now by default). */
    sign(payload: string, timestamp = Math.floor(Date.now() / 1000)) {
      const signedAt = String(timestamp);
      return {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-timestamp': signedAt,
        'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(signedAt + payload), privateKey).toString(
          'base64',
        ),
      };
    },
  };
}

export type SendgridEventSigner = ReturnType<typeof createSendgridEventSigner>;
