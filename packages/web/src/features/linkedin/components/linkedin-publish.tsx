import { linkedinCommentaryLength, maxLinkedinPostLength } from '@life-updates/contract/linkedin';
import { CalendarClockIcon, ExternalLinkIcon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useLinkedinConnection, usePublishToLinkedin, useScheduleLinkedinPost } from '@/api/linkedin';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { formatLinkedinDateTime } from './linkedin-dates';

/** Refusals that only Settings → Connected accounts can fix. */
const connectionCodes = new Set(['LINKEDIN_NOT_CONNECTED', 'LINKEDIN_RECONNECT', 'LINKEDIN_SCOPE']);

/** A `datetime-local` value a minute or more from now, in the browser's time zone. */
function defaultPublishAt(): string {
  const soon = new Date(Date.now() + 60 * 60 * 1000);
  soon.setMinutes(0, 0, 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`;
}

/**
 * "Publish to LinkedIn" under a generated LinkedIn post: publish now or at a chosen time. Success is
 * shown only with the post's link LinkedIn returned; a refusal keeps the dialog and the text, and
 * says what to do (reconnect, change the text, wait).
 */
export function LinkedinPublish({
  ideaIds,
  text,
  disabled,
}: {
  ideaIds: readonly string[];
  text: string;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const connection = useLinkedinConnection();
  const publish = usePublishToLinkedin();
  const schedule = useScheduleLinkedinPost();
  const [isOpen, setOpen] = useState(false);
  const [publishAt, setPublishAt] = useState(defaultPublishAt);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [needsConnection, setNeedsConnection] = useState<string | null>(null);
  const [postUrl, setPostUrl] = useState<string | null>(null);

  // Only where the server has a LinkedIn app; nothing flickers in while that is being asked.
  if (!connection.data?.isConfigured) return null;

  const request = () => ({ ideaIds: [...ideaIds], text });
  const isBusy = publish.isPending || schedule.isPending;
  // Counted as LinkedIn counts it, and as the server checks it: escaped.
  const length = linkedinCommentaryLength(text.trim());

  function open() {
    if (ideaIds.length === 0) return toast.error(t('linkedin.errors.noIdeas'));
    if (text.trim() === '') return toast.error(t('linkedin.errors.emptyText'));
    const current = connection.data?.connection;
    setNeedsConnection(
      !current ? t('linkedin.errors.notConnected') : current.state === 'expired' ? t('linkedin.errors.expired') : null,
    );
    setTimeError(null);
    setOpen(true);
  }

  function onFailure(error: unknown) {
    const message = errorMessage(error, t('linkedin.errors.unavailable'));
    if (error instanceof ApiRequestError && connectionCodes.has(error.code)) setNeedsConnection(message);
    toast.error(message);
  }

  function publishNow() {
    publish.mutate(request(), {
      onSuccess: (published) => {
        setPostUrl(published.postUrl);
        setOpen(false);
        toast.success(published.message);
      },
      onError: onFailure,
    });
  }

  function scheduleLater() {
    const when = new Date(publishAt);
    if (publishAt === '' || Number.isNaN(when.getTime())) return setTimeError(t('linkedin.errors.invalidTime'));
    if (when.getTime() <= Date.now()) return setTimeError(t('linkedin.errors.pastTime'));
    setTimeError(null);
    schedule.mutate(
      { ...request(), publishAt: when.toISOString() },
      {
        onSuccess: (post) => {
          setOpen(false);
          toast.success(t('linkedin.scheduled', { date: formatLinkedinDateTime(post.publishAt, i18n.language) }));
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.fields?.publishAt) setTimeError(error.fields.publishAt);
          else onFailure(error);
        },
      },
    );
  }

  return (
    <div className="space-y-2">
      <Button variant="outline" className="w-full" disabled={disabled || isBusy} onClick={open}>
        <SendIcon aria-hidden />
        {t('linkedin.publish')}
      </Button>
      {postUrl ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" role="status">
          {t('linkedin.published')}
          <a
            href={postUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium underline"
          >
            {t('linkedin.viewPost')}
            <ExternalLinkIcon className="size-3.5" aria-hidden />
          </a>
        </p>
      ) : null}
      <Dialog open={isOpen} onOpenChange={(next) => !isBusy && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('linkedin.publish')}</DialogTitle>
            <DialogDescription>{t('linkedin.dialogDescription')}</DialogDescription>
          </DialogHeader>
          <p className={length > maxLinkedinPostLength ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
            {t('linkedin.characterCount', { count: length, max: maxLinkedinPostLength })}
          </p>
          {needsConnection ? (
            <div role="alert" className="space-y-2 rounded-md border border-destructive/50 p-3 text-sm">
              <p>{needsConnection}</p>
              <Link to={`${paths.settings}?tab=connected`} className="font-medium underline underline-offset-2">
                {t('linkedin.openConnectedAccounts')}
              </Link>
            </div>
          ) : null}
          <Button onClick={publishNow} disabled={isBusy || needsConnection !== null}>
            <SendIcon aria-hidden />
            {publish.isPending ? t('linkedin.publishing') : t('linkedin.publishNow')}
          </Button>
          <div className="space-y-2 border-t border-border pt-4">
            <Label htmlFor={`${id}-at`}>{t('linkedin.publishAt')}</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={`${id}-at`}
                type="datetime-local"
                value={publishAt}
                onChange={(event) => setPublishAt(event.target.value)}
                aria-invalid={timeError !== null}
                aria-describedby={timeError ? `${id}-at-error` : undefined}
                className="w-auto flex-1"
              />
              <Button variant="secondary" onClick={scheduleLater} disabled={isBusy || needsConnection !== null}>
                <CalendarClockIcon aria-hidden />
                {schedule.isPending ? t('linkedin.scheduling') : t('linkedin.schedule')}
              </Button>
            </div>
            {timeError ? (
              <p id={`${id}-at-error`} className="text-sm text-destructive">
                {timeError}
              </p>
            ) : null}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
