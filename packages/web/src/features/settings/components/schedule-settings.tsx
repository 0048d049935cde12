import { zodResolver } from '@hookform/resolvers/zod';
import {
  allContacts,
  calendarDateIn,
  isTimeZone,
  scheduleFrequencies,
  scheduleUpdateSchema,
  type ScheduleResponse,
  type ScheduleUpdate,
} from '@life-updates/contract/schedule';
import { CalendarClockIcon, HistoryIcon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useContactsByName } from '@/api/contacts';
import { useSaveSchedule, useSchedule } from '@/api/schedule';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { refusalMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';

/** The browser's time zone: the default until the user saves one. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

function initialValues(data: ScheduleResponse): ScheduleUpdate {
  const timeZone = data.timeZone ?? browserTimeZone();
  // Before the first save, "today" is today where the user is.
  const startDate = data.isSaved ? data.schedule.startDate : calendarDateIn(timeZone);
  return { ...data.schedule, startDate, timeZone };
}

/** Settings → Scheduling: the sharing schedule the server runs. */
export function ScheduleSettings() {
  const { t } = useTranslation();
  const schedule = useSchedule();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('schedule.title')}</CardTitle>
        <CardDescription>{t('schedule.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {schedule.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : schedule.isError ? (
          <LoadFailed message={t('schedule.loadFailed')} onRetry={schedule.refetch} />
        ) : (
          <>
            <ScheduleStatus data={schedule.data} />
            <ScheduleForm data={schedule.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function formatInstant(iso: string, locale: string, timeZone: string | null) {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: timeZone ?? undefined,
  }).format(new Date(iso));
}

function ScheduleStatus({ data }: { data: ScheduleResponse }) {
  const { t, i18n } = useTranslation();
  const { lastRun } = data;
  const skipped = (lastRun?.skippedUnsubscribed ?? 0) + (lastRun?.skippedBouncing ?? 0);
  return (
    <div className="grid gap-3 rounded-md border border-border p-4 text-sm sm:grid-cols-2">
      <div className="flex gap-2">
        <CalendarClockIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <p className="font-medium">{t('schedule.nextRun')}</p>
          <p data-testid="schedule-next-run">
            {data.nextRunAt ? (
              <>
                {formatInstant(data.nextRunAt, i18n.language, data.timeZone)}
                {data.timeZone ? <span className="text-muted-foreground"> ({data.timeZone})</span> : null}
              </>
            ) : (
              <span className="text-muted-foreground">{t('schedule.notScheduled')}</span>
            )}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <HistoryIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <p className="font-medium">{t('schedule.lastRun')}</p>
          {lastRun ? (
            <p data-testid="schedule-last-run">
              <span className="text-muted-foreground">{formatInstant(lastRun.at, i18n.language, data.timeZone)}: </span>
              {t(`schedule.outcomes.${lastRun.outcome}`, { ideas: lastRun.ideaCount, contacts: lastRun.contactCount })}
              {skipped > 0
                ? ` ${t('recipients.skippedNotice', {
                    count: skipped,
                    unsubscribed: lastRun.skippedUnsubscribed ?? 0,
                    bouncing: lastRun.skippedBouncing ?? 0,
                  })}`
                : null}
            </p>
          ) : (
            <p className="text-muted-foreground">{t('schedule.noRunYet')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

function SwitchRow({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border border-border p-4">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  );
}

function ScheduleForm({ data }: { data: ScheduleResponse }) {
  const { t } = useTranslation();
  const saveSchedule = useSaveSchedule();
  const timeZoneListId = useId();
  const form = useForm<ScheduleUpdate>({
    resolver: zodResolver(scheduleUpdateSchema),
    defaultValues: initialValues(data),
  });
  const { errors } = form.formState;
  const selectedContacts = useWatch({ control: form.control, name: 'selectedContacts' });
  const isAllContacts = selectedContacts === allContacts;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveSchedule.mutateAsync(values);
      toast.success(saved.message);
      // The server keeps only the user's own contacts: show what was stored.
      form.reset(initialValues(saved));
    } catch (error) {
      setServerFieldErrors(form, error, Object.keys(values) as (keyof ScheduleUpdate)[]);
      toast.error(refusalMessage(error, t('schedule.saveFailed')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('schedule.frequency')} error={errors.frequency}>
          <Controller
            control={form.control}
            name="frequency"
            render={({ field }) => (
              <OptionSelect
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                options={scheduleFrequencies.map((frequency) => ({
                  value: frequency,
                  label: t(`schedule.frequencies.${frequency}`),
                }))}
              />
            )}
          />
        </FormField>
        <FormField label={t('schedule.timeZone')} hint={t('schedule.timeZoneHint')} error={errors.timeZone}>
          <Input list={timeZoneListId} autoComplete="off" spellCheck={false} {...form.register('timeZone')} />
        </FormField>
        {/* The zones offered in the picker; typing any other valid IANA name works too. */}
        <datalist id={timeZoneListId}>
          {Intl.supportedValuesOf('timeZone').map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <FormField label={t('schedule.startDate')} error={errors.startDate}>
          <Input type="date" {...form.register('startDate')} />
        </FormField>
        <FormField label={t('schedule.startTime')} error={errors.startTime}>
          <Input type="time" {...form.register('startTime')} />
        </FormField>
      </div>

      <Controller
        control={form.control}
        name="autoSend"
        render={({ field }) => (
          <SwitchRow
            label={t('schedule.autoSend')}
            hint={t('schedule.autoSendHint')}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <SwitchRow
        label={t('schedule.allContacts')}
        hint={t('schedule.allContactsHint')}
        checked={isAllContacts}
        // Turning it off sets the selected contacts to an empty list.
        onCheckedChange={(checked) =>
          form.setValue('selectedContacts', checked ? allContacts : [], { shouldDirty: true, shouldValidate: true })
        }
      />
      {isAllContacts ? null : (
        <ContactChecklist
          selected={selectedContacts}
          onChange={(ids) => form.setValue('selectedContacts', ids, { shouldDirty: true, shouldValidate: true })}
        />
      )}
      {errors.selectedContacts?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {t(errors.selectedContacts.message)}
        </p>
      ) : null}

      <Button type="submit" disabled={saveSchedule.isPending}>
        {saveSchedule.isPending ? t('schedule.saving') : t('schedule.save')}
      </Button>
    </form>
  );
}

function ContactChecklist({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const contacts = useContactsByName();
  const headingId = useId();

  let body;
  if (contacts.isPending) body = <Spinner label={t('common.loading')} />;
  else if (contacts.isError)
    body = <LoadFailed message={t('schedule.contactsLoadFailed')} onRetry={contacts.refetch} />;
  else if (contacts.data.length === 0)
    body = <p className="text-sm text-muted-foreground">{t('schedule.noContacts')}</p>;
  else
    body = (
      <ul className="grid gap-2 sm:grid-cols-2">
        {contacts.data.map((contact) => {
          const id = `schedule-contact-${contact.id}`;
          const isChecked = selected.includes(contact.id);
          return (
            <li key={contact.id} className="flex items-center gap-3 rounded-md border border-border p-3">
              <Checkbox
                id={id}
                checked={isChecked}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true ? [...selected, contact.id] : selected.filter((value) => value !== contact.id),
                  )
                }
              />
              <Label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                <span className="block truncate">{contact.name}</span>
                <span className="block truncate text-xs font-normal text-muted-foreground">{contact.email}</span>
              </Label>
            </li>
          );
        })}
      </ul>
    );

  return (
    <fieldset className="space-y-3" aria-labelledby={headingId}>
      <legend id={headingId} className="text-sm font-medium">
        {t('schedule.chooseContacts')}
      </legend>
      {body}
      {contacts.isSuccess && contacts.data.length > 0 && selected.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('schedule.noneSelected')}</p>
      ) : null}
    </fieldset>
  );
}
