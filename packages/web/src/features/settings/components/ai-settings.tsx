import {
  aiConfigSchema,
  maxTokensRange,
  personalizationStrengthOptions,
  temperatureRange,
  toneOfVoiceExampleKeys,
  toneOfVoiceMaxLength,
  type AiModel,
  type AiSettings as AiSettingsValues,
  type PersonalizationStrength,
} from '@life-updates/contract/generation';
import { InfoIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAiModels, useAiSettings, useUpdateAiSettings } from '@/api/ai';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceChips } from '@/components/ui/choice-chips';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { Slider } from '@/components/ui/slider';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiRequestError, errorMessage } from '@/lib/api-client';

type Values = Omit<AiSettingsValues, 'voiceSample'>;
type FieldName = keyof Values;

/** Slider steps of 0.1 can drift (0.30000000000000004); the contract wants exact multiples. */
const roundToStep = (value: number, step: number) => Math.round(value / step) * step;
const roundTemperature = (value: number) => Math.round(roundToStep(value, temperatureRange.step) * 10) / 10;

function SliderField({
  label,
  valueText,
  hint,
  value,
  range,
  onChange,
}: {
  label: string;
  valueText: string;
  hint: string;
  value: number;
  range: { min: number; max: number; step: number };
  onChange: (value: number) => void;
}) {
  const hintId = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <Label asChild>
          <span>{label}</span>
        </Label>
        <output className="text-sm font-medium tabular-nums">{valueText}</output>
      </div>
      <Slider
        min={range.min}
        max={range.max}
        step={range.step}
        value={[value]}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(next);
        }}
        thumbLabel={label}
        aria-describedby={hintId}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

function AiSettingsForm({
  saved,
  models,
  defaultModel,
}: {
  saved: AiSettingsValues;
  models: AiModel[];
  defaultModel: string;
}) {
  const { t } = useTranslation();
  const updateSettings = useUpdateAiSettings();
  const isKnownModel = models.some((model) => model.id === saved.model);
  const [values, setValues] = useState<Values>({
    model: isKnownModel ? saved.model : defaultModel,
    temperature: saved.temperature,
    maxTokens: saved.maxTokens,
    personalizationStrength: saved.personalizationStrength,
    toneOfVoice: saved.toneOfVoice,
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const selectedModel = models.find((model) => model.id === values.model);

  const change = <K extends FieldName>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = aiConfigSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= t(issue.message);
      setErrors(found);
      toast.error(Object.values(found)[0]);
      return;
    }
    try {
      await updateSettings.mutateAsync(parsed.data);
      toast.success(t('generation.aiSettings.saved'));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fields)
        setErrors(failure.fields as Partial<Record<FieldName, string>>);
      toast.error(errorMessage(failure, t('errors.internal')));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Tabs defaultValue="model">
        <TabsList aria-label={t('generation.aiSettings.title')}>
          <TabsTrigger value="model">{t('generation.aiSettings.modelSettings')}</TabsTrigger>
          <TabsTrigger value="tone">{t('generation.aiSettings.toneOfVoice')}</TabsTrigger>
        </TabsList>
        <TabsContent value="model" className="space-y-6">
          <FormField
            label={t('generation.aiSettings.model')}
            hint={t('generation.aiSettings.modelHint')}
            error={errors.model}
          >
            <OptionSelect
              value={values.model}
              onValueChange={(model) => change('model', model)}
              options={models.map((model) => ({ value: model.id, label: model.label }))}
            />
          </FormField>
          {selectedModel && !selectedModel.isAiModel && selectedModel.description ? (
            <p role="note" className="flex items-start gap-2 rounded-md border border-border bg-muted p-3 text-sm">
              <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {selectedModel.description}
            </p>
          ) : null}
          <SliderField
            label={t('generation.aiSettings.temperature')}
            valueText={values.temperature.toFixed(1)}
            hint={t('generation.aiSettings.temperatureHint')}
            value={values.temperature}
            range={temperatureRange}
            onChange={(value) => change('temperature', roundTemperature(value))}
          />
          <SliderField
            label={t('generation.aiSettings.maxTokens')}
            valueText={String(values.maxTokens)}
            hint={t('generation.aiSettings.maxTokensHint')}
            value={values.maxTokens}
            range={maxTokensRange}
            onChange={(value) => change('maxTokens', roundToStep(value, maxTokensRange.step))}
          />
          <div className="space-y-2">
            <Label asChild>
              <span>{t('generation.aiSettings.personalizationStrength')}</span>
            </Label>
            <ChoiceChips<PersonalizationStrength>
              label={t('generation.aiSettings.personalizationStrength')}
              value={values.personalizationStrength}
              options={personalizationStrengthOptions.map((option) => ({
                value: option,
                label: t(`generation.aiSettings.personalizationStrengthOptions.${option}`),
              }))}
              onChange={(value) => change('personalizationStrength', value)}
            />
          </div>
        </TabsContent>
        <TabsContent value="tone" className="space-y-6">
          <FormField label={t('generation.aiSettings.toneOfVoiceLabel')} error={errors.toneOfVoice}>
            <Textarea
              rows={3}
              maxLength={toneOfVoiceMaxLength}
              value={values.toneOfVoice}
              placeholder={t('generation.aiSettings.toneOfVoicePlaceholder')}
              onChange={(event) => change('toneOfVoice', event.target.value)}
            />
          </FormField>
          <section className="space-y-2" aria-labelledby="tone-examples-title">
            <h3 id="tone-examples-title" className="text-sm font-medium">
              {t('generation.aiSettings.toneExamplesTitle')}
            </h3>
            <ul className="grid gap-2 sm:grid-cols-2">
              {toneOfVoiceExampleKeys.map((key) => (
                <li key={key}>
                  <Button
                    type="button"
                    variant="outline"
                    className="h-auto w-full whitespace-normal py-2 text-left"
                    onClick={() => change('toneOfVoice', t(key))}
                  >
                    {t(key)}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
          <section className="space-y-2 rounded-md bg-muted p-3" aria-labelledby="tone-tips-title">
            <h3 id="tone-tips-title" className="text-sm font-medium">
              {t('generation.aiSettings.tipsTitle')}
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {(['adjectives', 'audience', 'avoid'] as const).map((tip) => (
                <li key={tip}>{t(`generation.aiSettings.tips.${tip}`)}</li>
              ))}
            </ul>
          </section>
        </TabsContent>
      </Tabs>
      <Button type="submit" disabled={updateSettings.isPending}>
        {updateSettings.isPending ? t('generation.aiSettings.saving') : t('generation.aiSettings.save')}
      </Button>
    </form>
  );
}

/** Settings → AI Settings: stored per user on the server. */
export function AiSettings() {
  const { t } = useTranslation();
  const settings = useAiSettings();
  const models = useAiModels();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('generation.aiSettings.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isPending || models.isPending ? <Spinner label={t('common.loading')} /> : null}
        {settings.isError || models.isError ? <p className="text-destructive">{t('errors.internal')}</p> : null}
        {settings.isSuccess && models.isSuccess ? (
          <AiSettingsForm saved={settings.data} models={models.data.models} defaultModel={models.data.defaultModel} />
        ) : null}
      </CardContent>
    </Card>
  );
}
