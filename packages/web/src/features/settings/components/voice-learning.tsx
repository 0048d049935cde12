import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useForgetVoiceLearning, useSetVoiceLearning, useVoiceLearning } from '@/api/voice-learning';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';

/**
 * Settings → Your Voice: the texts the user sent (after their edits) are given to AI models as
 * examples of their voice. Says from how many, with a switch and "Forget what was learned".
 */
export function VoiceLearning() {
  const { t } = useTranslation();
  const id = useId();
  const learning = useVoiceLearning();
  const setLearning = useSetVoiceLearning();
  const forget = useForgetVoiceLearning();
  const [isConfirming, setIsConfirming] = useState(false);
  if (!learning.data) return null;
  const onToggle = async (isOn: boolean) => {
    try {
      await setLearning.mutateAsync(isOn);
    } catch (failure) {
      toast.error(errorMessage(failure, t('generation.learning.failed')));
    }
  };
  const onForget = async () => {
    try {
      await forget.mutateAsync(undefined);
      toast.success(t('generation.learning.forgotten'));
    } catch (failure) {
      toast.error(errorMessage(failure, t('generation.learning.failed')));
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="font-medium">
        {t('generation.learning.title', { count: learning.data.count })}
      </h3>
      <p className="text-sm text-muted-foreground">{t('generation.learning.description')}</p>
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-switch`}
          checked={learning.data.isOn}
          onCheckedChange={onToggle}
          disabled={setLearning.isPending}
        />
        <Label htmlFor={`${id}-switch`}>{t('generation.learning.switch')}</Label>
      </div>
      <Button
        type="button"
        variant="outline"
        onClick={() => setIsConfirming(true)}
        disabled={learning.data.count === 0 || forget.isPending}
      >
        {t('generation.learning.forget')}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('generation.learning.forget')}
        description={t('generation.learning.forgetConfirm')}
        confirmLabel={t('generation.learning.forget')}
        cancelLabel={t('common.cancel')}
        onConfirm={onForget}
      />
    </section>
  );
}
