import { useSyncExternalStore } from 'react';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

const storageKey = 'life-updates.theme';
const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function getTheme(): Theme {
  const stored = localStorage.getItem(storageKey);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** Puts the `dark` class on <html> for the chosen theme; "system" follows the OS. */
export function applyTheme(theme: Theme = getTheme()) {
  const isDark = theme === 'dark' || (theme === 'system' && darkQuery().matches);
  document.documentElement.classList.toggle('dark', isDark);
  document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
}

export function setTheme(theme: Theme) {
  localStorage.setItem(storageKey, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** Follows the OS live while the theme is "system". */
export function watchSystemTheme() {
  darkQuery().addEventListener('change', () => {
    if (getTheme() === 'system') applyTheme('system');
  });
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTheme,
    () => 'system',
  );
}
