import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/**
 * A Settings card for an outside service the user connects (Telegram, LinkedIn): its title and
 * description, then what the service's status query says while it loads, when it failed, or when
 * the server has no key for the service. `children` show once the status is in, configured or not.
 */
export function ServiceCard({
  title,
  description,
  status,
  failedMessage,
  notConfiguredMessage,
  children,
  after,
}: {
  title: string;
  description: string;
  /** The service's status query: pending, failed, or answered whether the server offers it. */
  status: { isPending: boolean; isError: boolean; data?: { isConfigured: boolean } | undefined };
  failedMessage: string;
  notConfiguredMessage: string;
  children: ReactNode;
  /** Inside the card, after its content (a confirmation dialog). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {status.isPending ? <Spinner label={t('common.loading')} /> : null}
        {status.isError ? <p className="text-sm text-destructive">{failedMessage}</p> : null}
        {status.data && !status.data.isConfigured ? (
          <p className="text-sm text-muted-foreground">{notConfiguredMessage}</p>
        ) : null}
        {status.data ? children : null}
      </CardContent>
      {after}
    </Card>
  );
}
