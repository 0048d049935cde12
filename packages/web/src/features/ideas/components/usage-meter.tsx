import { usageState } from '@life-updates/contract/idea-options';
import type { Usage } from '@life-updates/contract/ideas';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const indicatorByLevel = { normal: 'bg-primary', warning: 'bg-warning', limit: 'bg-destructive' } as const;

/**
 * Monthly Usage: yellow from 80 %, red "Limit reached" at 100 %. While the figures load it keeps
 * its place (the same card, figures hidden), so nothing below it moves when they arrive.
 */
export function UsageMeter({ usage }: { usage: Usage | undefined }) {
  const { t } = useTranslation();
  const { percent, level } = usage ? usageState(usage) : { percent: 0, level: 'normal' as const };
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          {t('ideas.usage.title')}
          <Badge variant="secondary">{t('app.beta')}</Badge>
        </CardTitle>
        <Link to={paths.contactUs} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('ideas.usage.upgrade')}
        </Link>
      </CardHeader>
      <CardContent className="space-y-2" aria-hidden={usage ? undefined : true}>
        <Progress
          value={percent}
          aria-label={t('ideas.usage.progressLabel', { percent })}
          indicatorClassName={indicatorByLevel[level]}
          data-level={level}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p
            className={cn(
              'text-muted-foreground',
              level === 'warning' && 'font-medium text-warning',
              !usage && 'invisible',
            )}
          >
            {t('ideas.usage.used', { used: usage?.used ?? 0, total: usage?.total ?? 0 })}
          </p>
          {level === 'limit' ? <p className="font-semibold text-destructive">{t('ideas.usage.limitReached')}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}
