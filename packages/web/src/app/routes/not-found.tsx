import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { clearCache } from '@/lib/local-cache';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('notFound');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const refresh = () => {
    clearCache();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    toast.success(t('notFound.refreshed'));
    window.setTimeout(() => void navigate(paths.landing), 1000);
  };

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">
        {t('notFound.path')}
        <code className="ml-1 rounded bg-muted px-1.5 py-0.5 text-sm text-foreground">{location.pathname}</code>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={paths.landing} className={buttonVariants()}>
          {t('notFound.home')}
        </Link>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          {t('notFound.back')}
        </Button>
        <Button variant="secondary" onClick={refresh}>
          {t('notFound.refresh')}
        </Button>
      </div>
    </div>
  );
}
