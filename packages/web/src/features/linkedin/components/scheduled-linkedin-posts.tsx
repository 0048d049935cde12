import type { ScheduledLinkedinPost } from '@life-updates/contract/linkedin';
import { ExternalLinkIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCancelLinkedinPost, useLinkedinPosts } from '@/api/linkedin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatLinkedinDateTime } from './linkedin-dates';

const statusVariant = {
  scheduled: 'secondary',
  publishing: 'warning',
  published: 'success',
  failed: 'destructive',
  cancelled: 'outline',
} as const;

/** Summeris: LinkedIn posts waiting for their time (cancellable), and how the scheduled ones went. */
export function ScheduledLinkedinPosts() {
  const { t } = useTranslation();
  const posts = useLinkedinPosts();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('linkedin.scheduledPosts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {posts.isPending ? <Spinner label={t('common.loading')} /> : null}
        {posts.isError ? (
          <div className="space-y-2">
            <p role="alert">{t('linkedin.scheduledPosts.loadFailed')}</p>
            <Button variant="outline" onClick={() => void posts.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        {posts.data?.posts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('linkedin.scheduledPosts.empty')}</p>
        ) : null}
        {posts.data && posts.data.posts.length > 0 ? (
          <ul className="space-y-3">
            {posts.data.posts.map((post) => (
              <ScheduledPostItem key={post.id} post={post} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ScheduledPostItem({ post }: { post: ScheduledLinkedinPost }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelLinkedinPost();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <li className="space-y-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">
          {t('linkedin.scheduledPosts.publishAt', { date: formatLinkedinDateTime(post.publishAt, i18n.language) })}
        </span>
        <Badge variant={statusVariant[post.status]}>{t(`linkedin.scheduledPosts.statuses.${post.status}`)}</Badge>
      </div>
      <p className="line-clamp-3 whitespace-pre-wrap text-sm text-muted-foreground">{post.text}</p>
      {post.error ? <p className="text-sm text-destructive">{post.error}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {post.postUrl ? (
          <a
            href={post.postUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium underline"
          >
            {t('linkedin.viewPost')}
            <ExternalLinkIcon className="size-3.5" aria-hidden />
          </a>
        ) : null}
        {post.status === 'scheduled' ? (
          <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={() => setConfirming(true)}>
            <XIcon aria-hidden />
            {t('linkedin.scheduledPosts.cancel')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={t('linkedin.scheduledPosts.cancelConfirmTitle')}
        description={t('linkedin.scheduledPosts.cancelConfirmDescription')}
        cancelLabel={t('common.close')}
        confirmLabel={t('linkedin.scheduledPosts.cancel')}
        onConfirm={() =>
          cancel.mutate(post.id, {
            onSuccess: () => toast.success(t('linkedin.scheduledPosts.cancelled')),
            onError: (error) => toast.error(errorMessage(error, t('linkedin.scheduledPosts.cancelFailed'))),
          })
        }
      />
    </li>
  );
}
