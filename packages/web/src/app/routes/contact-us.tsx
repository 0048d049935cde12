import { ClockIcon, MailIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useContactInfo } from '@/api/contact-us';
import { useMe } from '@/api/me';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactUsForm } from '@/features/contact-us/components/contact-us-form';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const { t } = useTranslation();
  usePageTitle('contactUs');
  const { data: me, isPending } = useMe();
  const { data: info } = useContactInfo();
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">{t('contactUs.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('contactUs.subtitle')}</p>
      </div>
      <div className="rounded-lg border border-success/40 bg-success/10 p-4" role="note">
        <h2 className="flex items-center gap-2 font-semibold">
          <SparklesIcon className="size-4 text-success" aria-hidden />
          {t('contactUs.upgradeTitle')}
        </h2>
        <p className="mt-1 text-sm">{t('contactUs.upgradeText')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="pt-6">
            {/* Wait for the session so a signed-in user's name and email are filled in. */}
            {isPending ? null : <ContactUsForm defaults={{ name: me?.fullName ?? '', email: me?.email ?? '' }} />}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('contactUs.otherWays')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm">
            <p className="flex items-center gap-2">
              <MailIcon className="size-4 text-muted-foreground" aria-hidden />
              {info ? (
                <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${info.supportEmail}`}>
                  {t('contactUs.supportEmail', { email: info.supportEmail })}
                </a>
              ) : null}
            </p>
            <div className="flex items-start gap-2">
              <ClockIcon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
              <div>
                <p className="font-medium">{t('contactUs.officeHoursLabel')}</p>
                <p className="text-muted-foreground">{t('contactUs.officeHours')}</p>
              </div>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
