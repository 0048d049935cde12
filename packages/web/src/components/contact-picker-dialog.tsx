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
import { LoadFailed } from './load-failed';
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
  const { query, all, selected, setSelected, chosenIds } = useContactChoice(open, filter);
  const hasContacts = query.isSuccess && all.length > 0;

  return (
    <Dialog open={open} onOpenChange={(next) => !isProcessing && onOpenChange(next)}>
      <DialogContent>
        <ContactDialogHeader
          title={title}
          count={hasContacts ? { selected: chosenIds.length, total: all.length } : null}
          note={note}
        />
        <ContactsSection
          query={query}
          contacts={all}
          selected={selected}
          onSelectedChange={setSelected}
          disabled={isProcessing}
          label={title}
        />
        {hasContacts && chosenIds.length === 0 ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {t('summeris.validation.selectContact')}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={isProcessing} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          {hasContacts ? (
            <Button
              disabled={chosenIds.length === 0 || isProcessing}
              aria-describedby={chosenIds.length === 0 ? hintId : undefined}
              onClick={() => onSubmit(chosenIds)}
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
 * The user's contacts by name, asked for while `open` and narrowed by `filter`, and which of them
 * are ticked: `chosenIds` holds only ids that still exist, in the list's order.
 */
export function useContactChoice(open: boolean, filter: ((contact: Contact) => boolean) | undefined) {
  const query = useContactsByName(open);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const all = (filter ? query.data?.filter(filter) : query.data) ?? [];
  const chosenIds = all.filter((contact) => selected.has(contact.id)).map((contact) => contact.id);
  return { query, all, selected, setSelected, chosenIds };
}

/** A contact dialog's title, how many contacts are ticked (when `count` is given) and the caller's note. */
export function ContactDialogHeader({
  title,
  count,
  note,
}: {
  title: string;
  count: { selected: number; total: number } | null;
  note?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription aria-live="polite">
        {count ? t('common.contactPicker.selectedCount', count) : null}
      </DialogDescription>
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
    </DialogHeader>
  );
}

/**
 * The contacts part of a contact dialog: a spinner while they load; the failure with Retry; with
 * none, "No contacts found. Please add contacts first." and Add Contacts (to /contacts); else the
 * checklist.
 */
export function ContactsSection({
  query,
  ...checklist
}: ContactChecklistProps & { query: Pick<ReturnType<typeof useContactsByName>, 'isPending' | 'isError' | 'refetch'> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <Spinner label={t('common.loading')} className="justify-center py-6" />;
  }
  if (query.isError) {
    return (
      <LoadFailed message={t('common.contactPicker.loadFailed')} onRetry={query.refetch} className="text-center" />
    );
  }
  if (checklist.contacts.length === 0) {
    return (
      <div className="space-y-4 py-4 text-center">
        <p className="text-sm text-muted-foreground">{t('common.contactPicker.noContacts')}</p>
        <Link to={paths.contacts} className={buttonVariants()}>
          {t('common.contactPicker.addContacts')}
        </Link>
      </div>
    );
  }
  return <ContactChecklist {...checklist} />;
}

export function toggled(set: ReadonlySet<string>, id: string, isChecked: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (isChecked) next.add(id);
  else next.delete(id);
  return next;
}

interface ContactChecklistProps {
  contacts: readonly Contact[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: ReadonlySet<string>) => void;
  disabled: boolean;
  /** The list's accessible name. */
  label: string;
}

/**
 * The contacts to tick, with Select All and Clear All; each ticked one shows a "Selected" badge. A
 * click anywhere on a contact's name toggles it.
 */
export function ContactChecklist({ contacts, selected, onSelectedChange, disabled, label }: ContactChecklistProps) {
  const { t } = useTranslation();
  const baseId = useId();

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
                onCheckedChange={(state) => onSelectedChange(toggled(selected, contact.id, state === true))}
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
