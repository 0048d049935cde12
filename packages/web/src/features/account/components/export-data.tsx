import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Settings → Account: everything the user made, as one zip (the server names the file). */
export function ExportData() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.exportData.title')}</CardTitle>
        <CardDescription>{t('settings.exportData.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <a href="/api/account/export" download className={buttonVariants({ variant: 'outline' })}>
          <DownloadIcon aria-hidden />
          {t('settings.exportData.download')}
        </a>
      </CardContent>
    </Card>
  );
}
