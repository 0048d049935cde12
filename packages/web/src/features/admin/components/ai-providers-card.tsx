import { zodResolver } from '@hookform/resolvers/zod';
import {
  aiProviderCreateSchema,
  aiProviderKinds,
  type AiProvider,
  type AiProviderCreate,
  type AiProviderTestResponse,
} from '@life-updates/contract/ai-providers';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  useAiProviders,
  useCreateAiProvider,
  useListProviderModels,
  useRemoveAiProvider,
  useTestProviderModel,
  useUpdateAiProvider,
} from '@/api/ai-providers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';

const nativeSelectClassName =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Settings → Admin → AI providers: the environment's providers (read-only), the ones set up here
 * (list their models, choose which users see, test one, remove), and a form to add one.
 */
export function AiProvidersCard() {
  const { t } = useTranslation();
  const providers = useAiProviders();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('aiProviders.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{t('aiProviders.description')}</p>
        {providers.data?.environment.length ? (
          <section aria-label={t('aiProviders.environmentTitle')} className="space-y-1">
            <h3 className="text-sm font-medium">{t('aiProviders.environmentTitle')}</h3>
            <ul className="space-y-1 text-sm">
              {providers.data.environment.map((provider) => (
                <li key={provider.kind + provider.model}>
                  {t(`aiProviders.kinds.${provider.kind}`)}: {provider.model}
                  {provider.baseUrl ? ` (${provider.baseUrl})` : ''} —{' '}
                  <span className="text-muted-foreground">{t('aiProviders.environmentNote')}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {providers.data && providers.data.providers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('aiProviders.empty')}</p>
        ) : null}
        {providers.data?.providers.map((provider) => (
          <ProviderItem key={provider.id} provider={provider} />
        ))}
        <AddProviderForm />
      </CardContent>
    </Card>
  );
}

function ProviderItem({ provider }: { provider: AiProvider }) {
  const { t } = useTranslation();
  const listModels = useListProviderModels();
  const update = useUpdateAiProvider();
  const remove = useRemoveAiProvider();
  const [models, setModels] = useState<string[] | null>(null);
  const [enabled, setEnabled] = useState<string[]>(provider.enabledModels);
  const [isConfirming, setIsConfirming] = useState(false);
  const shown = [...new Set([...(models ?? []), ...provider.enabledModels])];

  const onList = async () => {
    try {
      setModels((await listModels.mutateAsync(provider.id)).models);
    } catch (failure) {
      toast.error(errorMessage(failure, t('aiProviders.errors.other')));
    }
  };
  const onSaveModels = async () => {
    try {
      await update.mutateAsync({ id: provider.id, changes: { enabledModels: enabled } });
      toast.success(t('aiProviders.toasts.saved'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('aiProviders.toasts.failed')));
    }
  };
  const onRemove = async () => {
    try {
      await remove.mutateAsync(provider.id);
      toast.success(t('aiProviders.toasts.removed'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('aiProviders.toasts.failed')));
    }
  };

  return (
    <section aria-label={provider.name} className="space-y-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{provider.name}</h3>
        <Badge variant="secondary">{t(`aiProviders.kinds.${provider.kind}`)}</Badge>
        {provider.hasApiKey ? <Badge variant="outline">{t('aiProviders.fields.apiKeySet')}</Badge> : null}
      </div>
      {provider.baseUrl ? <p className="text-sm text-muted-foreground">{provider.baseUrl}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onList} disabled={listModels.isPending}>
          {t('aiProviders.actions.listModels')}
        </Button>
        <Button type="button" variant="destructive" onClick={() => setIsConfirming(true)}>
          {t('aiProviders.actions.remove')}
        </Button>
      </div>
      {shown.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('aiProviders.modelsTitle')}</legend>
          <p className="text-sm text-muted-foreground">{t('aiProviders.modelsHint')}</p>
          {shown.map((model) => (
            <ModelRow
              key={model}
              providerId={provider.id}
              model={model}
              isEnabled={enabled.includes(model)}
              onToggle={(isOn) =>
                setEnabled((current) => (isOn ? [...current, model] : current.filter((name) => name !== model)))
              }
            />
          ))}
          <Button type="button" onClick={onSaveModels} disabled={update.isPending}>
            {t('aiProviders.actions.saveModels')}
          </Button>
        </fieldset>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('aiProviders.actions.remove')}
        description={t('aiProviders.actions.removeConfirm', { name: provider.name })}
        confirmLabel={t('aiProviders.actions.remove')}
        cancelLabel={t('common.cancel')}
        onConfirm={onRemove}
      />
    </section>
  );
}

function ModelRow({
  providerId,
  model,
  isEnabled,
  onToggle,
}: {
  providerId: string;
  model: string;
  isEnabled: boolean;
  onToggle: (isOn: boolean) => void;
}) {
  const { t } = useTranslation();
  const test = useTestProviderModel();
  const [result, setResult] = useState<AiProviderTestResponse | null>(null);
  const checkboxId = `model-${providerId}-${model}`;
  const onTest = async () => {
    try {
      setResult(await test.mutateAsync({ id: providerId, model }));
    } catch (failure) {
      toast.error(errorMessage(failure, t('aiProviders.errors.other')));
    }
  };
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <Checkbox id={checkboxId} checked={isEnabled} onCheckedChange={(checked) => onToggle(checked === true)} />
        <label htmlFor={checkboxId} className="text-sm">
          {model}
        </label>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onTest}
          disabled={test.isPending}
          aria-label={`${t('aiProviders.actions.test')} ${model}`}
        >
          {t('aiProviders.actions.test')}
        </Button>
      </div>
      {result ? (
        <p role="status" className={result.isOk ? 'text-sm' : 'text-sm text-destructive'}>
          {result.isOk
            ? t('aiProviders.testOk', { milliseconds: result.milliseconds, answer: result.answer })
            : [result.message, result.providerMessage].filter(Boolean).join(' ')}
        </p>
      ) : null}
    </div>
  );
}

