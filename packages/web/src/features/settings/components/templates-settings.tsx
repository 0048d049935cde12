import { zodResolver } from '@hookform/resolvers/zod';
import { templateVariables } from '@life-updates/contract/generation';
import {
  templateFormSchema,
  templateLimits,
  type Template,
  type TemplateForm,
  type TemplateFormInput,
} from '@life-updates/contract/templates';
import { CopyIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateTemplate, useDeleteTemplate, useTemplates, useUpdateTemplate } from '@/api/templates';
import { LoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { refusalMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { templateDescription, templateName } from '@/lib/template-labels';

type Editing = { mode: 'create'; from?: TemplateFormInput } | { mode: 'edit'; template: Template };

const emptyForm: TemplateFormInput = { name: '', template: '', structureDescription: '', isDefault: false };

function preview(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > templateLimits.previewLength ? `${flat.slice(0, templateLimits.previewLength)}…` : flat;
}

/** Settings → Templates: the list of email structures and the create/edit form. */
export function TemplatesSettings() {
  const { t } = useTranslation();
  const [subTab, setSubTab] = useState<'list' | 'form'>('list');
  const [editing, setEditing] = useState<Editing>({ mode: 'create' });
  const [formKey, setFormKey] = useState(0);

  /** Shows a sub-tab with a fresh editor for `next` (opened by hand, the form creates a new template). */
  const show = (tab: 'list' | 'form', next: Editing = { mode: 'create' }) => {
    setEditing(next);
    setFormKey((key) => key + 1);
    setSubTab(tab);
  };

  return (
    <Tabs value={subTab} onValueChange={(value) => setSubTab(value === 'form' ? 'form' : 'list')}>
      <TabsList>
        <TabsTrigger value="list">{t('templates.subTabs.list')}</TabsTrigger>
        <TabsTrigger value="form">{t('templates.subTabs.form')}</TabsTrigger>
      </TabsList>
      <TabsContent value="list">
        <TemplateList
          onStartFrom={(from) => show('form', { mode: 'create', from })}
          onEdit={(template) => show('form', { mode: 'edit', template })}
        />
      </TabsContent>
      <TabsContent value="form">
        <TemplateEditor key={formKey} editing={editing} onDone={() => show('list')} />
      </TabsContent>
    </Tabs>
  );
}

function TemplateList({
  onStartFrom,
  onEdit,
}: {
  onStartFrom: (from: TemplateFormInput) => void;
  onEdit: (template: Template) => void;
}) {
  const { t } = useTranslation();
  const templates = useTemplates();
  const deleteTemplate = useDeleteTemplate();
  const [toDelete, setToDelete] = useState<Template | null>(null);

  if (templates.isPending) return <Spinner label={t('common.loading')} />;
  if (templates.isError) return <LoadFailed message={t('templates.toasts.loadFailed')} onRetry={templates.refetch} />;
  const system = templates.data.templates.filter((template) => template.isBuiltIn);
  const own = templates.data.templates.filter((template) => !template.isBuiltIn);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteTemplate.mutateAsync(toDelete.id);
      toast.success(t('templates.toasts.deleted'), { description: t('notices.templateDeleted') });
    } catch (error) {
      toast.error(refusalMessage(error, t('templates.toasts.failed')));
    }
    setToDelete(null);
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="system-structures" className="space-y-3">
        <h2 id="system-structures" className="text-lg font-semibold">
          {t('templates.systemTitle')}
        </h2>
        <ul className="grid gap-3 md:grid-cols-3">
          {system.map((template) => (
            <li key={template.id}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                    {templateName(template, t)}
                    <Badge variant="secondary">{t('templates.builtInBadge')}</Badge>
                  </CardTitle>
                  <CardDescription>{templateDescription(template, t)}</CardDescription>
                </CardHeader>
                <CardContent className="space-y-3">
                  <p className="text-sm text-muted-foreground">{preview(template.template)}</p>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('templates.useAsStartLabel', { name: templateName(template, t) })}
                    onClick={() =>
                      onStartFrom({
                        name: t('templates.copyName', { name: templateName(template, t) }),
                        template: template.template,
                        structureDescription: templateDescription(template, t),
                        isDefault: false,
                      })
                    }
                  >
                    <CopyIcon aria-hidden />
                    {t('templates.useAsStart')}
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="your-structures" className="space-y-3">
        <h2 id="your-structures" className="text-lg font-semibold">
          {t('templates.userTitle')}
        </h2>
        {own.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('templates.noUserTemplates')}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {own.map((template) => (
              <li key={template.id}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                      {template.name}
                      {template.isDefault ? <Badge variant="success">{t('templates.defaultBadge')}</Badge> : null}
                    </CardTitle>
                    {template.structureDescription ? (
                      <CardDescription>{template.structureDescription}</CardDescription>
                    ) : null}
                  </CardHeader>
                  <CardContent className="space-y-3">
                    <p className="text-sm text-muted-foreground">{preview(template.template)}</p>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('templates.editLabel', { name: template.name })}
                        onClick={() => onEdit(template)}
                      >
                        <PencilIcon aria-hidden />
                        {t('templates.edit')}
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('templates.deleteLabel', { name: template.name })}
                        onClick={() => setToDelete(template)}
                      >
                        <Trash2Icon aria-hidden />
                        {t('templates.delete')}
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={t('templates.deleteDialog.title')}
        description={t('templates.deleteDialog.message')}
        cancelLabel={t('templates.deleteDialog.cancel')}
        confirmLabel={t('templates.deleteDialog.confirm')}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function TemplateEditor({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const { t } = useTranslation();
  const switchId = useId();
  const createTemplate = useCreateTemplate();
  const updateTemplate = useUpdateTemplate();
  const isEdit = editing.mode === 'edit';
  const initial: TemplateFormInput =
    editing.mode === 'edit'
      ? {
          name: editing.template.name,
          template: editing.template.template,
          structureDescription: editing.template.structureDescription ?? '',
          isDefault: editing.template.isDefault,
        }
      : (editing.from ?? emptyForm);
  const form = useForm<TemplateFormInput, unknown, TemplateForm>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (editing.mode === 'edit') {
        await updateTemplate.mutateAsync({ id: editing.template.id, form: values });
        toast.success(t('templates.toasts.updated'), { description: t('notices.templateUpdated') });
      } else {
        await createTemplate.mutateAsync(values);
        toast.success(t('templates.toasts.saved'), { description: t('notices.templateAdded') });
      }
    } catch (error) {
      setServerFieldErrors(form, error, ['name', 'template', 'structureDescription']);
      toast.error(refusalMessage(error, t('templates.toasts.failed')));
      return;
    }
    onDone();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{isEdit ? t('templates.form.editTitle') : t('templates.form.createTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={t('templates.form.name')} error={errors.name}>
            <Input placeholder={t('templates.form.namePlaceholder')} {...form.register('name')} />
          </FormField>
          <FormField label={t('templates.form.description')} error={errors.structureDescription}>
            <Input
              placeholder={t('templates.form.descriptionPlaceholder')}
              {...form.register('structureDescription')}
            />
          </FormField>
          <FormField
            label={t('templates.form.template')}
            hint={`${t('templates.variables.title')}: ${templateVariables.join(', ')}`}
            error={errors.template}
          >
            <Textarea rows={10} placeholder={t('templates.form.templatePlaceholder')} {...form.register('template')} />
          </FormField>
          <div className="rounded-md border border-border p-3 text-sm">
            <p className="font-medium">{t('templates.variables.title')}</p>
            <ul className="mt-1 space-y-0.5 text-muted-foreground">
              {(['events', 'relationship', 'name'] as const).map((variable) => (
                <li key={variable}>
                  <code className="font-mono text-foreground">{`{{${variable}}}`}</code> —{' '}
                  {t(`templates.variables.${variable}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="isDefault"
              render={({ field }) => (
                <Switch
                  id={switchId}
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Label htmlFor={switchId}>{t('templates.form.setDefault')}</Label>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={onDone}>
              {t('templates.form.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting
                ? t('templates.form.saving')
                : isEdit
                  ? t('templates.form.update')
                  : t('templates.form.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
