import type { TRoleCode } from '@kindling/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AccountPage } from './AccountPage.tsx';

function renderAccount(entry: string, code: TRoleCode = 5150, handlers: Parameters<typeof stubFetch>[0] = {}) {
  const fetchStub = stubFetch(handlers);
  const view = renderRoutes(
    [
      { path: '/admin/account', element: <AccountPage /> },
      { path: '/profile', element: <h1>Profile page</h1> },
    ],
    { initialEntries: [entry], session: signedInSession(code) },
  );
  return { ...view, fetchStub, user: userEvent.setup() };
}
const at = (router: ReturnType<typeof renderAccount>['router']) =>
  `${router.state.location.pathname}${router.state.location.hash}`;

// One code path for a person's own settings: the old Profile and Security tabs lead to /profile.
describe('/admin/account', () => {
  it.each([
    ['/admin/account?tab=mfa', '/profile#two-factor'],
    ['/admin/account?tab=profile', '/profile'],
  ])('sends %s to %s', async (entry, target) => {
    const { router } = renderAccount(entry);
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(at(router)).toBe(target);
  });

  it('sends a role without organisation settings (2001) to the profile', async () => {
    const { router, fetchStub } = renderAccount('/admin/account?tab=organisation', 2001);
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(at(router)).toBe('/profile');
    expect(fetchStub.calls).toHaveLength(0);
  });

  it('leads an admin to the organisation profile and to their own profile', async () => {
    renderAccount('/admin/account', 5150);
    expect(screen.getByRole('link', { name: 'Your profile and password' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Two-step verification' })).toHaveAttribute('href', '/profile#two-factor');
    expect(screen.getByRole('link', { name: 'Open the organisation profile' })).toHaveAttribute(
      'href',
      '/admin/organization',
    );
  });
});
