import type { Channel as ChannelName } from '@life-updates/contract/share-options';
import type { Database } from '../../../db/client.ts';
import type { deliveries } from '../../../db/schema.ts';

/*
 * What a channel (email, Telegram, LinkedIn) does for the share pipeline. The pipeline owns the
 * share and its delivery rows, the queue, retries and statuses; a channel only knows its provider.
 * Adding a channel: README.md "Adding a channel".
 */

export type DeliveryRow = typeof deliveries.$inferSelect;

/** A delivery row a channel asks to write: one destination of the share, with its text. */
export type NewDelivery = {
  contactId?: string | null;
  recipientName: string | null;
  recipientEmail?: string | null;
  /** A Telegram post's chat: the user's connected chat (our row id). */
  chatId?: string | null;
  subject?: string;
  body: string;
  /** An email's Message-ID, fixed before the first attempt. */
  messageId?: string | null;
};

/** A provider's failure in our words: a catalogue key, and whether trying again can help. */
export type DeliveryFailure = {
  key: string;
  values?: Record<string, string | number>;
  /** Trying again cannot help (a refused address, a post LinkedIn refused). */
  isPermanent: boolean;
  /** The address refused the mail for good: the delivery is "bounced" rather than "failed". */
  isBounce?: boolean;
  /**
   * The provider's answer never came, so the reader may have it already: not tried again by
   * itself (a post would appear twice); the user may retry after checking.
   */
  mayHaveArrived?: boolean;
};

/**
 * What one attempt came to: sent (an email) or published (a post, with its link), or never to be
 * sent because the contact unsubscribed or their address bounces.
 */
export type SendOutcome = {
  status: 'sent' | 'published' | 'unsubscribed' | 'bounced';
  providerMessageId?: string | null;
  link?: string | null;
};

/**
 * One batch of the worker's sends, from its first send to `endBatch`: a channel keeps what it opens
 * for the batch (a user's mail transport, say) under this object, and closes it at the end.
 */
export type ChannelBatch = { readonly db: Database };

export type PrepareInput = {
  db: Database;
  userId: string;
  /** The one text for everyone, if the share has one. */
  everyoneText: string | null;
  /** Text per contact id (the everyone text filled in for contacts without their own). */
  contactTexts: Record<string, string>;
  subject: string | undefined;
  shareSubject: string | null;
};

export interface Channel {
  readonly name: ChannelName;
  /**
   * Whether an attempt whose answer never came (the instance stopped mid-send) may be made again
   * without the reader getting it twice. Otherwise such a delivery is failed, for the user to check.
   */
  readonly repeatsSafely: boolean;
  /**
   * The delivery rows for the destinations the user chose on this channel (ids of the user's own
   * contacts or Telegram chats; `true` for the LinkedIn profile), or an AppError saying why the
   * channel cannot take them (not connected, the text too long), before anything is written.
   */
  prepare(input: PrepareInput & { targets: readonly string[] }): Promise<PreparedDeliveries>;
  /**
   * One attempt. A channel whose provider reports the acceptance before its call returns (an SMTP
   * server's 250 to DATA) passes the outcome to `onSent` there and then, and the pipeline records
   * the delivery as sent at that moment; otherwise it is recorded when `send` resolves. A thrown
   * error is read by `describeError`.
   */
  send(delivery: DeliveryRow, batch: ChannelBatch, onSent: (outcome: SendOutcome) => void): Promise<SendOutcome>;
  describeError(error: unknown): DeliveryFailure;
  /** Closes what the batch opened. */
  endBatch?(batch: ChannelBatch): Promise<void>;
}

/** A channel's rows to write, and the contacts it left out and why. */
export type PreparedDeliveries = {
  rows: NewDelivery[];
  skippedUnsubscribed?: number;
  skippedBouncing?: number;
  /** Destinations named that had nothing to send (no address, an empty text). */
  skipped?: number;
};

export type Channels = Readonly<Record<ChannelName, Channel>>;
