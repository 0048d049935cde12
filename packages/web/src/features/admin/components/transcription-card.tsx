import { zodResolver } from '@hookform/resolvers/zod';
import {
  transcriptionSettingsUpdateSchema,
  type TranscriptionSettingsUpdate,
} from '@life-updates/contract/ai-providers';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  useRemoveTranscriptionSettings,
  useSaveTranscriptionSettings,
  useTestTranscription,
  useTranscriptionSettings,
} from '@/api/ai-providers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';

/** Settings → Admin → Speech to text: base URL, key and model, with a test; read-only when set in the environment. */
export function TranscriptionCard() {
  const { t } = useTranslation();
  const current = useTranscriptionSettings();
  const test = useTestTranscription();
  const [result, setResult] = useState<string | null>(null);
  const onTest = async () => {
    try {
      const outcome = await test.mutateAsync();
      setResult(
        outcome.isOk
          ? t('aiProviders.transcription.testOk', { text: outcome.text, milliseconds: outcome.milliseconds })
          : [outcome.message, outcome.providerMessage].filter(Boolean).join(' '),
      );
    } catch (failure) {
      toast.error(errorMessage(failure, t('aiProviders.errors.other')));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('aiProviders.transcription.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">{t('aiProviders.transcription.description')}</p>
        {current.data?.isFromEnvironment ? (
          <p className="text-sm">{t('aiProviders.environmentNote')}</p>
        ) : current.data ? (
          <TranscriptionForm key={JSON.stringify(current.data.settings)} settings={current.data.settings} />
        ) : null}
        {current.data && !current.data.isFromEnvironment && !current.data.settings ? (
          <p className="text-sm text-muted-foreground">{t('aiProviders.transcription.notSet')}</p>
        ) : null}
        <Button type="button" variant="outline" onClick={onTest} disabled={test.isPending}>
          {t('aiProviders.actions.test')}
        </Button>
        {result ? (
          <p role="status" className="text-sm">
            {result}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function TranscriptionForm({ settings }: { settings: { baseUrl: string; model: string; hasApiKey: boolean } | null }) {
  const { t } = useTranslation();
  const save = useSaveTranscriptionSettings();
  const remove = useRemoveTranscriptionSettings();
  const form = useForm<TranscriptionSettingsUpdate>({
    resolver: zodResolver(transcriptionSettingsUpdateSchema),
    defaultValues: { baseUrl: settings?.baseUrl ?? '', model: settings?.model ?? 'whisper-1' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (failure) {
      setServerFieldErrors(form, failure, ['baseUrl', 'apiKey', 'model']);
      toast.error(errorMessage(failure, t('aiProviders.toasts.failed')));
      return;
    }
    toast.success(t('aiProviders.transcription.saved'));
  });
  const onRemove = async () => {
    try {
      await remove.mutateAsync(undefined);
      toast.success(t('aiProviders.transcription.removed'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('aiProviders.toasts.failed')));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField label={t('aiProviders.fields.baseUrl')} error={form.formState.errors.baseUrl}>
        <Input type="url" inputMode="url" {...form.register('baseUrl')} />
      </FormField>
      <FormField
        label={t('aiProviders.fields.apiKey')}
        hint={settings?.hasApiKey ? t('aiProviders.fields.apiKeySet') : t('aiProviders.fields.apiKeyOptional')}
        error={form.formState.errors.apiKey}
      >
        <Input
          type="password"
          autoComplete="off"
          {...form.register('apiKey', { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) })}
        />
      </FormField>
      <FormField label={t('aiProviders.fields.model')} error={form.formState.errors.model}>
        <Input {...form.register('model')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('aiProviders.actions.save')}
        </Button>
        {settings ? (
          <Button type="button" variant="destructive" onClick={onRemove} disabled={remove.isPending}>
            {t('aiProviders.transcription.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
