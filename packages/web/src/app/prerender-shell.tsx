import type { Me } from '@life-updates/contract/auth';
import type { Locale } from '@life-updates/contract/i18n';
import en from '@life-updates/contract/locales/en';
import ru from '@life-updates/contract/locales/ru';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { meQueryKey } from '@/features/auth/api/get-me';
import { RootLayout } from './layouts/root-layout';

/*
 * Run at build only, through Vite's SSR (route-preloads.ts): the signed-in layout and a screen's
 * `Frame` (its container and heading), drawn by the app's own components, for the page the server
 * sends a visitor with a session cookie. The page paints them, the largest text on it (the
 * heading) included, as soon as the HTML and CSS are here instead of after the entry has run; the
 * app replaces them with the same picture once the screen is ready (main.tsx).
 */

type ScreenModule = { Frame?: ComponentType<{ children?: ReactNode }> };

const screens = import.meta.glob<ScreenModule>('./routes/*.tsx');
const catalogues: Record<Locale, Record<string, unknown>> = { en, ru };

/** Only whether someone is signed in shows in the shell; nothing of this reaches the page. */
const placeholderMe: Me = {
  id: 'shell',
  email: '',
  username: '',
  fullName: '',
  role: 'user',
  isAdmin: false,
  emailVerified: true,
  welcomeShown: true,
  locale: null,
  theme: null,
};

export type Shell = { markup: string; title: string };

/** The signed-in screen `route` (a module of app/routes exporting `Frame`) in `locale`, as static HTML. */
export async function renderShell(route: string, locale: Locale): Promise<Shell> {
  const load = screens[`./routes/${route}.tsx`];
  const Frame = load ? (await load()).Frame : undefined;
  if (!Frame) throw new Error(`prerender-shell: app/routes/${route}.tsx exports no Frame`);

  const i18n = createInstance();
  await i18n.init({
    resources: { [locale]: { translation: catalogues[locale] } },
    lng: locale,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(meQueryKey, placeholderMe);

  const handler = createStaticHandler([
    { element: <RootLayout />, children: [{ path: `/${route}`, element: <Frame /> }] },
  ]);
  const context = await handler.query(new Request(`http://localhost/${route}`));
  if (context instanceof Response) throw new Error(`prerender-shell: /${route} answered a redirect`);
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { markup, title: i18n.t(`titles.${route}`) };
}
