import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

/** The signed-in screens and their widths. Each one's heading is the first part of its page title. */
const screenWidths = {
  dashboard: 'max-w-6xl',
  create: 'max-w-6xl',
  generate: 'max-w-6xl',
  summeris: 'max-w-4xl',
  contacts: 'max-w-6xl',
  settings: 'max-w-5xl',
} as const;

type Screen = keyof typeof screenWidths;

const screenByPath: Record<string, Screen> = {
  [paths.dashboard]: 'dashboard',
  [paths.create]: 'create',
  [paths.generate]: 'generate',
  [paths.summeris]: 'summeris',
  [paths.summaryReview]: 'summeris',
  [paths.contacts]: 'contacts',
  [paths.settings]: 'settings',
};

export const screenAt = (pathname: string): Screen | undefined => screenByPath[pathname];

/**
 * A signed-in screen's container, heading and page title. The screen's loading state is drawn in
 * the same frame (`PageLoading`), so the heading is on the page before the screen's code and data
 * arrive and stays in place when they do.
 */
export function ScreenFrame({
  screen,
  subtitle,
  beside,
  children,
}: {
  screen: Screen;
  subtitle?: ReactNode;
  /** Beside the heading (the admin badge). */
  beside?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(screen);
  return (
    <div className={`mx-auto ${screenWidths[screen]} space-y-6 px-4 py-6`}>
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{t(`titles.${screen}`).split(' | ')[0]}</h1>
          {beside}
        </div>
        {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}
