import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { ProtectedLayout } from './layouts/protected-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './routes/route-error';

/** The route table of spec §2; every screen is a lazy route module exporting `Component`. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.landing, lazy: () => import('./routes/landing') },
      { path: paths.login, lazy: () => import('./routes/login') },
      { path: paths.register, lazy: () => import('./routes/register') },
      { path: paths.contactUs, lazy: () => import('./routes/contact-us') },
      {
        element: <ProtectedLayout />,
        children: [
          { path: paths.dashboard, lazy: () => import('./routes/dashboard') },
          { path: paths.stories, element: <Navigate to={paths.dashboard} replace /> },
          { path: paths.create, lazy: () => import('./routes/create') },
          { path: paths.generate, lazy: () => import('./routes/generate') },
          { path: paths.summeris, lazy: () => import('./routes/summeris') },
          { path: paths.summaryReview, lazy: () => import('./routes/summeris') },
          { path: paths.summaries, element: <Navigate to={paths.summeris} replace /> },
          { path: paths.contacts, lazy: () => import('./routes/contacts') },
          { path: paths.settings, lazy: () => import('./routes/settings') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
