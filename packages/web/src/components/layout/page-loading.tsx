import { useTranslation } from 'react-i18next';

/** "Loading..." in place of a screen whose code, strings or session check are still on their way. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-8 text-center text-muted-foreground">
      {t('app.loading')}
    </p>
  );
}
