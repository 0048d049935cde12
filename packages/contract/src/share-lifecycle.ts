import { shareStatuses, type ShareStatus } from './share-options.ts';

/*
 * The share lifecycle: which status a share may move to from each status. The server changes a
 * share's status only through a change this table allows (and builds the condition of its update
 * from it, so two requests racing on one share cannot both win).
 *
 * - written: generated (texts made), saved_for_later ("Save for later"), approved ("Approve &
 *   Finish"); regenerating or saving again moves between them;
 * - waiting for its time: scheduled; "Cancel schedule" puts it back to approved;
 * - going out: sending (deliveries queued or in flight); "Retry failed" sends a failed share again;
 * - finished: sent (at least one destination has it) or failed (none has).
 *
 * `pending` is not written any more; rows from older versions may still hold it, and they move on
 * as a generated share does.
 */
const written = ['generated', 'saved_for_later', 'approved'] as const satisfies readonly ShareStatus[];
const goingOut = ['scheduled', 'sending'] as const satisfies readonly ShareStatus[];

export const shareStatusChanges = {
  pending: [...written, ...goingOut],
  generated: [...written, ...goingOut],
  saved_for_later: [...written, ...goingOut],
  approved: [...written, ...goingOut],
  scheduled: ['approved', 'sending'],
  // sending → sending: failed deliveries put back in the queue while others are still in flight.
  sending: ['sending', 'sent', 'failed'],
  sent: [],
  // A failed share is sent again ("Retry failed", or a new send of it).
  failed: ['scheduled', 'sending', 'sent'],
} as const satisfies Record<ShareStatus, readonly ShareStatus[]>;

export function canChangeShareStatus(from: ShareStatus, to: ShareStatus): boolean {
  return (shareStatusChanges[from] as readonly ShareStatus[]).includes(to);
}

/** The statuses a share may be in to move to `to`: the condition of the update that moves it. */
export function shareStatusesBefore(to: ShareStatus): ShareStatus[] {
  return shareStatuses.filter((from) => canChangeShareStatus(from, to));
}
