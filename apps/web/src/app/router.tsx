import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { RouteErrorScreen } from '../system/ErrorScreen.tsx';
import { FullPageSpinner } from '../system/FullPageSpinner.tsx';
import { NotFoundPage } from '../system/NotFoundPage.tsx';
import { authenticatedRoutes } from './routes/authenticated.routes.tsx';
import { publicRoutes } from './routes/public.routes.tsx';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** The complete route table in docs/product/sign-in.md#route-access; an unknown path shows the not-found page. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      // Shown while the first page's lazy route module loads.
      hydrateFallbackElement: <FullPageSpinner />,
      children: [...publicRoutes(), ...authenticatedRoutes(), { path: '*', element: <NotFoundPage /> }],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(appRoutes());
