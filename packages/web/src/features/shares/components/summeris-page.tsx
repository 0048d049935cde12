import { countAccepted, countUndelivered, deliveryOutcomeMessage } from '@life-updates/contract/email-options';
import { everyoneTextKey } from '@life-updates/contract/share-options';
import type { ShareWithContacts } from '@life-updates/contract/shares';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcwIcon, SendIcon, UsersIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  shareKeys,
  useCancelShare,
  useRetryFailedDeliveries,
  useSendShare,
  useShareDeliveries,
  useShareReview,
  useUpdateShareText,
  waitForDeliveries,
} from '@/api/shares';
import { DeliveryStatusList } from '@/components/delivery-status-list';
import { ContactPickerDialog } from '@/components/contact-picker-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { formatDateTime, recipientsOf, templateLabel } from './share-labels';

/** Summeris: shares waiting for review, and shares sent, newest first. */
export function ShareReviewPage() {
  const { t } = useTranslation();
  const summeris = useShareReview();
  const [tab, setTab] = useState<'pending' | 'sent'>('pending');

  if (summeris.isPending) return <Spinner label={t('common.loading')} />;
  if (summeris.isError) {
    return (
      <div className="space-y-2">
        <p role="alert">{t('summeris.toasts.loadFailed')}</p>
        <Button variant="outline" onClick={() => void summeris.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const { pending, sent } = summeris.data;
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'sent' ? 'sent' : 'pending')}>
      <TabsList>
        <TabsTrigger value="pending">
          {t('summeris.tabs.pending')}
          <Badge variant="secondary" className="ml-2">
            {pending.length}
          </Badge>
        </TabsTrigger>
        <TabsTrigger value="sent">
          {t('summeris.tabs.sent')}
          <Badge variant="secondary" className="ml-2">
            {sent.length}
          </Badge>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="pending" className="space-y-4">
        {pending.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{t('summeris.empty.pending')}</p>
        ) : (
          pending.map((share) => <PendingShareCard key={share.id} share={share} />)
        )}
      </TabsContent>
      <TabsContent value="sent" className="space-y-4">
        {sent.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{t('summeris.empty.sent')}</p>
        ) : (
          sent.map((share) => <SentShareCard key={share.id} share={share} />)
        )}
      </TabsContent>
    </Tabs>
  );
}

function ShareHeader({ share, titleId, date }: { share: ShareWithContacts; titleId: string; date: string }) {
  const { t } = useTranslation();
  const names = recipientsOf(share, t)
    .filter((recipient) => recipient.key !== everyoneTextKey)
    .map((recipient) => recipient.name);
  return (
    <CardHeader className="space-y-1">
      <CardTitle id={titleId} className="text-base">
        {t('summeris.shareWith')} {names.length > 0 ? names.join(', ') : t('summeris.noRecipients')}
      </CardTitle>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Badge variant="outline">{templateLabel(share, t)}</Badge>
        <span>{date}</span>
      </div>
    </CardHeader>
  );
}

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
  const updateSummary = useUpdateShareText();
  const isChanged = text !== recipient.text;

  const save = async () => {
    try {
      await updateSummary.mutateAsync({ shareId: share.id, contactId: recipient.key, text });
      toast.success(t('summeris.toasts.summaryUpdated'));
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError && error.status < 500
          ? error.message
          : t('summeris.toasts.summaryUpdateFailed'),
      );
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{t('summeris.shareTextFor', { name: recipient.name })}</Label>
      <Textarea id={id} rows={8} value={text} onChange={(event) => setText(event.target.value)} />
      <Button
        size="sm"
        variant="outline"
        disabled={!isChanged || updateSummary.isPending}
        aria-label={t('summeris.saveShareTextFor', { name: recipient.name })}
        onClick={() => void save()}
      >
        {updateSummary.isPending ? t('common.saving') : t('summeris.saveSummary')}
      </Button>
    </div>
  );
}

