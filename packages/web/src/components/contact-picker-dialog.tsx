import type { Contact } from '@life-updates/contract/contacts';
import { CheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContactsByName } from '@/api/contacts';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

export interface ContactPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title, e.g. "Select Contacts to Share With" or "Select Contacts". */
  title: string;
  /** The submit button's label, e.g. "Send Email" or "Generate Summaries". */
  submitLabel: string;
  /** What the choice does besides, shown under the title (Summeris: who is left out stays pending). */
  note?: string | undefined;
  /** Which of the user's contacts may be chosen (all when left out). */
  filter?: ((contact: Contact) => boolean) | undefined;
  /** True while the caller works on the submitted selection: the dialog is locked and reads "Processing...". */
  isProcessing: boolean;
  /** Called with the chosen contact ids, in the list's order, never empty. */
  onSubmit: (contactIds: string[]) => void;
}

/**
 * The one contact picker (My Stories' Share, Create Content, Generate, Summeris' recipients): the
 * user's contacts by name, asked for while it is open; tick contacts one by one
 * or with Select All / Clear All; each chosen one shows a "Selected" badge; the submit button is
 * disabled with no selection and reads "Processing..." while the caller works. No contacts →
 * "Add Contacts" links to /contacts.
 */
export function ContactPickerDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  note,
  filter,
  isProcessing,
  onSubmit,
}: ContactPickerDialogProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const contacts = useContactsByName(open);
  const { isError } = contacts;
  const all = (filter ? contacts.data?.filter(filter) : contacts.data) ?? [];
  const isLoading = contacts.isPending && !isError;

  // Only ids that still exist, in the list's order.
  const selectedIds = all.filter((contact) => selected.has(contact.id)).map((contact) => contact.id);
  const hasContacts = !isLoading && !isError && all.length > 0;

  return (
    <Dialog open={open} onOpenChange={(next) => !isProcessing && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription aria-live="polite">
            {hasContacts
              ? t('common.contactPicker.selectedCount', { selected: selectedIds.length, total: all.length })
              : null}
          </DialogDescription>
          {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        </DialogHeader>
        {isLoading ? (
          <Spinner label={t('common.loading')} className="justify-center py-6" />
        ) : isError ? (
          <div className="space-y-3 text-center">
            <p role="alert" className="text-sm text-destructive">
              {t('common.contactPicker.loadFailed')}
            </p>
            <Button variant="outline" onClick={() => void contacts.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : all.length === 0 ? (
          <div className="space-y-4 py-4 text-center">
            <p className="text-sm text-muted-foreground">{t('common.contactPicker.noContacts')}</p>
            <Link to={paths.contacts} className={buttonVariants()}>
              {t('common.contactPicker.addContacts')}
            </Link>
          </div>
        ) : (
          <>
            <ContactChecklist
              contacts={all}
              selected={selected}
              onSelectedChange={setSelected}
              disabled={isProcessing}
              label={title}
            />
            {selectedIds.length === 0 ? (
              <p id={hintId} className="text-sm text-muted-foreground">
                {t('summeris.validation.selectContact')}
              </p>
            ) : null}
          </>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={isProcessing} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          {hasContacts ? (
            <Button
              disabled={selectedIds.length === 0 || isProcessing}
              aria-describedby={selectedIds.length === 0 ? hintId : undefined}
              onClick={() => onSubmit(selectedIds)}
            >
              {isProcessing ? t('common.contactPicker.processing') : submitLabel}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The contacts to tick, with Select All and Clear All; each ticked one shows a "Selected" badge. A
 * click anywhere on a contact's name toggles it.
 */
export function ContactChecklist({
  contacts,
  selected,
  onSelectedChange,
  disabled,
  label,
}: {
  contacts: readonly Contact[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: ReadonlySet<string>) => void;
  disabled: boolean;
  /** The list's accessible name. */
  label: string;
}) {
  const { t } = useTranslation();
  const baseId = useId();

  function toggle(id: string, isChecked: boolean) {
    const next = new Set(selected);
    if (isChecked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  }

  return (
    <>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => onSelectedChange(new Set(contacts.map((contact) => contact.id)))}
        >
          {t('common.contactPicker.selectAll')}
        </Button>
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => onSelectedChange(new Set())}>
          {t('common.contactPicker.clearAll')}
        </Button>
      </div>
      <ul className="max-h-80 space-y-2 overflow-y-auto pr-1" aria-label={label}>
        {contacts.map((contact) => {
          const isSelected = selected.has(contact.id);
          const checkboxId = `${baseId}-${contact.id}`;
          return (
            <li
              key={contact.id}
              className={cn(
                'flex items-center gap-3 rounded-md border border-border p-3 transition-colors hover:bg-muted',
                isSelected && 'border-primary bg-primary/5',
              )}
            >
              <Checkbox
                id={checkboxId}
                checked={isSelected}
                disabled={disabled}
                onCheckedChange={(state) => toggle(contact.id, state === true)}
              />
              <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
                <span className="block truncate font-medium">{contact.name}</span>
                {contact.relationship ? (
                  <span className="block text-xs text-muted-foreground">
                    {t(`contacts.relationships.${contact.relationship}`, { defaultValue: contact.relationship })}
                  </span>
                ) : null}
              </label>
              {isSelected ? (
                <Badge variant="default" className="shrink-0 gap-1">
                  <CheckIcon className="size-3" aria-hidden />
                  {t('common.contactPicker.selected')}
                </Badge>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
