import type { Me } from '@life-updates/contract/auth';
import { LogOutIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { clsx } from 'clsx';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { screenLinks } from './bottom-nav';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
  );

/*
 * The top bar is in the entry bundle, so it uses the button classes directly rather than <Button>
 * and `cn` (tailwind-merge): none of its classes conflict.
 */

/**
 * The top bar: brand with BETA, and the desktop links; Logout on desktop only. While who is signed
 * in is still being asked (`me` undefined), the brand alone: neither a signed-in user's links nor
 * "Sign in".
 */
export function AppHeader({
  me,
  onSignOut,
  isSigningOut,
}: {
  me: Me | null | undefined;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-(--top-bar-height) max-w-6xl items-center justify-between gap-4 px-4">
        <Brand to={me ? paths.dashboard : paths.landing} />
        {me ? (
          <nav aria-label={t('nav.mainNavigation')} className="hidden items-center gap-1 md:flex">
            {[...screenLinks, { to: paths.contactUs, label: 'nav.upgrade' } as const].map(({ to, label }) => (
              <NavLink key={to} to={to} className={navLinkClass}>
                {t(label)}
              </NavLink>
            ))}
            <ThemeSwitch />
            <button
              type="button"
              className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              onClick={onSignOut}
              disabled={isSigningOut}
            >
              <LogOutIcon aria-hidden />
              {t('nav.logout')}
            </button>
          </nav>
        ) : me === null ? (
          <nav aria-label={t('nav.mainNavigation')} className="flex items-center gap-2">
            <NavLink to={paths.contactUs} className={navLinkClass}>
              {t('nav.contact')}
            </NavLink>
            <span className="hidden sm:inline-flex">
              <LanguageSwitch />
            </span>
            <Link to={paths.login} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              {t('nav.signIn')}
            </Link>
            <Link to={paths.register} className={buttonVariants({ size: 'sm', className: 'max-sm:hidden' })}>
              {t('nav.register')}
            </Link>
          </nav>
        ) : null}
        {me ? (
          <div className="flex items-center gap-2 md:hidden">
            <ThemeSwitch />
          </div>
        ) : null}
      </div>
    </header>
  );
}
