import type { TRoleCode } from '@kindling/contracts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { signedInSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { authenticatedRoutes } from './authenticated.routes.tsx';

// docs/product/profile.md: /account-settings is every role's profile; /profile opens for every role.
describe('/account-settings and /profile', () => {
  it.each([1984, 1123, 2001, 5150, 7789] as TRoleCode[])('lead a %s user to their profile', async (code) => {
    stubFetch({});
    for (const entry of ['/account-settings', '/profile']) {
      const { router, unmount } = renderRoutes(authenticatedRoutes(), {
        initialEntries: [entry],
        session: signedInSession(code),
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 5000 });
      unmount();
    }
  });
});
