export type OutgoingEmail = {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Owner of the message, so the outbox can show it to them. */
  userId?: string | undefined;
};

export type SendResult = { messageId: string };

/** Raised by a transport when retrying cannot help (bad address, rejected key). */
export class PermanentEmailError extends Error {
  override name = 'PermanentEmailError';
}

/** One interface for every way email leaves (or, for the outbox, stays on) this server. */
export interface EmailTransport {
  readonly kind: 'outbox' | 'smtp' | 'sendgrid' | 'resend';
  /** True when messages really leave the machine (then email verification is required). */
  readonly isExternal: boolean;
  send(message: OutgoingEmail): Promise<SendResult>;
  close(): Promise<void>;
}
