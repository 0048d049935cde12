import { countAccepted, deliveryOutcomeMessage } from '@life-updates/contract/share-options';
import type { Preferences } from '@life-updates/contract/preferences';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ideaKeys } from '@/api/ideas';
import { sendShareText, shareKeys, useApproveIdeas, useSaveForLater, waitForDeliveries } from '@/api/shares';
import { usageKeys } from '@/api/usage';
import { paths } from '@/config/paths';
import { ApiRequestError, errorMessage, NetworkError } from '@/lib/api-client';
import type { ShareDestinationsChoice } from '@/components/share-destinations-dialog';
import type { ShareResult } from '../components/result-dialog';

/**
 * The three exits of Create Content and Generate: Save for later, Approve & Finish, and Email to
 * Contacts (to contacts by email, Telegram chats and LinkedIn, now or at a time), with their
 * validation and toasts.
 */
export function useShareActions({
  ideaIds,
  text,
  preferences,
}: {
  ideaIds: readonly string[];
  text: string;
  preferences: Preferences;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveForLater();
  const approve = useApproveIdeas();
  const [result, setResult] = useState<ShareResult | null>(null);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [isApprovePickerOpen, setApprovePickerOpen] = useState(false);
  const [isSending, setSending] = useState(false);

  function canSave(): boolean {
    if (ideaIds.length === 0) {
      toast.error(t('generation.toasts.selectIdeaFirst'));
      return false;
    }
    if (text.trim() === '') {
      toast.error(t('generation.toasts.noTextToSave'));
      return false;
    }
    return true;
  }

  const request = () => ({ ideaIds: [...ideaIds], text, preferences });

  function saveForLaterAction() {
    if (!canSave()) return;
    save.mutate(request(), {
      onSuccess: () => setResult({ kind: 'saved' }),
      onError: (error) => toast.error(errorMessage(error, t('generation.toasts.errorSaving'))),
    });
  }

  /** Approve & Finish first asks who will receive the share (Summeris then sends it to them). */
  function openApprovePicker() {
    if (canSave()) setApprovePickerOpen(true);
  }

  function approveAction(contactIds: string[]) {
    if (!canSave()) return;
    approve.mutate(
      { ...request(), contactIds },
      {
        onSuccess: () => {
          setApprovePickerOpen(false);
          setResult({ kind: 'approved' });
        },
        onError: (error) => toast.error(errorMessage(error, t('generation.toasts.errorUpdatingEventStatus'))),
      },
    );
  }

  function openPicker() {
    if (canSave()) setPickerOpen(true);
  }

  async function send({ destinations, sendAt }: ShareDestinationsChoice) {
    if (!canSave()) return;
    // A send to contacts alone keeps the product's email toasts and "Email sent."; one with a post
    // lists each destination's status instead.
    const isEmailOnly = destinations.chatIds.length === 0 && !destinations.linkedin;
    setSending(true);
    let loadingToast: string | number | undefined;
    try {
      // One request, all or nothing: the text is kept in the ideas' share only when the deliveries
      // are queued; on a refusal the ideas and shares are as they were and the text stays in the editor.
      const sent = await sendShareText({ ...request(), destinations, ...(sendAt ? { sendAt } : {}) });
      if (sent.warning) toast.warning(sent.warning);
      // Contacts who unsubscribed or whose address bounces are left out: say how many and why.
      if (sent.skippedNotice) toast.info(sent.skippedNotice);
      if (sent.outcome === 'scheduled' && sendAt && sent.deliveries) {
        setPickerOpen(false);
        setResult({ kind: 'scheduled', sendAt, deliveries: sent.deliveries.deliveries });
        return;
      }
      if (sent.outcome !== 'queued' || sent.shareId === null || sent.deliveries === null) {
        toast.info(sent.message ?? t('email.noValidRecipients'));
        setPickerOpen(false);
        return;
      }
      loadingToast = toast.loading(isEmailOnly ? t('email.sending') : t('common.destinations.sending'));
      const deliveries = await waitForDeliveries(queryClient, sent.shareId, sent.deliveries);
      const outcome = deliveryOutcomeMessage(deliveries.counts);
      const options = { id: loadingToast };
      setPickerOpen(false);
      if (!outcome) {
        toast.info(t('generation.toasts.stillSending'), options);
        return;
      }
      if (!isEmailOnly) {
        toast.dismiss(loadingToast);
        setResult({ kind: 'sent', deliveries: deliveries.deliveries });
        return;
      }
      const message = t(outcome.key, outcome.values);
      if (outcome.key === 'email.sendSuccess') toast.success(message, options);
      else if (outcome.key === 'email.sendPartial') toast.warning(message, options);
      else toast.error(message, options);
      if (countAccepted(deliveries.counts) > 0) setResult({ kind: 'sent', deliveries: null });
    } catch (error) {
      const options = loadingToast === undefined ? {} : { id: loadingToast };
      if (error instanceof ApiRequestError && error.code === 'LIMIT_REACHED') {
        // The monthly-limit error closes the dialog and goes to /settings.
        toast.error(error.message, options);
        setPickerOpen(false);
        void navigate(paths.settings);
        return;
      }
      if (error instanceof NetworkError) toast.error(t('email.networkError'), options);
      else toast.error(errorMessage(error, t('generation.toasts.sendShareFailed')), options);
    } finally {
      setSending(false);
      void queryClient.invalidateQueries({ queryKey: ideaKeys.all });
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    }
  }

  return {
    saveForLater: saveForLaterAction,
    approve: approveAction,
    openApprovePicker,
    isApprovePickerOpen,
    setApprovePickerOpen,
    openPicker,
    send,
    isPickerOpen,
    setPickerOpen,
    isSending,
    isSaving: save.isPending,
    isApproving: approve.isPending,
    isBusy: save.isPending || approve.isPending || isSending,
    result,
    closeResult: () => setResult(null),
  };
}
