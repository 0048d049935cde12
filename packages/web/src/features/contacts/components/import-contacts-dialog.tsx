import { contactFileTypes } from '@life-updates/contract/contact-options';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { contactListQueryOptions, useImportContacts } from '@/api/contacts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { buildImportPreview, type ImportPreview, type ImportPreviewRow } from '../lib/import-preview';

type Step =
  | { kind: 'choose'; fileError: string | null }
  | { kind: 'reading' }
  | { kind: 'preview'; fileName: string; preview: ImportPreview };

const accept = `${contactFileTypes.csv.accept},${contactFileTypes.vcard.accept}`;

/** The badge of a row that is not invalid (an invalid row lists its problems instead). */
const statusBadges = {
  ready: { variant: 'success', label: 'contacts.import.statusReady' },
  existing: { variant: 'warning', label: 'contacts.import.skippedExisting' },
  duplicateInFile: { variant: 'warning', label: 'contacts.import.skippedDuplicateInFile' },
} as const;

const columns = [
  { label: 'contacts.import.columnRow', className: 'w-12' },
  { label: 'contacts.import.columnName', className: '' },
  { label: 'contacts.import.columnEmail', className: 'hidden sm:table-cell' },
  { label: 'contacts.import.columnPhone', className: 'hidden sm:table-cell' },
  { label: 'contacts.import.columnRelationship', className: 'hidden sm:table-cell' },
  { label: 'contacts.import.columnStatus', className: '' },
] as const;

/**
 * Import from a CSV or vCard file: the file is read in the browser with the
 * contract's parsers, every row is shown with its problems, and only then are the good rows sent.
 */
