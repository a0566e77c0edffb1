import type { TLaunchpad } from '@kindling/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LaunchpadPage } from './LaunchpadPage.tsx';

const LAUNCHPAD: TLaunchpad = {
  steps: [
    { key: 'profile', done: false, missing: ['Legal name', 'Address'] },
    { key: 'logo', done: false, missing: [] },
    { key: 'payment_provider', done: true, missing: [] },
    { key: 'campaign_published', done: true, missing: [] },
    { key: 'receipt_template', done: false, missing: [] },
    { key: 'team_invited', done: true, missing: [] },
    { key: 'second_factor', done: false, missing: [] },
    { key: 'test_donation', done: false, missing: [] },
  ],
  done: 3,
  total: 8,
};

const render = (code: 5150 | 1984) =>
  renderRoutes([{ path: '/dashboard/launchpad', element: <LaunchpadPage /> }], {
    initialEntries: ['/dashboard/launchpad'],
    session: signedInSession(code),
  });

describe('LaunchpadPage', () => {
  it('shows the progress and each step with its state and the page where it is done', async () => {
    stubFetch({ 'GET /npo_admin/launchpad': { body: LAUNCHPAD } });
    render(5150);
    expect(await screen.findByText('3 of 8 steps done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '3 of 8 steps done' })).toHaveAttribute('aria-valuenow', '38');
    const steps = within(screen.getByRole('list', { name: 'Set-up steps' })).getAllByRole('article');
    expect(steps).toHaveLength(8);

    const profile = screen.getByRole('article', { name: 'Complete your organisation profile' });
    expect(profile).toHaveTextContent('To do');
    expect(profile).toHaveTextContent('Still missing: Legal name, Address');
    expect(within(profile).getByRole('link', { name: 'Edit the profile' })).toHaveAttribute(
      'href',
      '/admin/organization',
    );
    const provider = screen.getByRole('article', { name: 'Connect a payment provider' });
    expect(provider).toHaveTextContent('Done');
    expect(within(provider).getByRole('link')).toHaveAttribute('href', '/admin/processors');
    const receipt = screen.getByRole('article', { name: 'Review the receipt e-mail' });
    expect(within(receipt).getByRole('link')).toHaveAttribute('href', '/dashboard/campaigns/one-time-emails');
    const twoFactor = screen.getByRole('article', { name: 'Turn on two-factor sign-in' });
    expect(within(twoFactor).getByRole('link')).toHaveAttribute('href', '/account-settings');
  });

  it('tells staff which steps an admin does instead of linking to pages they cannot open', async () => {
    stubFetch({ 'GET /npo_admin/launchpad': { body: LAUNCHPAD } });
    render(1984);
    const provider = await screen.findByRole('article', { name: 'Connect a payment provider' });
    expect(within(provider).queryByRole('link')).toBeNull();
    expect(provider).toHaveTextContent('An organisation admin can do this step.');
    const donation = screen.getByRole('article', { name: 'Make a test donation' });
    expect(within(donation).getByRole('link', { name: 'Try your form' })).toHaveAttribute(
      'href',
      '/dashboard/campaigns',
    );
  });

  it('shows an error with a retry when the checklist cannot be read', async () => {
    stubFetch({
      'GET /npo_admin/launchpad': { status: 500, body: { status: 500, code: 'INTERNAL', message: 'Boom' } },
    });
    render(5150);
    expect(await screen.findByRole('alert')).toHaveTextContent('Checklist unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
