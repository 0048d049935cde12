import type { Preferences } from '@life-updates/contract/preferences';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { sendShareText, useApproveIdeas, useSaveForLater } from '@/api/shares';
import { errorMessage } from '@/lib/api-client';
import type { ShareDestinationsChoice } from '@/components/shares/share-destinations-dialog';
import { isEmailOnly, useSendWithProgress } from '@/components/shares/use-send-with-progress';
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
  const save = useSaveForLater();
  const approve = useApproveIdeas();
  const [result, setResult] = useState<ShareResult | null>(null);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [isApprovePickerOpen, setApprovePickerOpen] = useState(false);
  const sender = useSendWithProgress();

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
    // One request, all or nothing: the text is kept in the ideas' share only when the deliveries
    // are queued; on a refusal the ideas and shares are as they were and the text stays in the editor.
    const isToContactsOnly = isEmailOnly(destinations);
    const outcome = await sender.send(
      () => sendShareText({ ...request(), destinations, ...(sendAt ? { sendAt } : {}) }),
      { isEmailOnly: isToContactsOnly, failedMessage: t('generation.toasts.sendShareFailed'), showsDestinations: true },
    );
    if (outcome.kind === 'failed') return;
    setPickerOpen(false);
    if (outcome.kind === 'scheduled' && sendAt)
      setResult({ kind: 'scheduled', sendAt, deliveries: outcome.deliveries });
    if (outcome.kind === 'delivered')
      setResult({ kind: 'sent', deliveries: isToContactsOnly ? null : outcome.deliveries.deliveries });
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
    isSending: sender.isSending,
    isSaving: save.isPending,
    isApproving: approve.isPending,
    isBusy: save.isPending || approve.isPending || sender.isSending,
    result,
    closeResult: () => setResult(null),
  };
}
