import type { Resend } from 'resend';
import { formatMailbox, httpEmailError, type EmailTransport, type OutgoingEmail } from './email-transport.ts';

/** Resend's email API through its official client; `baseUrl` points it elsewhere (tests, proxies). */
export function createResendTransport({
  apiKey,
  baseUrl,
}: {
  apiKey: string;
  baseUrl?: string | undefined;
}): EmailTransport {
  // The SDK is loaded at the first send, not at start-up (docs/benchmarks.md, memory).
  let client: Promise<Resend> | undefined;
  const loadClient = async () => {
    const { Resend } = await import('resend');
    return new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  };
  return {
    kind: 'resend',
    isExternal: true,
    async send(message: OutgoingEmail) {
      const resend = await (client ??= loadClient());
      const { data, error } = await resend.emails.send({
        from: formatMailbox(message.from, message.fromName),
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      // The client answers network failures with statusCode null: worth retrying.
      if (error) throw httpEmailError('Resend', error.statusCode, error.message);
      return { messageId: data.id };
    },
    async close() {},
  };
}
