import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactFormSchema,
  relationships,
  type Contact,
  type ContactForm,
  type ContactFormInput,
  type ContactInput,
} from '@life-updates/contract/contacts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useContact, useCreateContact, useUpdateContact } from '@/api/contacts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';

const noRelationship = 'none';

const formFields = ['name', 'email', 'phone', 'relationship'] as const;
type FormFieldName = (typeof formFields)[number];
const isFormField = (field: string): field is FormFieldName => (formFields as readonly string[]).includes(field);

/** What the inputs hold: '' for an empty optional field. */
const valuesOf = (contact: Contact | null): ContactFormInput => ({
  name: contact?.name ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  relationship: contact?.relationship ?? '',
});

/**
 * The contact dialog: create mode without a contact, edit
 * mode with one. Validation is the contract's schema; an error clears as soon as its field is
 * edited, and the form is checked again, as a whole, on each submit, so nothing is sent while an
 * error remains.
 */
export function ContactFormDialog({
  open,
  onOpenChange,
  contact,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: Contact | null;
}) {
  const { t } = useTranslation();
  const isEditing = contact !== null;
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const form = useForm<ContactFormInput, unknown, ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: valuesOf(contact),
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(contact));
  }, [open, contact, form]);

  // Edit: the contact as stored now replaces the list's copy, unless the user has started typing.
  const stored = useContact(open && contact ? contact.id : undefined);
  useEffect(() => {
    if (stored.data && !isDirty) form.reset(valuesOf(stored.data));
  }, [stored.data, isDirty, form]);
  useEffect(() => {
    // "Contact not found" when it was deleted meanwhile; the spec's "could not get" otherwise.
    if (stored.error) toast.error(errorMessage(stored.error, t('contacts.errors.getFailed')));
  }, [stored.error, t]);

  // An error clears when its field is edited.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name && isFormField(name) && form.getFieldState(name).error) form.clearErrors(name);
        },
      }),
    [form],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    // `values` is the schema's output (trimmed); '' clears an optional field on update.
    const input: ContactInput = {
      name: values.name,
      email: values.email,
      phone: values.phone ?? '',
      relationship: values.relationship ?? '',
    };
    try {
      if (contact) await updateContact.mutateAsync({ id: contact.id, input });
      else await createContact.mutateAsync(input);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        // Not logged in → "You must log in" and the dialog closes.
        toast.error(t('contacts.toasts.mustLogin'));
        onOpenChange(false);
        return;
      }
      setServerFieldErrors(form, error, formFields);
      // The error's message, else "Failed to save contact". Nothing typed is lost.
      toast.error(errorMessage(error, t('contacts.toasts.saveFailed')));
      return;
    }
    toast.success(t(isEditing ? 'contacts.toasts.updated' : 'contacts.toasts.added'));
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{t(isEditing ? 'contacts.editTitle' : 'contacts.newTitle')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={t('contacts.form.name')} error={errors.name}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label={t('contacts.form.email')} error={errors.email}>
            <Input type="email" autoComplete="off" inputMode="email" {...form.register('email')} />
          </FormField>
          <FormField label={t('contacts.form.phone')} error={errors.phone}>
            <Input
              type="tel"
              autoComplete="off"
              inputMode="tel"
              placeholder={t('contacts.form.phonePlaceholder')}
              {...form.register('phone')}
            />
          </FormField>
          <Controller
            control={form.control}
            name="relationship"
            render={({ field }) => (
              <FormField label={t('contacts.form.relationship')} error={errors.relationship}>
                <Select
                  value={field.value ?? ''}
                  // "No relationship" clears a relationship set earlier (Radix items cannot hold '').
                  onValueChange={(value) => field.onChange(value === noRelationship ? '' : value)}
                  name={field.name}
                >
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue placeholder={t('contacts.form.relationshipPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={noRelationship}>{t('contacts.form.noRelationship')}</SelectItem>
                    {relationships.map((relationship) => (
                      <SelectItem key={relationship} value={relationship}>
                        {t(`contacts.relationships.${relationship}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormField>
            )}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              {t('contacts.form.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting
                ? t('contacts.form.saving')
                : t(isEditing ? 'contacts.form.update' : 'contacts.form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
