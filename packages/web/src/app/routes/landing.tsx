import { MailIcon, MicIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useMe } from '@/api/me';
import { Brand } from '@/components/layout/brand';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

const features = [
  { Icon: MicIcon, title: 'landing.featureCaptureTitle', text: 'landing.featureCapture' },
  { Icon: SparklesIcon, title: 'landing.featureComposeTitle', text: 'landing.featureCompose' },
  { Icon: MailIcon, title: 'landing.featureShareTitle', text: 'landing.featureShare' },
] as const;

export function Component() {
  const { t } = useTranslation();
  usePageTitle('landing');
  const { data: me } = useMe();
  if (me) return <Navigate to={paths.dashboard} replace />;
  return (
    <div className="mx-auto flex min-h-dvh max-w-5xl flex-col px-4">
      <div className="flex items-center justify-between py-4">
        <Brand to={paths.landing} />
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <Link to={paths.login} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            {t('nav.signIn')}
          </Link>
        </div>
      </div>
      <section className="flex flex-1 flex-col items-center justify-center gap-6 py-12 text-center">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t('landing.headline')}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t('landing.lead')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.register} className={buttonVariants({ size: 'lg' })}>
            {t('landing.getStarted')}
          </Link>
          <Link to={paths.login} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            {t('landing.signIn')}
          </Link>
        </div>
        <ul className="mt-8 grid w-full gap-4 text-left sm:grid-cols-3">
          {features.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border bg-card p-5">
              <Icon className="mb-3 size-6 text-primary" aria-hidden />
              <h2 className="font-semibold">{t(title)}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <footer className="py-6 text-center text-xs text-muted-foreground">{t('app.version')}</footer>
    </div>
  );
}
