import type { ContactFileFormat } from '@life-updates/contract/contacts';
import { useQueryClient } from '@tanstack/react-query';
import { ContactIcon, FileSpreadsheetIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { contactListQueryOptions, useExportContacts } from '@/api/contacts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';

const choices: Array<{ format: ContactFileFormat; icon: typeof ContactIcon }> = [
  { format: 'csv', icon: FileSpreadsheetIcon },
  { format: 'vcard', icon: ContactIcon },
];

/** Export to CSV or vCard 4.0: the whole list, sorted by name, from the server. */
export function ExportContactsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const exportContacts = useExportContacts();
  const [format, setFormat] = useState<ContactFileFormat | null>(null);

  const onExport = async (chosen: ContactFileFormat) => {
    setFormat(chosen);
    try {
      const all = await queryClient.fetchQuery(contactListQueryOptions({}));
      if (all.length === 0) {
        toast.info(t('contacts.export.nothing'));
        return;
      }
      await exportContacts.mutateAsync(chosen);
      toast.success(t('contacts.export.success'));
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, t('contacts.errors.exportFailed')));
    } finally {
      setFormat(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => format === null && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('contacts.export.title')}</DialogTitle>
          <DialogDescription>{t('contacts.export.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          {choices.map(({ format: choice, icon: Icon }) => (
            <Button
              key={choice}
              variant="outline"
              className="h-auto justify-start whitespace-normal py-3 text-left"
              disabled={format !== null}
              onClick={() => void onExport(choice)}
            >
              <Icon aria-hidden />
              <span className="flex flex-col">
                <span className="font-semibold">
                  {format === choice ? t('contacts.export.exporting') : t(`contacts.export.${choice}`)}
                </span>
                <span className="text-xs text-muted-foreground">{t(`contacts.export.${choice}Description`)}</span>
              </span>
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
