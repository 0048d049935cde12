import {
  countAccepted,
  countDeliveries,
  countUndelivered,
  deliveryOutcomeMessage,
  everyoneTextKey,
  type Delivery,
  type ShareWithContacts,
} from '@life-updates/contract/shares';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarXIcon, RotateCcwIcon, SendIcon, UsersIcon, XIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  shareKeys,
  useCancelShare,
  useRetryFailedDeliveries,
  useSendShare,
  useShareReview,
  useUnscheduleShare,
  useUpdateShareText,
  waitForDeliveries,
} from '@/api/shares';
import { DeliveryStatusList, destinationLabel } from '@/components/delivery-status-list';
import { LoadFailed } from '@/components/load-failed';
import { PhotoThumbnails } from '@/components/photos/photo-thumbnails';
import { ShareDestinationsDialog, type ShareDestinationsChoice } from '@/components/share-destinations-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiRequestError, refusalMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { recipientsOf, templateLabel } from './share-labels';

const tabs = ['pending', 'scheduled', 'sent', 'failed'] as const;
type Tab = (typeof tabs)[number];

/** The date a tab orders its shares by, newest first. */
const tabDate: Record<Tab, (share: ShareWithContacts) => string | null> = {
  pending: (share) => share.generatedAt ?? share.createdAt,
  scheduled: (share) => share.sendAt ?? share.updatedAt,
  sent: (share) => share.sentAt ?? share.updatedAt,
  failed: (share) => share.updatedAt,
};

const newestFirst = (shares: readonly ShareWithContacts[], tab: Tab) =>
  [...shares].sort((a, b) => Date.parse(tabDate[tab](b) ?? '') - Date.parse(tabDate[tab](a) ?? ''));

/**
 * Summeris: everything that goes out, on every channel. Pending: shares waiting for review;
 * Scheduled: waiting for their time; Sent: each destination's status; Failed: the destinations that
 * did not get it (a partial send is in Sent and in Failed). Newest first.
 */
