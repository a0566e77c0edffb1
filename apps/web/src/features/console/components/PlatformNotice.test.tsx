import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PlatformNotice } from './PlatformNotice.tsx';

const render = () =>
  renderRoutes([{ path: '/dashboard/home', element: <PlatformNotice /> }], {
    initialEntries: ['/dashboard/home'],
    session: signedInSession(5150),
  });

describe('PlatformNotice', () => {
  it('tells staff why their organisation takes no gifts, under the maintenance banner', async () => {
    stubFetch({
      'GET /platform/notice': {
        body: {
          maintenance_banner: 'Maintenance on Sunday',
          organisation_status: 'suspended',
          organisation_reason: 'Unpaid invoice',
        },
      },
    });
    render();
    expect(await screen.findByText('Maintenance on Sunday')).toBeInTheDocument();
    expect(screen.getByText('The platform has suspended this organisation')).toBeInTheDocument();
    expect(screen.getByText(/not accepting gifts\. Reason: Unpaid invoice/)).toBeInTheDocument();
  });

  it('shows nothing while all is well', async () => {
    const fetch = stubFetch({
      'GET /platform/notice': {
        body: { maintenance_banner: '', organisation_status: 'active', organisation_reason: '' },
      },
    });
    const { container } = render();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch.callsTo('GET', '/platform/notice')).toHaveLength(1);
    expect(container.querySelector('[role="alert"], [role="status"]')).toBeNull();
  });
});
