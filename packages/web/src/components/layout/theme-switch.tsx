import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { setTheme, themes, useTheme } from '@/lib/theme';
import { clsx } from 'clsx';

const icons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };
const labels = { light: 'nav.themeLight', dark: 'nav.themeDark', system: 'nav.themeSystem' } as const;

export function ThemeSwitch() {
  const { t } = useTranslation();
  const current = useTheme();
  return (
    <div role="radiogroup" aria-label={t('nav.theme')} className="inline-flex rounded-md border border-input p-0.5">
      {themes.map((theme) => {
        const Icon = icons[theme];
        return (
          <button
            key={theme}
            type="button"
            role="radio"
            aria-checked={current === theme}
            title={t(labels[theme])}
            onClick={() => setTheme(theme)}
            className={clsx(
              'inline-flex size-8 items-center justify-center rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              current === theme ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
            <span className="sr-only">{t(labels[theme])}</span>
          </button>
        );
      })}
    </div>
  );
}
