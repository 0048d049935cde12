import { BookOpenIcon, InboxIcon, PenSquareIcon, SettingsIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { clsx } from 'clsx';

/** The signed-in screens, in the order both navigations list them (the top bar adds Upgrade). */
export const screenLinks = [
  { to: paths.dashboard, label: 'nav.myStories', Icon: BookOpenIcon },
  { to: paths.create, label: 'nav.create', Icon: PenSquareIcon },
  { to: paths.summeris, label: 'nav.summeris', Icon: InboxIcon },
  { to: paths.contacts, label: 'nav.contacts', Icon: UsersIcon },
  { to: paths.settings, label: 'nav.settings', Icon: SettingsIcon },
] as const;

/** The bottom tab bar for signed-in users below 768 px. */
export function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.mobileNavigation')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background md:hidden"
    >
      <ul className="grid grid-cols-5">
        {screenLinks.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  'flex flex-col items-center gap-1 py-2 text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  isActive ? 'text-primary' : 'text-muted-foreground',
                )
              }
            >
              <Icon className="size-5" aria-hidden />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
