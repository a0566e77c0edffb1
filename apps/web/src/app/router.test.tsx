import { GUARDED_ROUTES, isReservedCampaignUrl, MESSAGES, PUBLIC_PATTERNS, PUBLIC_ROUTES } from '@kindling/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { signedOutSession } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';
import { accessOfMatches } from './routes/route-access.ts';

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '7');

/** The deepest route a path reaches, and the access rule on the way. */
function resolve(path: string) {
  const matches = matchRoutes(appRoutes(), path) ?? [];
  const leaf = matches.at(-1)?.route;
  const access = accessOfMatches(matches.map((m) => ({ handle: m.route.handle })));
  return { leafPath: leaf?.path, access };
}

describe('route table (docs/product/sign-in.md#route-access)', () => {
  it.each(GUARDED_ROUTES.map((r) => [r.path, r.group] as const))('%s is guarded for the %s group', (path, group) => {
    expect(resolve(concrete(path))).toEqual({ leafPath: path, access: group });
  });

  it.each([...PUBLIC_ROUTES, ...PUBLIC_PATTERNS].map((p) => [p]))('%s is public', (path) => {
    const { leafPath, access } = resolve(concrete(path));
    expect(access).toBeNull();
    expect(leafPath).not.toBe('*');
  });

  // The server answers a direct load (a reload, a link in an e-mail) with the public donation page
  // whenever the first segment is not reserved; every page of this table must be reserved.
  it('reserves the first segment of every route, so a direct load reaches the app', () => {
    const paths = (routes: RouteObject[]): string[] =>
      routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);
    const firstSegments = paths(appRoutes())
      .map((p) => p.split('/').filter(Boolean)[0] ?? '')
      .filter((s) => s !== '' && s !== '*' && !s.startsWith(':'));
    expect(firstSegments.filter((s) => !isReservedCampaignUrl(s))).toEqual([]);
  });

  it('shows the not-found page for an unknown path', async () => {
    stubFetch({});
    renderRoutes(appRoutes(), { initialEntries: ['/no/such/page'], session: signedOutSession });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows a campaign-not-found page for a single unknown segment', async () => {
    stubFetch({});
    renderRoutes(appRoutes(), { initialEntries: ['/spring-appeal-2031'], session: signedOutSession });
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument();
    expect(screen.getByText(/\/spring-appeal-2031/)).toBeInTheDocument();
  });

  it('serves the sign-up screen at /register', async () => {
    stubFetch({});
    renderRoutes(appRoutes(), { initialEntries: ['/register'], session: signedOutSession });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('shows Unauthorized with a Back button to the previous page', async () => {
    stubFetch({});
    const { router } = renderRoutes(appRoutes(), {
      initialEntries: ['/no/such/page', '/unauthorized'],
      session: signedOutSession,
    });
    expect(await screen.findByRole('heading', { name: MESSAGES.unauthorizedTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.unauthorizedBody)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/no/such/page');
  });
});
