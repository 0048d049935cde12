import { countWords, lengthWordBands, type GenerationInputs } from '@life-updates/contract/generation';
import type { Length } from '@life-updates/contract/preferences';
import { SquareIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiModels } from '@/api/ai';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { GenerationPhase } from '../hooks/use-generation-stream';

/**
 * The Generated Text area: a spinner before the first words, the words as
 * they stream (read-only meanwhile), then an editable text area; "Content will appear here" when
 * empty. Says which model wrote the text, and that the offline composer is not an AI model; when
 * the offline composer's text is shorter than the chosen length (it only uses the user's own words),
 * says so in one line.
 */
export function GeneratedTextPanel({
  text,
  onTextChange,
  phase,
  model,
  inputs,
  onStop,
  generatedLength,
}: {
  text: string;
  onTextChange: (text: string) => void;
  phase: GenerationPhase;
  model: string | null;
  /** What the model was given beside the ideas; null when unknown (an older server, or nothing generated yet). */
  inputs?: GenerationInputs | null | undefined;
  onStop: () => void;
  /** The length chosen for the text shown, once a generation has finished. */
  generatedLength?: Length | null | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { data: models } = useAiModels();
  const writer = model ? models?.models.find((candidate) => candidate.id === model) : undefined;
  const isGenerating = phase !== 'idle';
  const words = countWords(text);
  const isShortOfLength =
    !isGenerating &&
    writer !== undefined &&
    !writer.isAiModel &&
    generatedLength != null &&
    text.trim() !== '' &&
    words < lengthWordBands[generatedLength].min;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('generation.generatedText')}
        </h2>
        {isGenerating ? (
          <Button type="button" variant="outline" size="sm" onClick={onStop}>
            <SquareIcon aria-hidden />
            {t('generation.stop')}
          </Button>
        ) : null}
      </div>
      <div className="relative">
        <Textarea
          aria-labelledby={`${id}-title`}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          readOnly={isGenerating}
          aria-busy={isGenerating}
          placeholder={phase === 'waiting' ? '' : t('generation.contentPlaceholder')}
          className="min-h-72 resize-y text-base leading-relaxed md:min-h-[28rem]"
        />
        {phase === 'waiting' ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <Spinner label={t('generation.generating')} />
            <span aria-hidden className="ml-2 text-sm text-muted-foreground">
              {t('generation.generating')}
            </span>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <p aria-live="polite">
          {writer ? t('generation.generatedBy', { model: writer.label }) : null}
          {writer?.isAiModel && inputs ? (
            <>
              {' '}
              {inputs.voiceExamples > 0
                ? t('generation.given.voiceExamples', { count: inputs.voiceExamples })
                : t('generation.given.noVoiceExamples')}{' '}
              {inputs.photos > 0
                ? t('generation.given.photos', { count: inputs.photos })
                : t('generation.given.noPhotos')}
            </>
          ) : null}
        </p>
        {text ? <p>{t('generation.wordCount', { count: words })}</p> : null}
      </div>
      {isShortOfLength ? (
        <p role="status" className="text-xs text-muted-foreground">
          {t('notices.offlineShorter')}
        </p>
      ) : null}
      {writer && !writer.isAiModel && writer.description ? (
        <p className="rounded-md border border-border bg-muted/40 p-3 text-xs text-muted-foreground">
          {writer.description}
        </p>
      ) : null}
    </section>
  );
}