const emptyProvider: AiProviderCreate = { kind: 'openai-compatible', name: '' };

function AddProviderForm() {
  const { t } = useTranslation();
  const create = useCreateAiProvider();
  const form = useForm<AiProviderCreate>({
    resolver: zodResolver(aiProviderCreateSchema),
    defaultValues: emptyProvider,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  // Empty inputs mean "not given" (the provider's own address; no key).
  const optional = { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
    } catch (failure) {
      setServerFieldErrors(form, failure, ['kind', 'name', 'baseUrl', 'apiKey']);
      toast.error(errorMessage(failure, t('aiProviders.toasts.failed')));
      return;
    }
    form.reset(emptyProvider);
    toast.success(t('aiProviders.toasts.added'));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-md border border-dashed border-border p-3">
      <h3 className="font-medium">{t('aiProviders.actions.add')}</h3>
      <FormField label={t('aiProviders.fields.kind')} error={form.formState.errors.kind}>
        <select className={nativeSelectClassName} {...form.register('kind')}>
          {aiProviderKinds.map((option) => (
            <option key={option} value={option}>
              {t(`aiProviders.kinds.${option}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('aiProviders.fields.name')} error={form.formState.errors.name}>
        <Input {...form.register('name')} />
      </FormField>
      <FormField
        label={t('aiProviders.fields.baseUrl')}
        hint={t('aiProviders.fields.baseUrlHint')}
        error={form.formState.errors.baseUrl}
      >
        <Input type="url" inputMode="url" {...form.register('baseUrl', optional)} />
      </FormField>
      <FormField
        label={t('aiProviders.fields.apiKey')}
        hint={kind === 'openai-compatible' ? t('aiProviders.fields.apiKeyOptional') : undefined}
        error={form.formState.errors.apiKey}
      >
        <Input type="password" autoComplete="off" {...form.register('apiKey', optional)} />
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        {t('aiProviders.actions.add')}
      </Button>
    </form>
  );
}
