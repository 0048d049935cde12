import type { Preferences } from '@life-updates/contract/preferences';
import type { PublishTelegramResult } from '@life-updates/contract/telegram';
import { ExternalLinkIcon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { usePublishToTelegram, useTelegramStatus } from '@/api/telegram';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

/**
 * "Post to Telegram" on a generated Telegram post: pick one of the connected channels or groups and
 * publish. A failure is shown in the dialog and nothing changes; on success the post's link shows.
 */
export function PostToTelegram({
  ideaIds,
  text,
  preferences,
  disabled,
}: {
  ideaIds: readonly string[];
  text: string;
  preferences: Preferences;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [chatId, setChatId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [published, setPublished] = useState<PublishTelegramResult | null>(null);
  const status = useTelegramStatus({ enabled: isOpen });
  const publish = usePublishToTelegram();
  const chats = status.data?.chats ?? [];
  const chosen = chatId ?? chats[0]?.id ?? null;

  function open() {
    if (ideaIds.length === 0) {
      toast.error(t('generation.toasts.selectIdeaFirst'));
      return;
    }
    if (text.trim() === '') {
      toast.error(t('telegram.post.noText'));
      return;
    }
    setError(null);
    setPublished(null);
    setOpen(true);
  }

  function submit() {
    if (!chosen) return;
    setError(null);
    publish.mutate(
      { ideaIds: [...ideaIds], text, preferences, chatId: chosen },
      {
        onSuccess: (result) => {
          setPublished(result);
          toast.success(t('telegram.post.published', { channel: result.chatTitle }));
        },
        onError: (failure) => setError(errorMessage(failure, t('telegram.post.failed'))),
      },
    );
  }

  return (
    <>
      <Button type="button" variant="outline" disabled={disabled} onClick={open}>
        <SendIcon aria-hidden />
        {t('telegram.post.button')}
      </Button>
      <Dialog open={isOpen} onOpenChange={(next) => (publish.isPending ? null : setOpen(next))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('telegram.post.dialogTitle')}</DialogTitle>
            <DialogDescription>{t('telegram.post.dialogDescription')}</DialogDescription>
          </DialogHeader>
          {status.isPending ? <Spinner label={t('common.loading')} /> : null}
          {status.isError ? <p className="text-destructive">{t('telegram.loadFailed')}</p> : null}
          {status.data && !status.data.isConfigured ? <p>{t('telegram.errors.notConfigured')}</p> : null}
          {status.data?.isConfigured && chats.length === 0 ? (
            <div className="space-y-3">
              <p>{t('telegram.post.noChannels')}</p>
              <Link className={buttonVariants({ variant: 'outline' })} to={`${paths.settings}?tab=telegram`}>
                {t('telegram.post.openSettings')}
              </Link>
            </div>
          ) : null}
          {published ? (
            <p role="status" className="space-x-2">
              <span>{t('telegram.post.published', { channel: published.chatTitle })}</span>
              {published.messageLink ? (
                <a
                  className="inline-flex items-center gap-1 underline"
                  href={published.messageLink}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {t('telegram.post.viewPost')}
                  <ExternalLinkIcon className="size-4" aria-hidden />
                </a>
              ) : null}
            </p>
          ) : null}
          {chats.length > 0 && !published ? (
            <fieldset className="space-y-2" disabled={publish.isPending}>
              <legend className="mb-2 text-sm font-medium">{t('telegram.post.channelLabel')}</legend>
              {chats.map((chat) => (
                <label
                  key={chat.id}
                  htmlFor={`${id}-${chat.id}`}
                  className="flex items-center gap-2 rounded-md border border-border p-2"
                >
                  <input
                    id={`${id}-${chat.id}`}
                    type="radio"
                    name={`${id}-chat`}
                    value={chat.id}
                    checked={chosen === chat.id}
                    onChange={() => setChatId(chat.id)}
                  />
                  <span>{chat.title}</span>
                  <span className="text-sm text-muted-foreground">{t(`telegram.channelType.${chat.type}`)}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={publish.isPending} onClick={() => setOpen(false)}>
              {published ? t('common.close') : t('common.cancel')}
            </Button>
            {published ? null : (
              <Button type="button" disabled={!chosen || publish.isPending} onClick={submit}>
                <SendIcon aria-hidden />
                {publish.isPending ? t('telegram.post.publishing') : t('telegram.post.publish')}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
