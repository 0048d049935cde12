import {
  contactSortFields,
  relationshipFilters,
  sortDirections,
  type ContactSortField,
  type RelationshipFilter,
  type SortDirection,
} from '@life-updates/contract/contact-options';
import type { Contact } from '@life-updates/contract/contacts';
import { DownloadIcon, PlusIcon, SearchIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { initialContactList, useContacts, useDeleteContact } from '@/api/contacts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { ContactCard } from './contact-card';
import { ContactFormDialog } from './contact-form-dialog';
import { ExportContactsDialog } from './export-contacts-dialog';
import { ImportContactsDialog } from './import-contacts-dialog';

const searchDelayMs = 300;

/** The Contacts screen below its title: actions, search and filter, the list, the dialogs. */
export function ContactsManager() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [relationship, setRelationship] = useState<RelationshipFilter>(initialContactList.relationship);
  const [sortBy, setSortBy] = useState<ContactSortField>(initialContactList.sortBy);
  const [sortDirection, setSortDirection] = useState<SortDirection>(initialContactList.sortDirection);
  const [formContact, setFormContact] = useState<Contact | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [contactToDelete, setContactToDelete] = useState<Contact | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [isExportOpen, setIsExportOpen] = useState(false);
  const deleteContact = useDeleteContact();
  const filterHintId = useId();

  const search = useDebouncedValue(searchText.trim(), searchDelayMs);
  const isSearching = searchText.trim() !== '';
  // While the text search is set, the relationship filter is ignored (and shown disabled).
  const contacts = useContacts({
    search: search || undefined,
    relationship: search ? undefined : relationship,
    sortBy,
    sortDirection,
  });
  const isFiltered = search !== '' || relationship !== 'all';

  const openForm = (contact: Contact | null) => {
    setFormContact(contact);
    setIsFormOpen(true);
  };

  const confirmDelete = (contact: Contact) => {
    deleteContact.mutate(contact.id, {
      onSuccess: () => toast.success(t('contacts.toasts.deleted')),
      // The spec only logged this; here the user is told, and the contact stays in the list.
      onError: (error) =>
        toast.error(t('contacts.toasts.deleteFailed'), {
          description: error instanceof ApiRequestError ? error.message : undefined,
        }),
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden />
          {t('contacts.add')}
        </Button>
        <Button variant="outline" onClick={() => setIsImportOpen(true)}>
          <UploadIcon aria-hidden />
          {t('contacts.import.button')}
        </Button>
        <Button variant="outline" onClick={() => setIsExportOpen(true)}>
          <DownloadIcon aria-hidden />
          {t('contacts.export.button')}
        </Button>
      </div>

      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label={t('contacts.searchLabel')}
            placeholder={t('contacts.searchPlaceholder')}
            className="pl-9"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="space-y-1">
          <OptionSelect
            aria-label={t('contacts.relationshipFilterLabel')}
            value={relationship}
            onValueChange={setRelationship}
            disabled={isSearching}
            aria-describedby={isSearching ? filterHintId : undefined}
            options={relationshipFilters.map((filter) => ({
              value: filter,
              label: filter === 'all' ? t('contacts.allRelationships') : t(`contacts.relationships.${filter}`),
            }))}
          />
          {isSearching ? (
            <p id={filterHintId} className="text-xs text-muted-foreground">
              {t('contacts.filterIgnored')}
            </p>
          ) : null}
        </div>
        <OptionSelect
          aria-label={t('contacts.sortLabel')}
          value={sortBy}
          onValueChange={setSortBy}
          options={contactSortFields.map((field) => ({ value: field, label: t(`contacts.sort.${field}`) }))}
        />
        <OptionSelect
          aria-label={t('contacts.sortDirectionLabel')}
          value={sortDirection}
          onValueChange={setSortDirection}
          options={sortDirections.map((direction) => ({
            value: direction,
            label: t(direction === 'asc' ? 'contacts.sortAsc' : 'contacts.sortDesc'),
          }))}
        />
      </div>

      {contacts.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('contacts.loading')} />
        </div>
      ) : contacts.isError ? (
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <p className="font-semibold">{t('contacts.toasts.loadFailed')}</p>
          {contacts.error instanceof ApiRequestError ? (
            <p className="text-sm text-muted-foreground">{contacts.error.message}</p>
          ) : null}
          <Button variant="outline" onClick={() => void contacts.refetch()}>
            {t('common.retry')}
          </Button>
        </Card>
      ) : contacts.data.length === 0 ? (
        isFiltered ? (
          <Card className="p-8 text-center">
            <p className="font-semibold">{t('contacts.noMatches')}</p>
          </Card>
        ) : (
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <UsersIcon className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">{t('contacts.emptyTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('contacts.emptyDescription')}</p>
            <Button onClick={() => openForm(null)}>
              <PlusIcon aria-hidden />
              {t('contacts.add')}
            </Button>
          </Card>
        )
      ) : (
        <ul aria-label={t('contacts.listLabel')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {contacts.data.map((contact) => (
            <li key={contact.id}>
              <ContactCard contact={contact} onEdit={openForm} onDelete={setContactToDelete} />
            </li>
          ))}
        </ul>
      )}

      <ContactFormDialog open={isFormOpen} onOpenChange={setIsFormOpen} contact={formContact} />
      <ConfirmDialog
        open={contactToDelete !== null}
        onOpenChange={(open) => !open && setContactToDelete(null)}
        title={t('contacts.deleteTitle')}
        description={t('contacts.deleteConfirm', { name: contactToDelete?.name ?? '' })}
        cancelLabel={t('contacts.cancel')}
        confirmLabel={t('contacts.delete')}
        onConfirm={() => contactToDelete && confirmDelete(contactToDelete)}
      />
      <ImportContactsDialog open={isImportOpen} onOpenChange={setIsImportOpen} />
      <ExportContactsDialog open={isExportOpen} onOpenChange={setIsExportOpen} />
    </div>
  );
}
