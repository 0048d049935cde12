import { zodResolver } from '@hookform/resolvers/zod';
import { publicAddressUpdateSchema, type PublicAddressUpdate } from '@life-updates/contract/public-address';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { usePublicAddress, useUpdatePublicAddress } from '@/api/admin';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';

/**
 * Settings → Admin → Public address: where links in emails point; read-only when BASE_URL fixes it.
 * Says when update emails go without one-click unsubscribe (RFC 8058 needs an https address).
 */
export function PublicAddressCard() {
  const { t } = useTranslation();
  const current = usePublicAddress();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('publicAddress.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">{t('publicAddress.description')}</p>
        {current.isError ? <p className="text-sm text-destructive">{t('publicAddress.loadFailed')}</p> : null}
        {current.data?.fixedByEnvironment ? (
          <p className="text-sm">{t('publicAddress.fixed', { address: current.data.address ?? '' })}</p>
        ) : current.data ? (
          <PublicAddressForm address={current.data.address} />
        ) : null}
        {current.data && !current.data.isOneClickUnsubscribeOn ? (
          <p className="text-sm text-muted-foreground">{t('publicAddress.oneClickOff')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PublicAddressForm({ address }: { address: string | null }) {
  const { t } = useTranslation();
  const save = useUpdatePublicAddress();
  const form = useForm<PublicAddressUpdate>({
    resolver: zodResolver(publicAddressUpdateSchema),
    defaultValues: { address: address ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ address: saved.address ?? '' });
    } catch (failure) {
      setServerFieldErrors(form, failure, ['address']);
      toast.error(errorMessage(failure, t('publicAddress.saveFailed')));
      return;
    }
    toast.success(t('publicAddress.saved'));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        label={t('publicAddress.label')}
        hint={address === null ? `${t('publicAddress.notSet')} ${t('publicAddress.hint')}` : t('publicAddress.hint')}
        error={form.formState.errors.address}
      >
        <Input type="url" inputMode="url" autoComplete="url" {...form.register('address')} />
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('publicAddress.saving') : t('publicAddress.save')}
      </Button>
    </form>
  );
}