function PendingShareCard({ share }: { share: ShareWithContacts }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cancelShare = useCancelShare();
  const approveShare = useSendShare();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [isSending, setIsSending] = useState(false);
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
   * Email sending toasts: a loading toast, then the outcome once every email is done. Sent to the
   * share's contacts, or to `contactIds` just chosen in the picker.
   */
  const approve = async (contactIds?: string[]) => {
    if (Object.values(share.texts).every((text) => text.trim() === '')) {
      toast.error(t('notices.noGeneratedSummaries'));
      return;
    }
    if (!contactIds && !hasRecipients) {
      setIsPickingRecipients(true);
      return;
    }
    setIsPickingRecipients(false);
    setIsSending(true);
    const toastId = toast.loading(t('email.sending'));
    try {
      const result = await approveShare.mutateAsync({ shareId: share.id, contactIds });
      // Contacts who unsubscribed or whose address bounces are left out: say how many and why.
      if (result.skippedNotice) toast.info(result.skippedNotice);
      if (result.outcome !== 'queued') {
        toast.info(result.message ?? t('email.noValidRecipients'), { id: toastId });
        return;
      }
      const deliveries = await waitForDeliveries(queryClient, share.id, result.deliveries);
      const outcome = deliveryOutcomeMessage(deliveries.counts);
      if (!outcome) toast.dismiss(toastId);
      else if (countUndelivered(deliveries.counts) === 0) {
        // The share's own message, with the email outcome under it.
        const title = isSingleText
          ? t('notices.shareSent')
          : t('notices.summariesSent', { count: countAccepted(deliveries.counts) });
        toast.success(title, { id: toastId, description: t(outcome.key, outcome.values) });
      } else toast.error(t(outcome.key, outcome.values), { id: toastId });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'LIMIT_REACHED') {
        toast.error(error.message, { id: toastId });
        void navigate(paths.settings);
        return;
      }
      toast.error(
        error instanceof ApiRequestError && error.status < 500 ? error.message : t('summeris.toasts.sendFailed'),
        {
          id: toastId,
        },
      );
    } finally {
      setIsSending(false);
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
    }
  };

  return (
    <Card role="article" aria-labelledby={titleId}>
      <ShareHeader
        share={share}
        titleId={titleId}
        date={t('summeris.generatedAt', { date: formatDateTime(share.generatedAt ?? share.createdAt, i18n.language) })}
      />
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
        <Button disabled={isSending} onClick={() => void approve()}>
          <SendIcon aria-hidden />
          {isSending ? t('summeris.sending') : t('summeris.approve')}
        </Button>
      </CardFooter>
      <ContactPickerDialog
        open={isPickingRecipients}
        onOpenChange={setIsPickingRecipients}
        title={t('notices.recipientsTitle')}
        submitLabel={t('summeris.approve')}
        note={hasRecipients ? t('summeris.othersStayPending') : undefined}
        filter={isSingleText ? undefined : (contact) => share.texts[contact.id] !== undefined}
        isProcessing={isSending}
        onSubmit={(contactIds) => void approve(contactIds)}
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
    </Card>
  );
}

function SentShareCard({ share }: { share: ShareWithContacts }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const recipientsId = useId();
  const deliveries = useShareDeliveries(share.id);
  const retryFailed = useRetryFailedDeliveries();
  const recipients = recipientsOf(share, t);

  const retry = async () => {
    try {
      await retryFailed.mutateAsync(share.id);
      toast.success(t('email.retryQueued'));
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError && error.status < 500 ? error.message : t('summeris.toasts.sendFailed'),
      );
    }
  };

  return (
    <Card role="article" aria-labelledby={titleId}>
      <ShareHeader
        share={share}
        titleId={titleId}
        date={
          share.sentAt
            ? t('summeris.sentAt', { date: formatDateTime(share.sentAt, i18n.language) })
            : t('summeris.generatedAt', { date: formatDateTime(share.generatedAt ?? share.createdAt, i18n.language) })
        }
      />
      <CardContent className="space-y-4">
        {recipients.map((recipient) => {
          return (
            <section
              key={recipient.key}
              aria-label={t('summeris.shareTextFor', { name: recipient.name })}
              className="space-y-2"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium">{recipient.name}</h3>
              </div>
              <p className="whitespace-pre-wrap rounded-md border border-border bg-muted/40 p-3 text-sm">
                {recipient.text}
              </p>
            </section>
          );
        })}
        {deliveries.data && deliveries.data.deliveries.length > 0 ? (
          <section className="space-y-2">
            <h3 id={recipientsId} className="font-medium">
              {t('recipients.recipientStatus')}
            </h3>
            <DeliveryStatusList deliveries={deliveries.data.deliveries} labelId={recipientsId} />
          </section>
        ) : null}
      </CardContent>
      {deliveries.data && deliveries.data.deliveries.some((delivery) => delivery.canRetry) && deliveries.data.isDone ? (
        <CardFooter className="justify-end">
          <Button variant="outline" disabled={retryFailed.isPending} onClick={() => void retry()}>
            <RotateCcwIcon aria-hidden />
            {retryFailed.isPending ? t('email.retrying') : t('email.retryFailed')}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
