import {
  linkedinCommentaryLength,
  linkedinTextProblem,
  maxLinkedinPhotos,
  maxLinkedinPostLength,
} from '@life-updates/contract/linkedin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLinkedinConnection } from '@/api/linkedin';
import { useTelegramStatus } from '@/api/telegram';
import {
  ContactDialogHeader,
  ContactsSection,
  toggled,
  useContactChoice,
  type ContactPickerDialogProps,
} from '@/components/contact-picker-dialog';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** Where a share goes, and when (`sendAt` absent: now). */
export interface ShareDestinationsChoice {
  destinations: { contactIds: string[]; telegramChatIds: string[]; linkedin: boolean };
  sendAt?: string;
}

/** The contact picker's props; `submitLabel` is for a send now to contacts only ("Send Email", "Approve"). */
export interface ShareDestinationsDialogProps extends Omit<ContactPickerDialogProps, 'filter' | 'onSubmit'> {
  /** Its label for a send now that includes a post; `submitLabel` when left out. */
  postSubmitLabel?: string | undefined;
  /** How many photos the share's ideas have: every destination gets them with the text. */
  photoCount?: number | undefined;
  contactFilter?: ContactPickerDialogProps['filter'];
  /**
   * The one text a Telegram or LinkedIn post would carry; null when the share has one text per
   * contact, which posts cannot take (then only contacts are offered).
   */
  postText: string | null;
  onSubmit: (choice: ShareDestinationsChoice) => void;
}

