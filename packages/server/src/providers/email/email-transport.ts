/**
 * An image shown in the HTML part, referenced there as `cid:<contentId>` (RFC 2392): the photos of
 * a share. Every transport sends it as an inline attachment with this Content-ID.
 */
export type InlineImage = {
  /** Unique in the message; what the HTML's `<img src="cid:…">` names. */
  contentId: string;
  filename: string;
  contentType: string;
  content: Buffer;
};

export type OutgoingEmail = {
  /** The sender address; `fromName` is its display name. */
  from: string;
  fromName?: string | undefined;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra header lines (List-Unsubscribe on update emails); account mail carries none. */
  headers?: Record<string, string> | undefined;
  /**
   * The Message-ID header, `<random@domain>`, when the caller fixes it: an update email's is stored
   * with its delivery before the first attempt and is the same on every retry, so that a receiving
   * system can drop a second copy. Without it the transport or provider makes one.
   */
  messageId?: string | undefined;
  /** Images the HTML part shows inline (`cid:`). */
  inlineImages?: readonly InlineImage[] | undefined;
  /** Owner of the message, so the outbox can show it to them. */
  userId?: string | undefined;
};

export type SendResult = { messageId: string };

/** Raised by a transport when retrying cannot help (bad address, rejected key). */
export class PermanentEmailError extends Error {
  override name = 'PermanentEmailError';
  readonly status: number | undefined;
  /** The receiving server refused this recipient or their message for good: the address bounces. */
  readonly isBounce: boolean;

  constructor(
    message: string,
    options: { status?: number | undefined; cause?: unknown; isBounce?: boolean | undefined } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.isBounce = options.isBounce ?? false;
  }
}

/** Raised for failures worth retrying (network, timeouts, 408, 429, 5xx, SMTP 4xx). */
export class TransientEmailError extends Error {
  override name = 'TransientEmailError';
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number | undefined; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}

/** HTTP APIs: a 4xx other than 408 (timeout) and 429 (rate limit) will fail again the same way. */
export function isPermanentHttpStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** An HTTP API failure as the right error class. */
export function httpEmailError(provider: string, status: number | null | undefined, detail: string): Error {
  const message = status ? `${provider} answered ${status}: ${detail}` : `${provider} could not be reached: ${detail}`;
  const options = { status: status ?? undefined };
  return status && isPermanentHttpStatus(status)
    ? new PermanentEmailError(message, options)
    : new TransientEmailError(message, options);
}

/** `"Name" <address>`, quoting the display name as RFC 5322 requires. */
export function formatMailbox(address: string, name?: string): string {
  if (!name) return address;
  return `"${name.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}" <${address}>`;
}

/** One interface for every way email leaves (or, for the outbox, stays on) this server. */
export interface EmailTransport {
  readonly kind: 'outbox' | 'smtp' | 'sendgrid' | 'resend';
  /** True when messages really leave the machine (then email verification is required). */
  readonly isExternal: boolean;
  send(message: OutgoingEmail): Promise<SendResult>;
  close(): Promise<void>;
}

/**
 * A transport that leaves the machine through a client library, loaded at the first send rather
 * than at start-up (docs/benchmarks.md, memory) and closed with the transport when it was loaded.
 */
export function createLoadedTransport<Client>({
  kind,
  load,
  send,
  close,
}: {
  kind: Exclude<EmailTransport['kind'], 'outbox'>;
  load: () => Promise<Client>;
  send: (client: Client, message: OutgoingEmail) => Promise<SendResult>;
  close?: (client: Client) => void | Promise<void>;
}): EmailTransport {
  let client: Promise<Client> | undefined;
  return {
    kind,
    isExternal: true,
    async send(message) {
      return send(await (client ??= load()), message);
    },
    async close() {
      if (client && close) await close(await client);
    },
  };
}

/** The message's own headers with its Message-ID among them; undefined when there are none. */
export function headersOf(message: OutgoingEmail): Record<string, string> | undefined {
  const headers = { ...message.headers, ...(message.messageId ? { 'Message-ID': message.messageId } : {}) };
  return Object.keys(headers).length > 0 ? headers : undefined;
}
