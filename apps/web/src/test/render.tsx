import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import type { SessionState } from '../session/session-types.ts';

export type RenderOptions = {
  /** Starting entries of the memory history; the last one is shown. */
  initialEntries?: Array<string | { pathname: string; search?: string; state?: unknown }>;
  /** A known session (phase 'ready' skips the start-up refresh). */
  session?: Partial<SessionState>;
};

/** Shows where the router ended up, so tests can assert the final location. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/**
 * Renders routes inside the app's real providers (Mantine in test mode, a fresh QueryClient, the
 * session) with a memory router. Any path the routes do not declare renders the LocationProbe.
 */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const router = createMemoryRouter([...routes, { path: '*', element: <LocationProbe /> }], {
    initialEntries: options.initialEntries ?? ['/'],
  });
  const result = render(
    <AppProviders queryClient={queryClient} initialSession={options.session} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
