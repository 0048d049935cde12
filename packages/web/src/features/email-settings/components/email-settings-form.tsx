import {
  emailProviderNames,
  emailProviders,
  emailSettingsUpdateSchema,
  validateEmailSettings,
  type EmailProvider,
  type EmailSettingsResponse,
} from '@life-updates/contract/email';
import { AlertTriangleIcon, CopyIcon, KeyRoundIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useRemoveEmailApiKey, useUpdateEmailSettings } from '@/api/email';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';

type Fields = {
  senderName: string;
  replyTo: string;
  provider: EmailProvider;
  senderEmail: string;
  apiKey: string;
  webhookKey: string;
};
type FieldName = keyof Fields;

/**
 * Settings → Email form. The key is sent once and never shown
 * again: a saved key is only reported, with a way to replace or remove it.
 */
export function EmailSettingsForm({ settings }: { settings: EmailSettingsResponse }) {
  const { t } = useTranslation();
  const updateSettings = useUpdateEmailSettings();
  const removeKey = useRemoveEmailApiKey();
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);
  const [fields, setFields] = useState<Fields>({
    senderName: settings.senderName || settings.accountName,
    replyTo: settings.replyTo,
    provider: settings.provider,
    senderEmail: settings.senderEmail,
    apiKey: '',
    webhookKey: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const providerName = emailProviderNames[fields.provider];

  const change = (name: FieldName, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  // The address and key belong to the saved provider's account: hidden while another is picked.
  const webhookUrl = fields.provider === settings.provider ? settings.webhookUrl : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...fields, webhookKey: webhookUrl === null ? '' : fields.webhookKey };
    const found: Partial<Record<FieldName, string>> = {};
    for (const issue of validateEmailSettings(input, { hasStoredApiKey: settings.hasApiKey })) {
      found[issue.field] ??= t(issue.key, issue.values ?? {});
    }
    const parsed = emailSettingsUpdateSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= t(issue.message);
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    try {
      const saved = await updateSettings.mutateAsync({
        ...input,
        apiKey: input.apiKey.trim() || undefined,
        webhookKey: input.webhookKey.trim() || undefined,
      });
      const isNewReplyTo = saved.replyTo !== '' && saved.replyTo !== settings.replyTo;
      toast.success(
        t('email.settings.saved'),
        isNewReplyTo ? { description: t('email.settings.replyToSaved') } : undefined,
      );
      setFields((current) => ({ ...current, apiKey: '', webhookKey: '' }));
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        setErrors(error.fields as Partial<Record<FieldName, string>>);
      }
      toast.error(errorMessage(error, t('errors.internal')));
    }
  };

  const onRemoveKey = async () => {
    try {
      await removeKey.mutateAsync();
      toast.success(t('email.settings.apiKeyRemoved'));
    } catch (error) {
      toast.error(errorMessage(error, t('errors.internal')));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('email.settings.title')}</CardTitle>
        <CardDescription>
          {settings.hasApiKey ? t('email.settings.apiKeyStored') : t('email.settings.usingServerTransport')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('email.settings.senderName')} error={errors.senderName}>
            <Input
              value={fields.senderName}
              placeholder={t('email.settings.senderNamePlaceholder')}
              autoComplete="name"
              onChange={(event) => change('senderName', event.target.value)}
            />
          </FormField>
          <FormField label={t('email.settings.replyTo')} error={errors.replyTo}>
            <Input
              type="email"
              value={fields.replyTo}
              placeholder={t('email.settings.replyToPlaceholder')}
              autoComplete="email"
              onChange={(event) => change('replyTo', event.target.value)}
            />
          </FormField>
          <FormField label={t('email.settings.provider')}>
            {/* SendGrid first (the default), Resend second. */}
            <OptionSelect
              value={fields.provider}
              onValueChange={(value) => change('provider', value)}
              options={emailProviders.map((provider) => ({ value: provider, label: t(`email.providers.${provider}`) }))}
            />
          </FormField>
          <div className="space-y-2">
            <FormField
              label={t('email.settings.apiKey')}
              hint={settings.hasApiKey ? t('email.settings.apiKeyStored') : undefined}
              error={errors.apiKey}
            >
              <Input
                type="password"
                autoComplete="off"
                value={fields.apiKey}
                placeholder={
                  settings.hasApiKey
                    ? t('email.settings.apiKeyReplacePlaceholder')
                    : t('email.settings.apiKeyPlaceholder', { provider: providerName })
                }
                onChange={(event) => change('apiKey', event.target.value)}
              />
            </FormField>
            {settings.hasApiKey ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setIsConfirmingRemoval(true)}
                disabled={removeKey.isPending}
              >
                <KeyRoundIcon aria-hidden />
                {t('email.settings.removeApiKey')}
              </Button>
            ) : null}
          </div>
          {fields.provider === 'resend' ? (
            <FormField label={t('email.settings.senderEmail')} error={errors.senderEmail}>
              <Input
                type="email"
                value={fields.senderEmail}
                placeholder={t('email.settings.senderEmailPlaceholder', { provider: providerName })}
                onChange={(event) => change('senderEmail', event.target.value)}
              />
            </FormField>
          ) : (
            <p
              role="note"
              className="flex items-start gap-2 rounded-md border border-warning bg-warning/10 p-3 text-sm sm:col-span-2"
            >
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('email.settings.forcedSenderWarning', { address: settings.forcedSenderEmail })}
            </p>
          )}
          {/*
           * Where the user's own provider account sends its delivery events, and the key that proves
           * they come from it (SendGrid's verification key, Resend's signing secret). The address is
           * shown with a copy button; the key, like the API key, is sent once and never shown again.
           */}
          {webhookUrl ? (
            <section
              aria-labelledby="email-webhook-title"
              className="space-y-3 rounded-md border border-border p-4 sm:col-span-2"
            >
              <h3 id="email-webhook-title" className="font-semibold">
                {t('email.settings.webhookTitle', { provider: providerName })}
              </h3>
              <p className="text-sm text-muted-foreground">
                {t('email.settings.webhookDescription', { provider: providerName })}
              </p>
              <div className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 flex-1">
                  <FormField label={t('email.settings.webhookAddress')}>
                    <Input
                      readOnly
                      value={webhookUrl}
                      className="font-mono"
                      onFocus={(event) => event.target.select()}
                    />
                  </FormField>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void copyText(webhookUrl, t('email.settings.webhookAddressCopied'))}
                >
                  <CopyIcon aria-hidden />
                  {t('email.settings.copyWebhookAddress')}
                </Button>
              </div>
              <FormField
                label={t(`email.settings.webhookKey.${settings.provider}`)}
                hint={
                  settings.hasWebhookKey ? t('email.settings.webhookKeyStored') : t('email.settings.webhookKeyMissing')
                }
                error={errors.webhookKey}
              >
                <Input
                  type="password"
                  autoComplete="off"
                  value={fields.webhookKey}
                  placeholder={t(`email.settings.webhookKeyPlaceholder.${settings.provider}`)}
                  onChange={(event) => change('webhookKey', event.target.value)}
                />
              </FormField>
            </section>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={updateSettings.isPending}>
              {updateSettings.isPending ? t('email.settings.saving') : t('email.settings.save')}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={isConfirmingRemoval}
        onOpenChange={setIsConfirmingRemoval}
        title={t('email.settings.removeApiKeyConfirmTitle')}
        description={t('email.settings.removeApiKeyConfirm', { provider: emailProviderNames[settings.provider] })}
        confirmLabel={t('email.settings.removeApiKey')}
        cancelLabel={t('email.test.cancel')}
        onConfirm={() => void onRemoveKey()}
      />
    </Card>
  );
}
