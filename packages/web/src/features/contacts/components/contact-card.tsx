import type { Contact } from '@life-updates/contract/contacts';
import { MailIcon, PencilIcon, PhoneIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** One contact of the list: name, relationship badge, email and phone, Edit and Delete. */
export function ContactCard({
  contact,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold leading-tight">{contact.name}</h2>
        {contact.relationship ? (
          <Badge variant="secondary" className="shrink-0">
            {t(`contacts.relationships.${contact.relationship}`)}
          </Badge>
        ) : null}
      </div>
      {contact.unsubscribedAt || contact.bouncedAt ? (
        <div className="space-y-1">
          <Badge variant={contact.unsubscribedAt ? 'outline' : 'destructive'}>
            {t(contact.unsubscribedAt ? 'recipients.badge.unsubscribed' : 'recipients.badge.bouncing')}
          </Badge>
          <p className="text-xs text-muted-foreground">
            {t(contact.unsubscribedAt ? 'recipients.badge.unsubscribedHint' : 'recipients.badge.bouncingHint')}
          </p>
        </div>
      ) : null}
      <dl className="space-y-1 text-sm">
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <MailIcon className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">{t('contacts.import.columnEmail')}</span>
          </dt>
          <dd className="min-w-0 break-all">
            <a className="underline-offset-4 hover:underline" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          </dd>
        </div>
        {contact.phone ? (
          <div className="flex min-w-0 items-center gap-2">
            <dt>
              <PhoneIcon className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">{t('contacts.import.columnPhone')}</span>
            </dt>
            <dd className="min-w-0 break-all">
              <a className="underline-offset-4 hover:underline" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
                {contact.phone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-auto flex gap-2 pt-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('contacts.editLabel', { name: contact.name })}
          onClick={() => onEdit(contact)}
        >
          <PencilIcon aria-hidden />
          {t('contacts.edit')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          aria-label={t('contacts.deleteLabel', { name: contact.name })}
          onClick={() => onDelete(contact)}
        >
          <Trash2Icon aria-hidden />
          {t('contacts.delete')}
        </Button>
      </div>
    </Card>
  );
}
