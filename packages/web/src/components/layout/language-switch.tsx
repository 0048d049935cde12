import { locales, type Locale } from '@life-updates/contract/locale';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '@/lib/i18n';

const names: Record<Locale, string> = { en: 'English', ru: 'Русский' };

export function LanguageSwitch({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { t } = useTranslation();
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="sr-only">{t('nav.language')}</span>
      <select
        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        value={currentLocale()}
        onChange={(event) => {
          const locale = event.target.value as Locale;
          void changeLocale(locale);
          onChange?.(locale);
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {names[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
