import { InboxIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outboxPageSize, useOutbox } from '@/api/email';
import { Pager } from '@/components/ui/pager';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';

/** The embedded outbox: with no real transport, mail stays here, on this machine. */
export function OutboxList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / outboxPageSize));

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <InboxIcon className="mr-2 inline size-5" aria-hidden />
          {t('email.outbox.title')}
        </CardTitle>
        <CardDescription>{t('email.outbox.notice')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {outbox.isPending ? <Spinner label={t('common.loading')} /> : null}
        {outbox.isError ? <p className="text-sm text-destructive">{t('email.outbox.loadFailed')}</p> : null}
        {outbox.data && outbox.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('email.outbox.empty')}</p>
        ) : null}
        {outbox.data && outbox.data.items.length > 0 ? (
          <ul className="divide-y divide-border rounded-md border border-border" aria-label={t('email.outbox.title')}>
            {outbox.data.items.map((message) => (
              <li key={message.id} className="p-3 text-sm">
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-medium">{message.subject}</span>
                    <span className="block text-muted-foreground sm:inline sm:before:content-['_·_']">
                      {t('email.outbox.to')}: {message.to}
                    </span>
                  </summary>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-all">
                    <dt className="text-muted-foreground">{t('email.outbox.from')}</dt>
                    <dd>{message.from}</dd>
                    {message.replyTo ? (
                      <>
                        <dt className="text-muted-foreground">{t('email.outbox.replyTo')}</dt>
                        <dd>{message.replyTo}</dd>
                      </>
                    ) : null}
                    <dt className="text-muted-foreground">{t('email.outbox.sentAt')}</dt>
                    <dd>{formatDateTime(message.createdAt, i18n.language)}</dd>
                  </dl>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-muted p-2 font-sans">
                    {message.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        ) : null}
        {pages > 1 ? <Pager label={t('email.outbox.title')} page={page} pages={pages} onPageChange={setPage} /> : null}
      </CardContent>
    </Card>
  );
}
