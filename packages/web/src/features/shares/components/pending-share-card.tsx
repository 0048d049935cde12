import { everyoneTextKey, type ShareWithContacts } from '@life-updates/contract/shares';
import { SendIcon, UsersIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCancelShare, useSendShare, useUpdateShareText } from '@/api/shares';
import { ShareDestinationsDialog, type ShareDestinationsChoice } from '@/components/shares/share-destinations-dialog';
import { Button } from '@/components/ui/button';
import { CardContent, CardFooter } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDateTime } from '@/lib/format-date';
import { isEmailOnly, useSendWithProgress } from '@/components/shares/use-send-with-progress';
import { ShareCard } from './share-card';
import { recipientsOf } from './share-labels';
import { toastOutcome } from './toast-outcome';

function ShareTextEditor({
  share,
  recipient,
}: {
  share: ShareWithContacts;
  recipient: { key: string; name: string; text: string };
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(recipient.text);
  const updateText = useUpdateShareText();
  const isChanged = text !== recipient.text;

  const save = () =>
    toastOutcome(
      () => updateText.mutateAsync({ shareId: share.id, contactId: recipient.key, text }),
      t('summeris.toasts.summaryUpdated'),
      t('summeris.toasts.summaryUpdateFailed'),
    );

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{t('summeris.shareTextFor', { name: recipient.name })}</Label>
      <Textarea id={id} rows={8} value={text} onChange={(event) => setText(event.target.value)} />
      <Button
        size="sm"
        variant="outline"
        disabled={!isChanged || updateText.isPending}
        aria-label={t('summeris.saveShareTextFor', { name: recipient.name })}
        onClick={() => void save()}
      >
        {updateText.isPending ? t('common.saving') : t('summeris.saveSummary')}
      </Button>
    </div>
  );
}

/** A share waiting for review: each contact's text to edit, Cancel, the recipients, and Approve (which sends it). */
export function PendingShareCard({ share }: { share: ShareWithContacts }) {
  const { t, i18n } = useTranslation();
  const cancelShare = useCancelShare();
  const sendShare = useSendShare();
  const sender = useSendWithProgress();
  const { isSending } = sender;
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [isPickingRecipients, setIsPickingRecipients] = useState(false);
  const recipients = recipientsOf(share, t);
  const hasRecipients = share.contactIds.length > 0;
  // One text for everyone: any contact may receive it; per-contact summaries: only their contacts.
  const isSingleText = share.texts[everyoneTextKey] !== undefined;

  const cancel = async () => {
    try {
      await cancelShare.mutateAsync(share.id);
      toast.success(t('summeris.toasts.cancelled'));
    } catch {
      toast.error(t('notices.cancelShareFailed'));
    }
  };

  /**
   * Approve: to the share's contacts now, or to the destinations and at the time just chosen, with
   * the send's progress and outcome.
   */
  const approve = async (choice?: ShareDestinationsChoice) => {
    if (Object.values(share.texts).every((text) => text.trim() === '')) {
      toast.error(t('notices.noGeneratedSummaries'));
      return;
    }
    if (!choice && !hasRecipients) {
      setIsPickingRecipients(true);
      return;
    }
    const destinations = choice?.destinations;
    const outcome = await sender.send(
      () =>
        sendShare.mutateAsync({
          shareId: share.id,
          method: 'email',
          ...(destinations ? { destinations } : {}),
          ...(choice?.sendAt ? { sendAt: choice.sendAt } : {}),
        }),
      {
        isEmailOnly: isEmailOnly(destinations),
        failedMessage: t('summeris.toasts.sendFailed'),
        sentTitle: (accepted) =>
          isSingleText ? t('notices.shareSent') : t('notices.summariesSent', { count: accepted }),
      },
    );
    if (outcome.kind === 'failed') return;
    setIsPickingRecipients(false);
    if (outcome.kind === 'scheduled' && choice?.sendAt)
      toast.success(t('summeris.toasts.scheduled', { date: formatDateTime(choice.sendAt, i18n.language) }));
  };

  return (
    <ShareCard
      share={share}
      date={t('summeris.generatedAt', { date: formatDateTime(share.generatedAt ?? share.createdAt, i18n.language) })}
    >
      <CardContent className="space-y-4">
        {recipients.map((recipient) => (
          <ShareTextEditor key={`${recipient.key}:${recipient.text}`} share={share} recipient={recipient} />
        ))}
      </CardContent>
      <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={isSending || cancelShare.isPending}
          onClick={() => setIsConfirmingCancel(true)}
        >
          <XIcon aria-hidden />
          {t('summeris.cancel')}
        </Button>
        <Button variant="outline" disabled={isSending} onClick={() => setIsPickingRecipients(true)}>
          <UsersIcon aria-hidden />
          {hasRecipients ? t('notices.changeRecipients') : t('notices.chooseRecipients')}
        </Button>
        <Button disabled={isSending} title={t('summeris.approveHint')} onClick={() => void approve()}>
          <SendIcon aria-hidden />
          {isSending ? t('summeris.sending') : t('summeris.approve')}
        </Button>
      </CardFooter>
      <ShareDestinationsDialog
        open={isPickingRecipients}
        onOpenChange={setIsPickingRecipients}
        title={t('notices.recipientsTitle')}
        submitLabel={t('summeris.approve')}
        note={hasRecipients ? t('summeris.othersStayPending') : undefined}
        photoCount={share.photos.length}
        contactFilter={isSingleText ? undefined : (contact) => share.texts[contact.id] !== undefined}
        postText={share.texts[everyoneTextKey] ?? null}
        isProcessing={isSending}
        onSubmit={(choice) => void approve(choice)}
      />
      <ConfirmDialog
        open={isConfirmingCancel}
        onOpenChange={setIsConfirmingCancel}
        title={t('summeris.cancelDialog.title')}
        description={t('summeris.cancelDialog.message')}
        cancelLabel={t('summeris.cancelDialog.keep')}
        confirmLabel={t('summeris.cancelDialog.confirm')}
        onConfirm={() => void cancel()}
      />
    </ShareCard>
  );
}
