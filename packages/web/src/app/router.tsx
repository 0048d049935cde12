import { createBrowserRouter, Navigate } from 'react-router';
import { contactListQueryOptions, initialContactList } from '@/api/contacts';
import { ideaListQueryOptions } from '@/api/ideas';
import { getMe, meQueryOptions } from '@/api/me';
import { ideaShareTextsQueryOptions } from '@/api/shares';
import { usageQueryOptions } from '@/api/usage';
import { PageLoading } from '@/components/layout/page-loading';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { RootLayout } from './layouts/root-layout';
import * as landing from './routes/landing';
import { RouteError } from './routes/route-error';

/**
 * The route table: every screen but the landing page (part of the entry bundle) is a lazy
 * route module exporting `Component`. Creating it starts the first screen's loaders (main.tsx).
 *
 * A screen's loader starts its requests at once, side by side with the screen's code and /api/me
 * (a loader in the route table runs while `lazy` loads; one in the route module would wait for it),
 * so the data is there when the screen first renders. Whoever opens a signed-in screen most likely
 * has a session, the same bet as /api/me's below; a visitor without one goes to the sign-in page,
 * and the refused answers hold no data, so the screen asks again after the sign-in. Loaders never
 * wait for them (prefetchQuery never rejects: a failed request shows as the query's own error), and
 * the screen shows its own loading state.
 */
export const createRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // Shown while the first screen's code arrives, so the page paints before it has.
      hydrateFallbackElement: <PageLoading />,
      children: [
        // The landing page is the first page of most visits: part of the entry, it paints without a second round trip.
        { path: paths.landing, Component: landing.Component },
        { path: paths.login, lazy: () => import('./routes/login') },
        { path: paths.register, lazy: () => import('./routes/register') },
        { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password') },
        { path: paths.resetPassword, lazy: () => import('./routes/reset-password') },
        { path: paths.contactUs, lazy: () => import('./routes/contact-us') },
        { path: paths.incoming, lazy: () => import('./routes/incoming') },
        {
          // The signed-in layout loads side by side with the screen's code, not with the entry.
          lazy: () =>
            import('./layouts/protected-layout').then(({ ProtectedLayout }) => ({ Component: ProtectedLayout })),
          // Drawn inside the root layout (header and bottom navigation) under the screen's heading.
          hydrateFallbackElement: <PageLoading />,
          // Who is signed in is asked while the screen's code loads, not after it renders, and
          // straight from /api/me: whoever opens a signed-in screen most likely has a session.
          loader: () => {
            void queryClient.prefetchQuery({
              ...meQueryOptions(),
              queryFn: ({ signal }) => getMe({ sessionExpected: true, signal }),
            });
            return null;
          },
          children: [
            {
              path: paths.dashboard,
              loader: () => {
                void queryClient.prefetchQuery(ideaListQueryOptions());
                void queryClient.prefetchQuery(usageQueryOptions());
                void queryClient.prefetchQuery(ideaShareTextsQueryOptions());
                return null;
              },
              lazy: () => import('./routes/dashboard'),
            },
            { path: paths.stories, element: <Navigate to={paths.dashboard} replace /> },
            { path: paths.create, lazy: () => import('./routes/create') },
            { path: paths.generate, lazy: () => import('./routes/generate') },
            { path: paths.summeris, lazy: () => import('./routes/summeris') },
            { path: paths.summaryReview, lazy: () => import('./routes/summeris') },
            { path: paths.summaries, element: <Navigate to={paths.summeris} replace /> },
            {
              path: paths.contacts,
              // The first page of the list (every relationship, newest first).
              loader: () => {
                void queryClient.prefetchQuery(contactListQueryOptions(initialContactList));
                return null;
              },
              lazy: () => import('./routes/contacts'),
            },
            { path: paths.settings, lazy: () => import('./routes/settings') },
          ],
        },
        { path: '*', lazy: () => import('./routes/not-found') },
      ],
    },
  ]);
