import { zodResolver } from '@hookform/resolvers/zod';
import { accountFormSchema, buildAccountUpdate, type AccountForm, type Me } from '@life-updates/contract/auth';
import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useUpdateAccount } from '@/api/me';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { refusalMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';

/** The form as the saved profile fills it: the password fields empty. */
const formValues = (me: Me): AccountForm => ({
  fullName: me.fullName,
  email: me.email,
  newPassword: '',
  confirmNewPassword: '',
  currentPassword: '',
});

/** Settings → Account: profile, password, language and sign out. */
export function AccountSettings({
  me,
  onSignOut,
  isSigningOut,
}: {
  me: Me;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const { t } = useTranslation();
  const updateAccount = useUpdateAccount();
  const [isConfirmingSignOut, setIsConfirmingSignOut] = useState(false);
  const form = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: formValues(me),
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  const onSubmit = form.handleSubmit(async (values) => {
    const update = buildAccountUpdate(values, me);
    if (!update) {
      toast.info(t('auth.noChanges'));
      return;
    }
    try {
      const saved = await updateAccount.mutateAsync(update);
      toast.success(t('auth.accountUpdated'));
      if (update.email && saved.email !== update.email.toLowerCase())
        toast.info(t('settings.account.verificationSent'));
      form.reset(formValues(saved));
    } catch (error) {
      setServerFieldErrors(form, error, {
        fullName: 'fullName',
        email: 'email',
        password: 'newPassword',
        currentPassword: 'currentPassword',
      });
      toast.error(refusalMessage(error, t('auth.accountUpdateFailed')));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.account.title')}</CardTitle>
        <CardDescription>{t('settings.account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">{t('settings.account.username')}:</span>
          <span className="font-medium">{me.username}</span>
          {me.isAdmin ? <Badge>{t('settings.account.admin')}</Badge> : null}
        </div>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('settings.account.fullName')} error={errors.fullName}>
            <Input autoComplete="name" {...form.register('fullName')} />
          </FormField>
          <FormField label={t('settings.account.email')} error={errors.email}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label={t('settings.account.newPassword')} error={errors.newPassword}>
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label={t('settings.account.confirmNewPassword')} error={errors.confirmNewPassword}>
            <Input
              type="password"
              autoComplete="new-password"
              disabled={newPassword === ''}
              {...form.register('confirmNewPassword')}
            />
          </FormField>
          <FormField
            label={t('settings.account.currentPassword')}
            hint={t('settings.account.currentPasswordHint')}
            error={errors.currentPassword}
          >
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={updateAccount.isPending}>
              {updateAccount.isPending ? t('settings.account.saving') : t('settings.account.saveChanges')}
            </Button>
          </div>
        </form>
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-border pt-4">
          <div className="flex items-center gap-2">
            <Label asChild>
              <span>{t('settings.account.language')}</span>
            </Label>
            <LanguageSwitch
              onChange={(locale) => {
                // The account's emails follow the interface language.
                void updateAccount.mutateAsync({ locale }).catch(() => undefined);
              }}
            />
          </div>
          <Button variant="outline" onClick={() => setIsConfirmingSignOut(true)} disabled={isSigningOut}>
            <LogOutIcon aria-hidden />
            {t('auth.signOut')}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={isConfirmingSignOut}
        onOpenChange={setIsConfirmingSignOut}
        title={t('auth.signOutConfirmTitle')}
        description={t('auth.signOutConfirm')}
        confirmLabel={t('auth.signOut')}
        cancelLabel={t('auth.cancel')}
        isDestructive={false}
        onConfirm={onSignOut}
      />
    </Card>
  );
}
