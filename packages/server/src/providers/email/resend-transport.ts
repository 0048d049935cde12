import type { Resend } from 'resend';
import {
  base64Of,
  createLoadedTransport,
  formatMailbox,
  headersOf,
  httpEmailError,
  TransientEmailError,
  type EmailTransport,
  type SendBudget,
} from './email-transport.ts';

/** Resend's email API through its official client; `baseUrl` points it elsewhere (tests, proxies). */
export function createResendTransport({
  apiKey,
  baseUrl,
  budget,
}: {
  apiKey: string;
  baseUrl?: string | undefined;
  budget?: SendBudget;
}): EmailTransport {
  return createLoadedTransport({
    kind: 'resend',
    budget,
    load: async (): Promise<Resend> => {
      const { Resend } = await import('resend');
      return new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
    },
    async send(resend, message) {
      const headers = headersOf(message);
      const { data, error } = await resend.emails.send(
        {
          from: formatMailbox(message.from, message.fromName),
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(headers ? { headers } : {}),
          // https://resend.com/docs/api-reference/emails/send-email (attachments): content in
          // Base64 (the client passes a string on as it is, and would encode a Buffer anew for each
          // mail); `content_id` makes it an inline image the HTML names as `cid:`
          // (https://resend.com/docs/dashboard/emails/embed-inline-images).
          ...(message.inlineImages?.length
            ? {
                attachments: message.inlineImages.map((image) => ({
                  content: base64Of(image),
                  filename: image.filename,
                  contentType: image.contentType,
                  contentId: image.contentId,
                })),
              }
            : {}),
        },
        // The Message-ID header may not reach the recipient (a Resend user reports it replaced, as
        // Amazon SES replaces it: resend/resend-node#133). What keeps a retry from sending twice is
        // the idempotency key, kept for 24 hours (https://resend.com/docs/dashboard/emails/idempotency-keys).
        message.messageId ? { idempotencyKey: message.messageId } : undefined,
      );
      // The client answers network failures with statusCode null: worth retrying. A request with
      // the same key still in progress (409 concurrent_idempotent_requests) is "safe to retry later".
      if (error) {
        if (error.name === 'concurrent_idempotent_requests') {
          throw new TransientEmailError(`Resend answered ${error.statusCode}: ${error.message}`, {
            status: error.statusCode ?? undefined,
          });
        }
        throw httpEmailError('Resend', error.statusCode, error.message);
      }
      return { messageId: data.id };
    },
  });
}