export function ShareReviewPage() {
  const { t } = useTranslation();
  const summeris = useShareReview();
  const [tab, setTab] = useState<Tab>('pending');

  if (summeris.isPending) return <Spinner label={t('common.loading')} />;
  if (summeris.isError) return <LoadFailed message={t('summeris.toasts.loadFailed')} onRetry={summeris.refetch} />;
  const review = summeris.data;
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(tabs.find((candidate) => candidate === value) ?? 'pending')}>
      <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
        {tabs.map((name) => (
          <TabsTrigger key={name} value={name}>
            {t(`summeris.tabs.${name}`)}{' '}
            <Badge variant="secondary" className="ml-2">
              {review[name].length}
            </Badge>
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((name) => (
        <TabsContent key={name} value={name} className="space-y-4">
          {review[name].length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">{t(`summeris.empty.${name}`)}</p>
          ) : (
            newestFirst(review[name], name).map((share) =>
              name === 'pending' ? (
                <PendingShareCard key={share.id} share={share} />
              ) : name === 'scheduled' ? (
                <ScheduledShareCard key={share.id} share={share} />
              ) : (
                <DeliveredShareCard key={share.id} share={share} view={name} />
              ),
            )
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** Makes a change and toasts how it went: `done`, or the refusal's own message, else `failed`. */
async function toastOutcome(change: () => Promise<unknown>, done: string, failed: string) {
  try {
    await change();
    toast.success(done);
  } catch (error) {
    toast.error(refusalMessage(error, failed));
  }
}

/**
 * A share's card, named by its header: "Share with" and who (the contacts of a pending share, the
 * destinations of one that went out), its template, `date` and its ideas' photos; then `children`.
 */
function ShareCard({
  share,
  date,
  byDestination = false,
  children,
}: {
  share: ShareWithContacts;
  date: string;
  byDestination?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const names =
    byDestination && share.deliveries.length > 0
      ? share.deliveries.map((delivery) =>
          delivery.channel === 'email'
            ? (delivery.recipientName ?? delivery.recipientEmail ?? '')
            : `${destinationLabel(delivery)} (${t(`recipients.channel.${delivery.channel}`)})`,
        )
      : recipientsOf(share, t)
          .filter((recipient) => recipient.key !== everyoneTextKey)
          .map((recipient) => recipient.name);
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardHeader className="space-y-1">
        <CardTitle id={titleId} className="break-words text-base">
          {t('summeris.shareWith')} {names.length > 0 ? names.join(', ') : t('summeris.noRecipients')}
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="outline">{templateLabel(share, t)}</Badge>
          <span>{date}</span>
        </div>
        {/* The photos of its ideas: what its channels send with the text. */}
        <PhotoThumbnails photos={share.photos} className="pt-1" />
      </CardHeader>
      {children}
    </Card>
  );
}

/** A share's destinations with their status, under a heading that names the list; `children` stand between. */
function DestinationsSection({
  title,
  deliveries,
  children,
}: {
  title: string;
  deliveries: readonly Delivery[];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="space-y-2">
      <h3 id={headingId} className="font-medium">
        {title}
      </h3>
      {children}
      <DeliveryStatusList deliveries={deliveries} labelId={headingId} />
    </section>
  );
}

/** The texts of a share that can no longer be edited. */
function ReadOnlyTexts({ share }: { share: ShareWithContacts }) {
  const { t } = useTranslation();
  const recipients = recipientsOf(share, t);
  const single = share.texts[everyoneTextKey];
  // One text for everyone is shown once, whoever it went to.
  const shown =
    single !== undefined && recipients.every((recipient) => recipient.text === single)
      ? [{ key: everyoneTextKey, name: t('summeris.singleSummary'), text: single }]
      : recipients;
  return shown.map((recipient) => (
    <section
      key={recipient.key}
      aria-label={t('summeris.shareTextFor', { name: recipient.name })}
      className="space-y-2"
    >
      <h3 className="font-medium">{recipient.name}</h3>
      <p className="whitespace-pre-wrap break-words rounded-md border border-border bg-muted/40 p-3 text-sm">
        {recipient.text}
      </p>
    </section>
  ));
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

  const save = () =>
    toastOutcome(
      () => updateSummary.mutateAsync({ shareId: share.id, contactId: recipient.key, text }),
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
   * Approve: to the share's contacts now, or to the destinations and at the time just chosen. Email
   * sending toasts for a send to contacts alone: a loading toast, then the outcome once every email
   * is done; with a post, how many destinations have it.
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
    const isEmailOnly = !destinations || (destinations.chatIds.length === 0 && !destinations.linkedin);
    setIsSending(true);
    const toastId = toast.loading(isEmailOnly ? t('email.sending') : t('common.destinations.sending'));
    try {
      const result = await approveShare.mutateAsync({
        shareId: share.id,
        method: 'email',
        ...(destinations ? { destinations } : {}),
        ...(choice?.sendAt ? { sendAt: choice.sendAt } : {}),
      });
      setIsPickingRecipients(false);
      // Contacts who unsubscribed or whose address bounces are left out: say how many and why.
      if (result.skippedNotice) toast.info(result.skippedNotice);
      if (result.outcome === 'scheduled' && choice?.sendAt) {
        toast.success(t('summeris.toasts.scheduled', { date: formatDateTime(choice.sendAt, i18n.language) }), {
          id: toastId,
        });
        return;
      }
      if (result.outcome !== 'queued' || result.deliveries === null) {
        toast.info(result.message ?? t('email.noValidRecipients'), { id: toastId });
        return;
      }
      const deliveries = await waitForDeliveries(queryClient, share.id, result.deliveries);
      const outcome = deliveryOutcomeMessage(deliveries.counts);
      const accepted = countAccepted(deliveries.counts);
      if (!outcome) toast.dismiss(toastId);
      else if (!isEmailOnly) {
        const message = t('summeris.acceptedCount', { accepted, total: deliveries.counts.total });
        if (countUndelivered(deliveries.counts) === 0) toast.success(message, { id: toastId });
        else toast.error(message, { id: toastId });
      } else if (countUndelivered(deliveries.counts) === 0) {
        // The share's own message, with the email outcome under it.
        const title = isSingleText ? t('notices.shareSent') : t('notices.summariesSent', { count: accepted });
        toast.success(title, { id: toastId, description: t(outcome.key, outcome.values) });
      } else toast.error(t(outcome.key, outcome.values), { id: toastId });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'LIMIT_REACHED') {
        toast.error(error.message, { id: toastId });
        void navigate(paths.settings);
        return;
      }
      toast.error(refusalMessage(error, t('summeris.toasts.sendFailed')), { id: toastId });
    } finally {
      setIsSending(false);
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
    }
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
        <Button disabled={isSending} onClick={() => void approve()}>
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

/** A scheduled share: when it goes, where, its text, and "Cancel schedule" (back to Pending). */
function ScheduledShareCard({ share }: { share: ShareWithContacts }) {
  const { t, i18n } = useTranslation();
  const unschedule = useUnscheduleShare();
  const [isConfirming, setIsConfirming] = useState(false);

  const cancelSchedule = () =>
    toastOutcome(
      () => unschedule.mutateAsync(share.id),
      t('summeris.toasts.scheduleCancelled'),
      t('summeris.toasts.cancelScheduleFailed'),
    );

  return (
    <ShareCard
      share={share}
      byDestination
      date={share.sendAt ? t('summeris.sendsAt', { date: formatDateTime(share.sendAt, i18n.language) }) : ''}
    >
      <CardContent className="space-y-4">
        <ReadOnlyTexts share={share} />
        <DestinationsSection title={t('summeris.destinations')} deliveries={share.deliveries} />
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant="outline" disabled={unschedule.isPending} onClick={() => setIsConfirming(true)}>
          <CalendarXIcon aria-hidden />
          {t('summeris.cancelSchedule')}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('summeris.cancelScheduleDialog.title')}
        description={t('summeris.cancelScheduleDialog.message')}
        cancelLabel={t('summeris.cancelScheduleDialog.keep')}
        confirmLabel={t('summeris.cancelScheduleDialog.confirm')}
        onConfirm={() => void cancelSchedule()}
      />
    </ShareCard>
  );
}

const isUndelivered = (delivery: Delivery) => delivery.status === 'failed' || delivery.status === 'bounced';

/**
 * A share that went out (Sent: every destination with its status) or did not reach some of its
 * destinations (Failed: those, with why). How many destinations have it is said on both, and "Retry
 * failed" shows when a failure was temporary.
 */
function DeliveredShareCard({ share, view }: { share: ShareWithContacts; view: 'sent' | 'failed' }) {
  const { t, i18n } = useTranslation();
  const retryFailed = useRetryFailedDeliveries();
  const counts = countDeliveries(share.deliveries);
  const shown = view === 'failed' ? share.deliveries.filter(isUndelivered) : share.deliveries;
  const isInFlight = counts.queued + counts.sending > 0;
  const canRetry = !isInFlight && share.deliveries.some((delivery) => delivery.canRetry);

  const retry = () =>
    toastOutcome(() => retryFailed.mutateAsync(share.id), t('email.retryQueued'), t('summeris.toasts.sendFailed'));

  return (
    <ShareCard
      share={share}
      byDestination
      date={
        share.sentAt
          ? t('summeris.sentAt', { date: formatDateTime(share.sentAt, i18n.language) })
          : t('summeris.generatedAt', { date: formatDateTime(share.generatedAt ?? share.createdAt, i18n.language) })
      }
    >
      <CardContent className="space-y-4">
        {view === 'sent' ? <ReadOnlyTexts share={share} /> : null}
        {counts.total > 0 ? (
          <DestinationsSection
            title={view === 'failed' ? t('summeris.failedDestinations') : t('summeris.destinations')}
            deliveries={shown}
          >
            <p className="text-sm text-muted-foreground" role="status">
              {t('summeris.acceptedCount', { accepted: countAccepted(counts), total: counts.total })}
            </p>
          </DestinationsSection>
        ) : null}
      </CardContent>
      {canRetry ? (
        <CardFooter className="justify-end">
          <Button variant="outline" disabled={retryFailed.isPending} onClick={() => void retry()}>
            <RotateCcwIcon aria-hidden />
            {retryFailed.isPending ? t('email.retrying') : t('email.retryFailed')}
          </Button>
        </CardFooter>
      ) : null}
    </ShareCard>
  );
}
