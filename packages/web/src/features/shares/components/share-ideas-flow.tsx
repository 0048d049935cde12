import { Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useGenerateShare } from '@/api/shares';
import { ContactPickerDialog } from '@/components/contact-picker-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { TemplatePicker } from './template-picker';

type Step = 'closed' | 'template' | 'contacts';

/**
 * My Stories → Share: the selected ideas, a template,
 * then contacts; "Generate Summaries" writes one text per contact into a pending share and opens Summeris.
 */
export function ShareIdeasFlow({ selectedIdeaIds }: { selectedIdeaIds: string[] }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('closed');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const navigate = useNavigate();
  const generate = useGenerateShare();

  const start = () => {
    if (selectedIdeaIds.length === 0) {
      toast.error(t('generation.toasts.selectIdeaFirst'));
      return;
    }
    setStep('template');
  };

  const generateSummaries = async (contactIds: string[]) => {
    if (!templateId) {
      toast.error(t('summeris.validation.selectTemplate'));
      return;
    }
    try {
      await generate.mutateAsync({ ideaIds: selectedIdeaIds, templateId, contactIds });
    } catch (failure) {
      // The server's message is the spec's (validation, "Failed to generate summary. Please try again.").
      toast.error(errorMessage(failure, t('summeris.toasts.generateFailed')));
      return;
    }
    toast.success(t('summeris.toasts.generated'), { description: t('notices.summariesSaved') });
    setStep('closed');
    void navigate(paths.summeris);
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
      <ContactPickerDialog
        open={step === 'contacts'}
        onOpenChange={(next) => (next ? undefined : setStep('closed'))}
        title={t('ideas.contactPicker.title')}
        submitLabel={t('ideas.contactPicker.generate')}
        isProcessing={generate.isPending}
        onSubmit={(contactIds) => void generateSummaries(contactIds)}
      />
    </>
  );
}
