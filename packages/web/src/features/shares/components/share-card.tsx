import { everyoneTextKey, type Delivery, type ShareWithContacts } from '@life-updates/contract/shares';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliveryStatusList, destinationLabel } from '@/components/shares/delivery-status-list';
import { PhotoThumbnails } from '@/components/photos/photo-thumbnails';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { recipientsOf, templateLabel } from './share-labels';

/**
 * A share's card, named by its header: "Share with" and who (the contacts of a pending share, the
 * destinations of one that went out), its template, `date` and its ideas' photos; then `children`.
 */
export function ShareCard({
  share,
  date,
  byDestination = false,
  children,
}: {
  share: ShareWithContacts;
  date: string;
  byDestination?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const names =
    byDestination && share.deliveries.length > 0
      ? share.deliveries.map((delivery) =>
          delivery.channel === 'email'
            ? (delivery.recipientName ?? delivery.recipientEmail ?? '')
            : `${destinationLabel(delivery)} (${t(`recipients.channel.${delivery.channel}`)})`,
        )
      : recipientsOf(share, t)
          .filter((recipient) => recipient.key !== everyoneTextKey)
          .map((recipient) => recipient.name);
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardHeader className="space-y-1">
        <CardTitle id={titleId} className="break-words text-base">
          {t('summeris.shareWith')} {names.length > 0 ? names.join(', ') : t('summeris.noRecipients')}
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="outline">{templateLabel(share, t)}</Badge>
          <span>{date}</span>
        </div>
        {/* The photos of its ideas: what its channels send with the text. */}
        <PhotoThumbnails photos={share.photos} className="pt-1" />
      </CardHeader>
      {children}
    </Card>
  );
}

export function DestinationsSection({
  title,
  deliveries,
  children,
}: {
  title: string;
  deliveries: readonly Delivery[];
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="space-y-2">
      <h3 id={headingId} className="font-medium">
        {title}
      </h3>
      {children}
      <DeliveryStatusList deliveries={deliveries} labelId={headingId} />
    </section>
  );
}

export function ReadOnlyTexts({ share }: { share: ShareWithContacts }) {
  const { t } = useTranslation();
  const recipients = recipientsOf(share, t);
  const single = share.texts[everyoneTextKey];
  // One text for everyone is shown once, whoever it went to.
  const shown =
    single !== undefined && recipients.every((recipient) => recipient.text === single)
      ? [{ key: everyoneTextKey, name: t('summeris.everyoneText'), text: single }]
      : recipients;
  return shown.map((recipient) => (
    <section
      key={recipient.key}
      aria-label={t('summeris.shareTextFor', { name: recipient.name })}
      className="space-y-2"
    >
      <h3 className="font-medium">{recipient.name}</h3>
      <p className="whitespace-pre-wrap break-words rounded-md border border-border bg-muted/40 p-3 text-sm">
        {recipient.text}
      </p>
    </section>
  ));
}
