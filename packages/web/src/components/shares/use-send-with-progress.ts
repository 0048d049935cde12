import {
  countAccepted,
  countUndelivered,
  deliveryOutcomeMessage,
  type Delivery,
  type SendResult,
  type ShareDeliveriesResponse,
} from '@life-updates/contract/shares';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ideaKeys } from '@/api/ideas';
import { shareKeys, waitForDeliveries } from '@/api/shares';
import { usageKeys } from '@/api/usage';
import type { ShareDestinationsChoice } from './share-destinations-dialog';
import { paths } from '@/config/paths';
import { ApiRequestError, NetworkError, refusalMessage } from '@/lib/api-client';

/**
 * How a send ended, once the user has been told: what the screen may still show. `notSent`: nothing
 * went out (no valid recipient, still sending, over the monthly limit); `failed`: the request failed,
 * and the choice stays open to try again.
 */
export type SendOutcome =
  | { kind: 'scheduled'; deliveries: Delivery[] }
  | { kind: 'delivered'; deliveries: ShareDeliveriesResponse }
  | { kind: 'notSent' }
  | { kind: 'failed' };

/** A send to contacts alone keeps the product's email toasts; one with a post counts destinations instead. */
export const isEmailOnly = (destinations: ShareDestinationsChoice['destinations'] | undefined) =>
  !destinations || (destinations.telegramChatIds.length === 0 && !destinations.linkedin);

type SendOptions = {
  isEmailOnly: boolean;
  /** The toast when the request itself fails (a refusal says its own message). */
  failedMessage: string;
  /** The success toast's title for a send to contacts alone, with the email outcome under it. */
  sentTitle?: (accepted: number) => string;
  /** The screen lists each destination's status itself: no count toast for a send with a post. */
  showsDestinations?: boolean;
};

/**
 * One send with its progress, for Create Content, Generate and Summeris: a loading toast from the
 * click until every delivery is done (or two minutes pass), then the outcome: the email outcome for
 * contacts alone, how many destinations have it for a post. Contacts left out are named; the
 * monthly limit's refusal goes to Settings, where the meter is.
 */
export function useSendWithProgress() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSending, setSending] = useState(false);

  async function send(request: () => Promise<SendResult>, options: SendOptions): Promise<SendOutcome> {
    setSending(true);
    const toastId = toast.loading(options.isEmailOnly ? t('email.sending') : t('common.destinations.sending'));
    try {
      const sent = await request();
      if (sent.warning) toast.warning(sent.warning);
      // Contacts who unsubscribed or whose address bounces are left out: say how many and why.
      if (sent.skippedNotice) toast.info(sent.skippedNotice);
      if (sent.outcome === 'scheduled' && sent.deliveries) {
        toast.dismiss(toastId);
        return { kind: 'scheduled', deliveries: sent.deliveries.deliveries };
      }
      if (sent.outcome !== 'queued' || sent.shareId === null || sent.deliveries === null) {
        toast.info(sent.message ?? t('email.noValidRecipients'), { id: toastId });
        return { kind: 'notSent' };
      }
      const deliveries = await waitForDeliveries(queryClient, sent.shareId, sent.deliveries);
      const outcome = deliveryOutcomeMessage(deliveries.counts);
      if (!outcome) {
        toast.info(t('generation.toasts.stillSending'), { id: toastId });
        return { kind: 'notSent' };
      }
      const accepted = countAccepted(deliveries.counts);
      const isAllDelivered = countUndelivered(deliveries.counts) === 0;
      if (!options.isEmailOnly) {
        if (options.showsDestinations) toast.dismiss(toastId);
        else {
          const message = t('summeris.acceptedCount', { accepted, total: deliveries.counts.total });
          if (isAllDelivered) toast.success(message, { id: toastId });
          else toast.error(message, { id: toastId });
        }
        return { kind: 'delivered', deliveries };
      }
      const message = t(outcome.key, outcome.values);
      if (isAllDelivered && options.sentTitle)
        toast.success(options.sentTitle(accepted), { id: toastId, description: message });
      else if (outcome.key === 'email.sendSuccess') toast.success(message, { id: toastId });
      else if (outcome.key === 'email.sendPartial') toast.warning(message, { id: toastId });
      else toast.error(message, { id: toastId });
      return accepted > 0 ? { kind: 'delivered', deliveries } : { kind: 'notSent' };
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'LIMIT_REACHED') {
        toast.error(error.message, { id: toastId });
        void navigate(paths.settings);
        return { kind: 'notSent' };
      }
      if (error instanceof NetworkError) toast.error(t('email.networkError'), { id: toastId });
      else toast.error(refusalMessage(error, options.failedMessage), { id: toastId });
      return { kind: 'failed' };
    } finally {
      setSending(false);
      void queryClient.invalidateQueries({ queryKey: ideaKeys.all });
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    }
  }

  return { send, isSending };
}
