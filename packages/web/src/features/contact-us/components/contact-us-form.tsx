import { zodResolver } from '@hookform/resolvers/zod';
import { contactUsFormSchema, type ContactUsForm as ContactUsFormValues } from '@life-updates/contract/email';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSendContactMessage } from '@/api/contact-us';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { setServerFieldErrors } from '@/lib/form-errors';

/** The Contact Us form. */
export function ContactUsForm({ defaults }: { defaults: { name: string; email: string } }) {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const emptyForm = { name: defaults.name, email: defaults.email, subject: '', message: '' };
  const form = useForm<ContactUsFormValues>({ resolver: zodResolver(contactUsFormSchema), defaultValues: emptyForm });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      setServerFieldErrors(form, error, ['name', 'email', 'subject', 'message']);
      toast.error(t('contactUs.failed'));
      return;
    }
    toast.success(t('contactUs.success'));
    form.reset(emptyForm);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('contactUs.name')} error={errors.name}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label={t('contactUs.email')} error={errors.email}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
      </div>
      <FormField label={t('contactUs.subject')} error={errors.subject}>
        <Input {...form.register('subject')} />
      </FormField>
      <FormField label={t('contactUs.message')} error={errors.message}>
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t('contactUs.sending') : t('contactUs.send')}
      </Button>
    </form>
  );
}
