import { countWords, voiceSampleMaxLength, voiceSampleRequestSchema } from '@life-updates/contract/generation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useUpdateVoiceSample, useVoiceSample } from '@/api/ai';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { VoiceLearning } from './voice-learning';

function VoiceSampleForm({ saved }: { saved: string }) {
  const { t } = useTranslation();
  const updateSample = useUpdateVoiceSample();
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string>();
  const words = countWords(text);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = voiceSampleRequestSchema.safeParse({ voiceSample: text });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.invalidInput'));
      return;
    }
    try {
      await updateSample.mutateAsync(parsed.data.voiceSample);
      toast.success(t('generation.voice.saved'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('errors.internal')));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField label={t('generation.voice.label')} hint={t('generation.voice.hint')} error={error}>
        <Textarea
          rows={14}
          value={text}
          maxLength={voiceSampleMaxLength}
          placeholder={t('generation.voice.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('generation.voice.wordCount', { count: words })}
      </p>
      <Button type="submit" disabled={updateSample.isPending}>
        {t('generation.voice.save')}
      </Button>
    </form>
  );
}

/** Settings → Your Voice: writing samples used by the Personalized tone, and what is learned from sent texts. */
export function VoiceSettings() {
  const { t } = useTranslation();
  const sample = useVoiceSample();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('generation.voice.title')}</CardTitle>
        <CardDescription>{t('generation.voice.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sample.isPending ? <Spinner label={t('common.loading')} /> : null}
        {sample.isError ? <p className="text-destructive">{t('errors.internal')}</p> : null}
        {sample.isSuccess ? <VoiceSampleForm saved={sample.data} /> : null}
        <VoiceLearning />
      </CardContent>
    </Card>
  );
}