/** A `datetime-local` value: the next full hour after an hour from now, in the browser's time zone. */
function defaultSendAt(): string {
  const soon = new Date(Date.now() + 60 * 60 * 1000);
  soon.setMinutes(0, 0, 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`;
}

/** The chosen local time as an ISO instant, or the catalogue key of why it cannot be one. */
function parseSendAt(value: string): { sendAt: string } | { problem: string } {
  const at = new Date(value);
  if (value === '' || Number.isNaN(at.getTime())) return { problem: 'summeris.validation.invalidTime' };
  // The server refuses a past time too; saying it here keeps the dialog and the choices.
  if (at.getTime() <= Date.now()) return { problem: 'summeris.validation.pastTime' };
  return { sendAt: at.toISOString() };
}

/**
 * The one share dialog: the user's contacts (by email), then, when the user has them, their
 * connected Telegram chats and their LinkedIn profile, and when it goes: now or at a time. The
 * submit button is disabled until a destination is chosen; a time in the past is refused here.
 */
export function ShareDestinationsDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  postSubmitLabel,
  note,
  photoCount = 0,
  contactFilter,
  postText,
  isProcessing,
  onSubmit,
}: ShareDestinationsDialogProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const timeErrorId = `${baseId}-time-error`;
  const [telegramChatIds, setTelegramChatIds] = useState<ReadonlySet<string>>(new Set());
  const [isLinkedinChosen, setLinkedinChosen] = useState(false);
  const [isScheduled, setScheduled] = useState(false);
  const [sendAt, setSendAt] = useState(defaultSendAt);
  const [timeError, setTimeError] = useState<string | null>(null);

  const contacts = useContactChoice(open, contactFilter);
  const telegram = useTelegramStatus({ enabled: open });
  const linkedin = useLinkedinConnection({ enabled: open });

  const chats = telegram.data?.chats ?? [];
  const linkedinConnection = linkedin.data?.isConfigured ? linkedin.data.connection : null;
  const hasPostDestinations = chats.length > 0 || linkedinConnection !== null;
  const canPost = postText !== null;

  // Only what still exists, in the lists' order.
  const chosenTelegramChatIds = canPost
    ? chats.filter((chat) => telegramChatIds.has(chat.id)).map((chat) => chat.id)
    : [];
  const isLinkedinSent = canPost && linkedinConnection !== null && isLinkedinChosen;
  const hasPost = chosenTelegramChatIds.length > 0 || isLinkedinSent;
  const chosenCount = contacts.chosenIds.length + chosenTelegramChatIds.length + (isLinkedinSent ? 1 : 0);
  const linkedinProblem = isLinkedinSent ? linkedinTextProblem(postText ?? '') : null;
  // Counted as LinkedIn counts it, and as the server checks it: escaped.
  const postLength = linkedinCommentaryLength((postText ?? '').trim());
  const isPostTooLong = postLength > maxLinkedinPostLength;
  const canChoose = contacts.all.length > 0 || (canPost && hasPostDestinations);

  function submit() {
    let when: string | undefined;
    if (isScheduled) {
      const parsed = parseSendAt(sendAt);
      if ('problem' in parsed) return setTimeError(t(parsed.problem));
      when = parsed.sendAt;
    }
    setTimeError(null);
    onSubmit({
      destinations: {
        contactIds: contacts.chosenIds,
        telegramChatIds: chosenTelegramChatIds,
        linkedin: isLinkedinSent,
      },
      ...(when ? { sendAt: when } : {}),
    });
  }

  const label = isProcessing
    ? t('common.contactPicker.processing')
    : isScheduled
      ? t('common.destinations.schedule')
      : hasPost
        ? (postSubmitLabel ?? submitLabel)
        : submitLabel;

  return (
    <Dialog open={open} onOpenChange={(next) => !isProcessing && onOpenChange(next)}>
      <DialogContent>
        <ContactDialogHeader
          title={title}
          count={contacts.all.length > 0 ? { selected: contacts.chosenIds.length, total: contacts.all.length } : null}
          note={note}
        />

        {photoCount > 0 ? (
          <p className="text-sm text-muted-foreground">{t('photos.share.goWith', { count: photoCount })}</p>
        ) : null}

        <ContactsSection
          query={contacts.query}
          contacts={contacts.all}
          selected={contacts.selected}
          onSelectedChange={contacts.setSelected}
          disabled={isProcessing}
          label={title}
        />

        {!canPost && hasPostDestinations ? (
          <p className="text-sm text-muted-foreground">{t('summeris.validation.noSingleText')}</p>
        ) : null}

        {canPost && chats.length > 0 ? (
          <fieldset className="space-y-2" disabled={isProcessing}>
            <legend className="mb-2 text-sm font-medium">{t('telegram.title')}</legend>
            {chats.map((chat) => {
              const id = `${baseId}-telegram-${chat.id}`;
              return (
                <div key={chat.id} className="flex items-center gap-3 rounded-md border border-border p-3">
                  <Checkbox
                    id={id}
                    checked={telegramChatIds.has(chat.id)}
                    disabled={isProcessing}
                    onCheckedChange={(state) => setTelegramChatIds(toggled(telegramChatIds, chat.id, state === true))}
                  />
                  <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                    <span className="block truncate font-medium">{chat.title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {t(`telegram.channelType.${chat.type}`)}
                    </span>
                  </label>
                </div>
              );
            })}
          </fieldset>
        ) : null}

        {canPost && linkedinConnection ? (
          <fieldset className="space-y-2" disabled={isProcessing}>
            <legend className="mb-2 text-sm font-medium">{t('linkedin.name')}</legend>
            <div className="flex items-center gap-3 rounded-md border border-border p-3">
              <Checkbox
                id={`${baseId}-linkedin`}
                checked={isLinkedinChosen}
                disabled={isProcessing || linkedinConnection.state === 'expired'}
                aria-describedby={`${baseId}-linkedin-count`}
                onCheckedChange={(state) => setLinkedinChosen(state === true)}
              />
              <div className="min-w-0 flex-1">
                <label htmlFor={`${baseId}-linkedin`} className="block cursor-pointer font-medium">
                  {t('common.destinations.linkedinProfile', { name: linkedinConnection.name })}
                </label>
                <span
                  id={`${baseId}-linkedin-count`}
                  className={cn('block text-xs', isPostTooLong ? 'text-destructive' : 'text-muted-foreground')}
                >
                  {t('linkedin.characterCount', { count: postLength, max: maxLinkedinPostLength })}
                </span>
                {photoCount > maxLinkedinPhotos ? (
                  <span className="block text-xs text-muted-foreground">
                    {t('photos.share.linkedinFirst', { limit: maxLinkedinPhotos })}
                  </span>
                ) : null}
              </div>
            </div>
            {linkedinConnection.state === 'expired' ? (
              <p className="text-sm text-destructive">
                {t('linkedin.errors.expired')}{' '}
                <Link to={`${paths.settings}?tab=connected`} className="font-medium underline underline-offset-2">
                  {t('linkedin.openConnectedAccounts')}
                </Link>
              </p>
            ) : null}
            {linkedinProblem ? (
              <p role="alert" className="text-sm text-destructive">
                {t(linkedinProblem)}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        {canChoose ? (
          <fieldset className="space-y-2" disabled={isProcessing}>
            <legend className="mb-2 text-sm font-medium">{t('common.destinations.when')}</legend>
            <div className="flex flex-wrap gap-4">
              {[false, true].map((isAtTime) => (
                <label key={String(isAtTime)} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${baseId}-when`}
                    checked={isScheduled === isAtTime}
                    onChange={() => {
                      setScheduled(isAtTime);
                      setTimeError(null);
                    }}
                    className="accent-primary"
                  />
                  {isAtTime ? t('common.destinations.atTime') : t('common.destinations.now')}
                </label>
              ))}
            </div>
            {isScheduled ? (
              <div className="space-y-1">
                <Label htmlFor={`${baseId}-at`}>{t('common.destinations.time')}</Label>
                <Input
                  id={`${baseId}-at`}
                  type="datetime-local"
                  value={sendAt}
                  onChange={(event) => {
                    setSendAt(event.target.value);
                    setTimeError(null);
                  }}
                  aria-invalid={timeError !== null}
                  aria-describedby={timeError ? timeErrorId : undefined}
                />
                {timeError ? (
                  <p id={timeErrorId} role="alert" className="text-sm text-destructive">
                    {timeError}
                  </p>
                ) : null}
              </div>
            ) : null}
          </fieldset>
        ) : null}

        {canChoose && chosenCount === 0 ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {t('summeris.validation.selectDestination')}
          </p>
        ) : null}

        <DialogFooter>
          <Button variant="outline" disabled={isProcessing} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          {canChoose ? (
            <Button
              disabled={chosenCount === 0 || linkedinProblem !== null || isProcessing}
              aria-describedby={chosenCount === 0 ? hintId : undefined}
              onClick={submit}
            >
              {label}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
