import { contactRequestStatuses, type ContactRequestStatus } from '@life-updates/contract/admin';
import { CheckIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { adminPageSize, useContactRequests, useUpdateContactRequest } from '@/api/admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/ui/option-select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';

type Filter = ContactRequestStatus | 'all';

/** Contact Us / upgrade requests, with a new / handled status. */
export function ContactRequests() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('new');
  const [page, setPage] = useState(1);
  const requests = useContactRequests({ status: filter === 'all' ? undefined : filter, page });
  const updateRequest = useUpdateContactRequest();
  const pages = Math.max(1, Math.ceil((requests.data?.total ?? 0) / adminPageSize));

  const setStatus = async (requestId: string, status: ContactRequestStatus) => {
    try {
      await updateRequest.mutateAsync({ requestId, status });
      toast.success(t(status === 'handled' ? 'admin.requests.markedHandled' : 'admin.requests.markedNew'));
    } catch (error) {
      toast.error(errorMessage(error, t('admin.requests.updateFailed')));
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('admin.requests.title')}</CardTitle>
        {requests.data ? (
          <Badge variant="warning">{t('admin.requests.newCount', { count: requests.data.newCount })}</Badge>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-xs">
          <FormField label={t('admin.requests.filter')}>
            <OptionSelect<Filter>
              value={filter}
              onValueChange={(value) => {
                setFilter(value);
                setPage(1);
              }}
              options={[
                ...contactRequestStatuses.map((status) => ({ value: status, label: t(`admin.statuses.${status}`) })),
                { value: 'all', label: t('admin.requests.all') },
              ]}
            />
          </FormField>
        </div>
        {requests.isPending ? <Spinner label={t('common.loading')} /> : null}
        {requests.isError ? <p className="text-sm text-destructive">{t('admin.requests.loadFailed')}</p> : null}
        {requests.data && requests.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.requests.empty')}</p>
        ) : null}
        {requests.data && requests.data.items.length > 0 ? (
          <ul className="space-y-3" aria-label={t('admin.requests.title')}>
            {requests.data.items.map((request) => (
              <li key={request.id} className="space-y-2 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="font-medium">{request.subject}</h3>
                    <p className="text-sm text-muted-foreground">
                      {t('admin.requests.from', { name: request.name, email: request.email })} ·{' '}
                      {t('admin.requests.received', { date: formatDateTime(request.createdAt, i18n.language) })}
                    </p>
                  </div>
                  <Badge variant={request.status === 'new' ? 'warning' : 'success'}>
                    {t(`admin.statuses.${request.status}`)}
                  </Badge>
                </div>
                <p className="whitespace-pre-wrap break-words text-sm">{request.message}</p>
                {request.status === 'new' ? (
                  <Button
                    size="sm"
                    onClick={() => void setStatus(request.id, 'handled')}
                    disabled={updateRequest.isPending}
                  >
                    <CheckIcon aria-hidden />
                    {t('admin.requests.markHandled')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void setStatus(request.id, 'new')}
                    disabled={updateRequest.isPending}
                  >
                    <RotateCcwIcon aria-hidden />
                    {t('admin.requests.markNew')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {pages > 1 ? (
          <Pager label={t('admin.requests.title')} page={page} pages={pages} onPageChange={setPage} />
        ) : null}
      </CardContent>
    </Card>
  );
}
