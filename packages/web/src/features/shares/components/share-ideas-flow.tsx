import { Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ContactPicker, TemplatePicker } from './share-dialogs';

type Step = 'closed' | 'template' | 'contacts';

/**
 * My Stories → Share: the selected ideas, a template,
 * then contacts; "Generate Summaries" writes one text per contact into a pending share and opens Summeris.
 */
export function ShareIdeasFlow({ selectedIdeaIds }: { selectedIdeaIds: string[] }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('closed');
  const [templateId, setTemplateId] = useState<string | null>(null);

  const start = () => {
    if (selectedIdeaIds.length === 0) {
      toast.error(t('generation.toasts.selectIdeaFirst'));
      return;
    }
    setStep('template');
  };

  return (
    <>
      <Button onClick={start} disabled={selectedIdeaIds.length === 0}>
        <Share2Icon aria-hidden />
        {selectedIdeaIds.length > 0
          ? t('summeris.shareSelected', { count: selectedIdeaIds.length })
          : t('summeris.share')}
      </Button>
      <TemplatePicker
        open={step === 'template'}
        onClose={() => setStep('closed')}
        selectedId={templateId}
        onSelect={setTemplateId}
        onContinue={() => setStep('contacts')}
      />
      <ContactPicker
        open={step === 'contacts'}
        onClose={() => setStep('closed')}
        ideaIds={selectedIdeaIds}
        templateId={templateId}
      />
    </>
  );
}
