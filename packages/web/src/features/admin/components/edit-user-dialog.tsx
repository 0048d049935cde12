import { zodResolver } from '@hookform/resolvers/zod';
import { adminUserFormSchema, userRoles, type AdminUser, type AdminUserForm } from '@life-updates/contract/admin';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useUpdateAdminUser } from '@/api/admin';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { errorMessage } from '@/lib/api-client';

/** Change a user's role, monthly share limit and open-ideas limit. */
export function EditUserDialog({ user, isSelf, onClose }: { user: AdminUser; isSelf: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const updateUser = useUpdateAdminUser();
  const form = useForm<AdminUserForm>({
    resolver: zodResolver(adminUserFormSchema),
    defaultValues: { role: user.role, monthlyShareLimit: user.monthlyShareLimit, maxIdeas: user.maxIdeas },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateUser.mutateAsync({ userId: user.id, update: values });
      toast.success(t('admin.edit.saved'));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t('admin.edit.failed')));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('admin.edit.title')}</DialogTitle>
          <DialogDescription>
            {t('admin.edit.description', { username: user.username, email: user.email })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <FormField
                label={t('admin.edit.role')}
                hint={isSelf ? t('admin.edit.ownRoleHint') : undefined}
                error={errors.role}
              >
                <OptionSelect
                  value={field.value}
                  onValueChange={field.onChange}
                  disabled={isSelf}
                  options={userRoles.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
                />
              </FormField>
            )}
          />
          <FormField
            label={t('admin.edit.monthlyShareLimit')}
            hint={t('admin.edit.monthlyShareLimitHint')}
            error={errors.monthlyShareLimit}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              {...form.register('monthlyShareLimit', { valueAsNumber: true })}
            />
          </FormField>
          <FormField label={t('admin.edit.maxIdeas')} hint={t('admin.edit.maxIdeasHint')} error={errors.maxIdeas}>
            <Input type="number" inputMode="numeric" min={0} {...form.register('maxIdeas', { valueAsNumber: true })} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('admin.edit.cancel')}
            </Button>
            <Button type="submit" disabled={updateUser.isPending}>
              {updateUser.isPending ? t('admin.edit.saving') : t('admin.edit.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