export function ImportContactsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const importContacts = useImportContacts();
  const [step, setStep] = useState<Step>({ kind: 'choose', fileError: null });
  const summaryId = useId();

  const close = (next: boolean) => {
    if (importContacts.isPending) return;
    onOpenChange(next);
    if (!next) setStep({ kind: 'choose', fileError: null });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setStep({ kind: 'reading' });
    try {
      const [text, existing, { parseContactsFile }] = await Promise.all([
        file.text(),
        // Fresh, unfiltered: the whole list decides which emails are already contacts.
        queryClient.fetchQuery({ ...contactListQueryOptions({}), staleTime: 0 }),
        // The CSV and vCard readers (ical.js, papaparse) load only when a file is chosen.
        import('@life-updates/contract/contact-files'),
      ]);
      const parsed = parseContactsFile(text, file.name);
      if (parsed.fileError) {
        setStep({ kind: 'choose', fileError: t(parsed.fileError) });
        return;
      }
      const preview = buildImportPreview(
        parsed,
        existing.map((contact) => contact.email),
      );
      setStep({ kind: 'preview', fileName: file.name, preview });
    } catch (error) {
      setStep({
        kind: 'choose',
        fileError: errorMessage(error, t('contacts.import.fileUnreadable')),
      });
    }
  };

  const onImport = async (preview: ImportPreview) => {
    try {
      const result = await importContacts.mutateAsync({ contacts: preview.ready.map((entry) => entry.contact) });
      const skipped = preview.counts.existing + preview.counts.duplicateInFile + result.skipped.length;
      const failed = preview.counts.invalid + result.errors.length;
      const description = [
        t('contacts.import.created', { count: result.created }),
        skipped > 0 ? t('contacts.import.skipped', { count: skipped }) : null,
        failed > 0 ? t('contacts.import.failed', { count: failed }) : null,
      ]
        .filter(Boolean)
        .join(' · ');
      if (result.created > 0) toast.success(t('contacts.import.success'), { description });
      else toast.info(t('contacts.import.resultTitle'), { description });
      close(false);
    } catch (error) {
      toast.error(errorMessage(error, t('contacts.errors.importFailed')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('contacts.import.title')}</DialogTitle>
          <DialogDescription>{t('contacts.import.description')}</DialogDescription>
        </DialogHeader>

        {step.kind === 'choose' ? (
          <FormField
            label={t('contacts.import.fileLabel')}
            hint={t('contacts.import.formatsHint')}
            error={step.fileError ?? undefined}
          >
            <Input
              type="file"
              accept={accept}
              onChange={(event) => void onFile(event)}
              className="h-auto cursor-pointer py-2"
            />
          </FormField>
        ) : null}

        {step.kind === 'reading' ? <Spinner label={t('contacts.import.reading')} /> : null}

        {step.kind === 'preview' ? (
          <section aria-labelledby={summaryId} className="min-w-0 space-y-3">
            <h3 id={summaryId} className="font-semibold">
              {t('contacts.import.previewTitle')}: <span className="break-all font-normal">{step.fileName}</span>
            </h3>
            <ul className="space-y-1 text-sm">
              <li>{t('contacts.import.ready', { count: step.preview.counts.ready })}</li>
              {step.preview.counts.invalid > 0 ? (
                <li className="text-destructive">
                  {t('contacts.import.invalid', { count: step.preview.counts.invalid })}
                </li>
              ) : null}
              {step.preview.counts.duplicateInFile > 0 ? (
                <li>{t('contacts.import.duplicatesInFile', { count: step.preview.counts.duplicateInFile })}</li>
              ) : null}
              {step.preview.counts.existing > 0 ? <li>{t('contacts.import.existingNote')}</li> : null}
            </ul>
            <PreviewTable rows={step.preview.rows} />
          </section>
        ) : null}

        <DialogFooter>
          {step.kind === 'preview' ? (
            <Button
              variant="ghost"
              disabled={importContacts.isPending}
              onClick={() => setStep({ kind: 'choose', fileError: null })}
            >
              {t('contacts.import.chooseAnother')}
            </Button>
          ) : null}
          <Button variant="outline" disabled={importContacts.isPending} onClick={() => close(false)}>
            {t('contacts.cancel')}
          </Button>
          {step.kind === 'preview' ? (
            <Button
              disabled={importContacts.isPending || step.preview.ready.length === 0}
              onClick={() => void onImport(step.preview)}
            >
              {importContacts.isPending
                ? t('contacts.import.importing')
                : t('contacts.import.confirm', { count: step.preview.ready.length })}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewTable({ rows }: { rows: ImportPreviewRow[] }) {
  const { t } = useTranslation();
  const status = (row: ImportPreviewRow) => {
    if (row.status === 'invalid') {
      return (
        <ul className="space-y-0.5 text-destructive">
          {Object.entries(row.problems).map(([field, key]) => (
            <li key={field}>{t(key)}</li>
          ))}
        </ul>
      );
    }
    const { variant, label } = statusBadges[row.status];
    return (
      <Badge variant={variant} className="whitespace-normal rounded-md">
        {t(label)}
      </Badge>
    );
  };
  return (
    // Email, phone and relationship columns fold away below 640 px so the table fits a phone screen.
    <div className="rounded-md border border-border">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="bg-muted">
          <tr>
            {columns.map(({ label, className }) => (
              <th key={label} scope="col" className={cn('px-2 py-1.5', className)}>
                {t(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} data-status={row.status} className="border-t border-border align-top">
              <td className="px-2 py-1.5 tabular-nums">{row.row}</td>
              <td className="break-words px-2 py-1.5">
                {row.name ?? '—'}
                {/* Below 640 px the email sits under the name instead of in its own column. */}
                <span className="block break-all text-muted-foreground sm:hidden">{row.email ?? '—'}</span>
              </td>
              <td className="hidden break-all px-2 py-1.5 sm:table-cell">{row.email ?? '—'}</td>
              <td className="hidden break-words px-2 py-1.5 sm:table-cell">{row.phone ?? ''}</td>
              <td className="hidden px-2 py-1.5 sm:table-cell">
                {row.relationship
                  ? t(`contacts.relationships.${row.relationship}`, { defaultValue: row.relationship })
                  : ''}
              </td>
              <td className="break-words px-2 py-1.5">{status(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
