import type { TelegramChat, TelegramLinkCode, TelegramStatus } from '@life-updates/contract/telegram';
import { CheckCircle2Icon, CopyIcon, ExternalLinkIcon, LinkIcon, Trash2Icon, UnlinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateTelegramLinkCode, useRemoveTelegramChat, useTelegramStatus, useUnlinkTelegram } from '@/api/telegram';
import { ServiceCard } from '@/components/service-card';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { formatDate } from '@/lib/format-date';

const formatTime = (iso: string, locale: string) =>
  new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

/** The code and the deep link, while the user finishes in Telegram; the page notices the link by itself. */
function PendingCode({
  code,
  onNewCode,
  isRenewing,
}: {
  code: TelegramLinkCode;
  onNewCode: () => void;
  isRenewing: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);
  const isExpired = new Date(code.expiresAt).getTime() <= now;

  return (
    <section aria-labelledby="telegram-code-title" className="space-y-3 rounded-md border border-border p-4">
      <h3 id="telegram-code-title" className="font-semibold">
        {t('telegram.codeTitle')}
      </h3>
      {code.deepLink && !isExpired ? (
        <a className={buttonVariants()} href={code.deepLink} target="_blank" rel="noreferrer noopener">
          <ExternalLinkIcon aria-hidden />
          {t('telegram.openLink')}
        </a>
      ) : null}
      <p className="text-sm">{t('telegram.orSendCode')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <output
          aria-label={t('telegram.codeLabel')}
          className="rounded-md bg-muted px-3 py-2 font-mono text-lg tracking-widest"
        >
          {code.code}
        </output>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void copyText(code.code, t('telegram.copied'))}
        >
          <CopyIcon aria-hidden />
          {t('telegram.copyCode')}
        </Button>
      </div>
      {isExpired ? null : (
        <p className="text-sm text-muted-foreground">
          {t('telegram.codeExpires', { time: formatTime(code.expiresAt, i18n.language) })}
        </p>
      )}
      <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {isExpired ? null : <Spinner label={t('telegram.waiting')} />}
        {isExpired ? null : <span aria-hidden>{t('telegram.waiting')}</span>}
      </p>
      <Button type="button" variant="secondary" size="sm" disabled={isRenewing} onClick={onNewCode}>
        {t('telegram.newCode')}
      </Button>
    </section>
  );
}

function LinkSection({
  status,
  pending,
  setPending,
}: {
  status: TelegramStatus;
  pending: TelegramLinkCode | null;
  setPending: (code: TelegramLinkCode | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const createCode = useCreateTelegramLinkCode();
  const unlink = useUnlinkTelegram();
  const [isConfirmingUnlink, setConfirmingUnlink] = useState(false);

  function requestCode() {
    createCode.mutate(undefined, {
      onSuccess: setPending,
      onError: (error) => toast.error(errorMessage(error, t('errors.internal'))),
    });
  }

  if (status.link) {
    const name = status.link.username ? `@${status.link.username}` : (status.link.firstName ?? 'Telegram');
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2Icon className="size-5 text-green-600 dark:text-green-400" aria-hidden />
          {t('telegram.linkedTitle')}
        </p>
        <p>{t('telegram.linkedAs', { name, date: formatDate(status.link.linkedAt, i18n.language) })}</p>
        <p className="text-sm text-muted-foreground">{t('telegram.linkedHint')}</p>
        <Button type="button" variant="outline" disabled={unlink.isPending} onClick={() => setConfirmingUnlink(true)}>
          <UnlinkIcon aria-hidden />
          {t('telegram.unlink')}
        </Button>
        <ConfirmDialog
          open={isConfirmingUnlink}
          onOpenChange={setConfirmingUnlink}
          title={t('telegram.unlinkTitle')}
          description={t('telegram.unlinkDescription')}
          confirmLabel={t('telegram.unlink')}
          cancelLabel={t('common.cancel')}
          onConfirm={() =>
            unlink.mutate(undefined, {
              onSuccess: () => toast.success(t('telegram.unlinked')),
              onError: (error) => toast.error(errorMessage(error, t('errors.internal'))),
            })
          }
        />
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="font-medium">{t('telegram.notLinkedTitle')}</p>
      <p className="text-sm text-muted-foreground">{t('telegram.notLinkedText')}</p>
      {status.botUsername === null ? <p className="text-sm text-destructive">{t('telegram.unreachable')}</p> : null}
      {pending ? (
        <PendingCode code={pending} onNewCode={requestCode} isRenewing={createCode.isPending} />
      ) : (
        <Button type="button" disabled={createCode.isPending} onClick={requestCode}>
          <LinkIcon aria-hidden />
          {createCode.isPending ? t('telegram.connecting') : t('telegram.connect')}
        </Button>
      )}
    </div>
  );
}

function ChatList({ chats }: { chats: TelegramChat[] }) {
  const { t } = useTranslation();
  const remove = useRemoveTelegramChat();
  const [removing, setRemoving] = useState<TelegramChat | null>(null);
  return (
    <section aria-labelledby="telegram-chats-title" className="space-y-3">
      <h3 id="telegram-chats-title" className="font-semibold">
        {t('telegram.channelsTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('telegram.channelsHint')}</p>
      {chats.length === 0 ? (
        <p className="text-sm">{t('telegram.noChannels')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {chats.map((chat) => (
            <li key={chat.id} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{chat.title}</p>
                <p className="text-sm text-muted-foreground">
                  <Badge variant="secondary">{t(`telegram.channelType.${chat.type}`)}</Badge>
                  {chat.username ? <span className="ml-2">@{chat.username}</span> : null}
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('telegram.removeChannel', { title: chat.title })}
                onClick={() => setRemoving(chat)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t('telegram.removeChannelTitle')}
        description={t('telegram.removeChannelDescription')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast.success(t('telegram.channelRemoved')),
            onError: (error) => toast.error(errorMessage(error, t('errors.internal'))),
          });
        }}
      />
    </section>
  );
}

/** Settings → Telegram: link a chat to capture ideas from it, and the chats (channels and groups) to publish to. */
export function TelegramSettings() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<TelegramLinkCode | null>(null);
  const [isLinked, setLinked] = useState(false);
  const status = useTelegramStatus({ isWaitingForLink: pending !== null && !isLinked });
  const isLinkedNow = status.data?.link !== null && status.data?.link !== undefined;

  // The bot linked the chat while the code was shown: say so once (the linked state replaces the code).
  useEffect(() => {
    if (pending && isLinkedNow) toast.success(t('telegram.linkedToast'));
  }, [pending, isLinkedNow, t]);
  if (isLinkedNow !== isLinked) {
    setLinked(isLinkedNow);
    // A code from before the link is spent; after an unlink, "Connect Telegram" starts afresh.
    if (!isLinkedNow) setPending(null);
  }

  return (
    <ServiceCard
      title={t('telegram.title')}
      description={t('telegram.description')}
      status={status}
      failedMessage={t('telegram.loadFailed')}
      notConfiguredMessage={t('telegram.notConfigured')}
    >
      {status.data?.isConfigured ? (
        <>
          <LinkSection status={status.data} pending={pending} setPending={setPending} />
          <ChatList chats={status.data.chats} />
        </>
      ) : null}
    </ServiceCard>
  );
}
