import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';

/** Render failures land here. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('errors.renderTitle')}</h1>
      <p className="text-muted-foreground">{t('errors.internal')}</p>
      <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}
