import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useContacts } from '../api/get-contacts';

/**
 * "Select Contacts to Share With" (spec §2 Create Content / Generate): click a contact to toggle it,
 * Select All, Clear All, a "Selected" badge on each chosen one; Send Email is disabled with no
 * selection and reads "Processing..." while sending. No contacts → "Add Contacts" goes to /contacts.
 */
export function ContactPickerDialog({
  open,
  onOpenChange,
  isProcessing,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isProcessing: boolean;
  onSend: (contactIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: contacts, isPending, isError, refetch } = useContacts({ enabled: open });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const all = contacts ?? [];

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  // Keep only ids that still exist, in the list's order.
  const selectedIds = all.filter((contact) => selected.has(contact.id)).map((contact) => contact.id);

  return (
    <Dialog open={open} onOpenChange={(next) => !isProcessing && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('generation.selectContactsTitle')}</DialogTitle>
          <DialogDescription className="sr-only">{t('generation.emailToContacts')}</DialogDescription>
        </DialogHeader>
        {isPending ? (
          <Spinner label={t('common.loading')} className="justify-center py-6" />
        ) : isError ? (
          <div className="space-y-3 text-center">
            <p className="text-sm text-destructive">{t('contacts.toasts.loadFailed')}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : all.length === 0 ? (
          <div className="space-y-4 py-4 text-center">
            <p className="text-sm text-muted-foreground">{t('generation.noContacts')}</p>
            <Button onClick={() => void navigate(paths.contacts)}>{t('generation.addContacts')}</Button>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isProcessing}
                  onClick={() => setSelected(new Set(all.map((contact) => contact.id)))}
                >
                  {t('generation.selectAll')}
                </Button>
                <Button variant="outline" size="sm" disabled={isProcessing} onClick={() => setSelected(new Set())}>
                  {t('generation.clearAll')}
                </Button>
              </div>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {selectedIds.length} / {all.length}
              </p>
            </div>
            <ul className="max-h-80 space-y-2 overflow-y-auto pr-1" aria-label={t('generation.selectContactsTitle')}>
              {all.map((contact) => {
                const isSelected = selected.has(contact.id);
                return (
                  <li key={contact.id}>
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      disabled={isProcessing}
                      onClick={() => toggle(contact.id)}
                      className={cn(
                        'flex w-full items-center justify-between gap-3 rounded-md border border-border p-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        isSelected && 'border-primary bg-primary/5',
                      )}
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{contact.name}</span>
                        {contact.relationship ? (
                          <span className="block text-xs text-muted-foreground">
                            {t(`contacts.relationships.${contact.relationship}`)}
                          </span>
                        ) : null}
                      </span>
                      {isSelected ? (
                        <Badge variant="default" className="shrink-0 gap-1">
                          <CheckIcon className="size-3" aria-hidden />
                          {t('generation.selected')}
                        </Badge>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={isProcessing} onClick={() => onOpenChange(false)}>
            {t('generation.cancel')}
          </Button>
          {all.length > 0 ? (
            <Button disabled={selectedIds.length === 0 || isProcessing} onClick={() => onSend(selectedIds)}>
              {isProcessing ? t('generation.processing') : t('generation.sendEmail')}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
