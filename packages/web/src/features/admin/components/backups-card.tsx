import { restoreCommand } from '@life-updates/contract/backups';
import { useTranslation } from 'react-i18next';
import { backupDownloadUrl, useBackups, useCreateBackup } from '@/api/admin';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { toast } from 'sonner';
import { download } from '@/lib/download';
import { formatDateTime } from '@/lib/format-date';

/**
 * Settings → Admin → Backups: the embedded database's last automatic backup, "Back up now" (which
 * downloads the new backup), and how to restore one. On PostgreSQL the app takes none: pg_dump does.
 */
export function BackupsCard() {
  const { t, i18n } = useTranslation();
  const backups = useBackups();
  const createBackup = useCreateBackup();
  const formatSize = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
      bytes / 1_000_000,
    );

  const backUpNow = async () => {
    try {
      const backup = await createBackup.mutateAsync();
      toast.success(t('backups.backedUp'));
      download(backupDownloadUrl(backup.name), backup.name);
    } catch (failure) {
      toast.error(errorMessage(failure, t('backups.failed')));
    }
  };

  const data = backups.data;
  const last = data?.backups[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('backups.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {backups.isError ? <p className="text-sm text-destructive">{t('backups.loadFailed')}</p> : null}
        {data?.database === 'postgres' ? <p className="text-sm">{t('backups.postgres')}</p> : null}
        {data?.database === 'pglite' ? (
          <>
            <p className="text-sm text-muted-foreground">
              {data.keep > 0
                ? t('backups.description', { directory: data.directory ?? '', keep: data.keep })
                : t('backups.automaticOff')}
            </p>
            <p className="text-sm">
              {last ? (
                <>
                  {t('backups.last', {
                    time: formatDateTime(last.createdAt, i18n.language),
                    size: formatSize(last.size),
                  })}{' '}
                  <a className="underline" href={backupDownloadUrl(last.name)} download={last.name}>
                    {last.name}
                  </a>
                </>
              ) : (
                t('backups.none')
              )}
            </p>
            <Button type="button" onClick={() => void backUpNow()} disabled={createBackup.isPending}>
              {createBackup.isPending ? t('backups.backingUp') : t('backups.backUpNow')}
            </Button>
            <div className="space-y-1">
              <h3 className="text-sm font-medium">{t('backups.restoreTitle')}</h3>
              <p className="text-sm text-muted-foreground">{t('backups.restore')}</p>
              <pre className="overflow-x-auto rounded bg-muted p-2 text-sm">
                <code>{restoreCommand}</code>
              </pre>
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
