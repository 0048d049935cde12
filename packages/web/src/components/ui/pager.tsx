import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Previous / page / Next under a paged list. `label` names the list it pages (the nav's accessible
 * name); `status` replaces the "Page 1 of 3" text where a list says more.
 */
export function Pager({
  label,
  page,
  pages,
  status,
  onPageChange,
}: {
  label: string;
  page: number;
  pages: number;
  status?: string;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('common.pager.previous')}
      </Button>
      <span className="text-sm text-muted-foreground">{status ?? t('common.pager.pageInfo', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t('common.pager.next')}
      </Button>
    </nav>
  );
}
