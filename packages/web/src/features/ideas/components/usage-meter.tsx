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

/** Monthly Usage: yellow from 80 %, red "Limit reached" at 100 %. */
export function UsageMeter({ usage }: { usage: Usage }) {
  const { t } = useTranslation();
  const { percent, level } = usageState(usage);
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
      <CardContent className="space-y-2">
        <Progress
          value={percent}
          aria-label={t('ideas.usage.progressLabel', { percent })}
          indicatorClassName={indicatorByLevel[level]}
          data-level={level}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className={cn('text-muted-foreground', level === 'warning' && 'font-medium text-warning')}>
            {t('ideas.usage.used', { used: usage.used, total: usage.total })}
          </p>
          {level === 'limit' ? <p className="font-semibold text-destructive">{t('ideas.usage.limitReached')}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}
