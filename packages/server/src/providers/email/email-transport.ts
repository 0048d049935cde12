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

/**
 * The image in Base64, as SendGrid's and Resend's JSON bodies carry it: made once per image and
 * kept while the image is, so a share's 25 mails, which carry the same image objects, do not each
 * make their own copy (docs/benchmarks.md, Photos).
 */
const base64Images = new WeakMap<InlineImage, string>();
export function base64Of(image: InlineImage): string {
  let encoded = base64Images.get(image);
  if (encoded === undefined) {
    encoded = image.content.toString('base64');
    base64Images.set(image, encoded);
  }
  return encoded;
}

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

/**
 * Told the moment the provider has taken the message, before the transport does anything else
 * (releases its connection or its share of the budget, starts the next message): for SMTP the
 * server's 250 to the end of DATA (RFC 5321 §4.1.1.4), for an HTTP API its 2xx. Whoever records
 * the message as sent does it here, so that a crash in between repeats as few messages as can be.
 * It must not throw.
 */
export type OnAccepted = (result: SendResult) => void;

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
  /** Resolves with what `onAccepted` was told, which it is told first. */
  send(message: OutgoingEmail, onAccepted?: OnAccepted): Promise<SendResult>;
  close(): Promise<void>;
}

/**
 * About the bytes a mail holds while it is sent: its parts, and its images in Base64 as SendGrid's
 * and Resend's JSON bodies carry them (and SMTP's MIME), plus a little for headers and JSON.
 */
export function sizeOfMail(message: OutgoingEmail): number {
  const images = (message.inlineImages ?? []).reduce((sum, image) => sum + Math.ceil(image.content.length / 3) * 4, 0);
  return Buffer.byteLength(message.text) + Buffer.byteLength(message.html ?? '') + images + 16 * 1024;
}

/**
 * A cap on the bytes of mail in flight at once: a mail waits (first come, first served) until it
 * fits beside those being sent, and one larger than the whole budget goes alone. A share's batch
 * sends up to 25 mails side by side, each up to ~14 MB with its photos (docs/benchmarks.md, Photos).
 * Written here rather than with async-mutex's weighted Semaphore, whose every release walks each
 * unit of its free value (DirtyHairy/async-mutex#90): in bytes, half a second per mail.
 */
export function createSendBudget(bytes: number) {
  let free = bytes;
  const waiting: Array<{ weight: number; start: () => void }> = [];
  const startWaiting = () => {
    while (waiting[0] && waiting[0].weight <= free) {
      const next = waiting.shift()!;
      free -= next.weight;
      next.start();
    }
  };
  return {
    async send<Result>(message: OutgoingEmail, send: () => Promise<Result>): Promise<Result> {
      const weight = Math.min(sizeOfMail(message), bytes);
      if (waiting.length === 0 && weight <= free) free -= weight;
      else await new Promise<void>((start) => waiting.push({ weight, start }));
      try {
        return await send();
      } finally {
        free += weight;
        startWaiting();
      }
    },
  };
}

export type SendBudget = ReturnType<typeof createSendBudget>;

/**
 * One budget for every transport of the process: the server's and each user's own. 8 MB: an HTTP
 * client holds a mail about three times over while it is sent (the Base64 images, the JSON text, the
 * request's bytes), so a batch of mails with photos stays within ~30 MB; two 3 MB mails still go
 * side by side, and a mail larger than the budget goes alone (docs/benchmarks.md, Photos).
 */
const processSendBudget = createSendBudget(8 * 1024 * 1024);

/**
 * A transport that leaves the machine through a client library, loaded at the first send rather
 * than at start-up (docs/benchmarks.md, memory) and closed with the transport when it was loaded.
 * Its sends share the process's budget of bytes in flight (`budget` in tests). A client that learns
 * of the acceptance before its promise settles (nodemailer's callback) reports it through `accepted`
 * at once; otherwise it is reported when `send` resolves, still before the budget is released.
 */
export function createLoadedTransport<Client>({
  kind,
  load,
  send,
  close,
  budget = processSendBudget,
}: {
  kind: Exclude<EmailTransport['kind'], 'outbox'>;
  load: () => Promise<Client>;
  send: (client: Client, message: OutgoingEmail, accepted: OnAccepted) => Promise<SendResult>;
  close?: (client: Client) => void | Promise<void>;
  budget?: SendBudget | undefined;
}): EmailTransport {
  let client: Promise<Client> | undefined;
  return {
    kind,
    isExternal: true,
    async send(message, onAccepted) {
      const loaded = await (client ??= load());
      let isReported = false;
      const accepted: OnAccepted = (result) => {
        if (isReported) return;
        isReported = true;
        onAccepted?.(result);
      };
      return budget.send(message, async () => {
        const result = await send(loaded, message, accepted);
        accepted(result);
        return result;
      });
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
