import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { signedInSession } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { Sidebar } from './Sidebar.tsx';

function renderSidebar(props: { collapsed?: boolean; onToggleCollapse?: () => void }, path = '/dashboard/donations') {
  return renderRoutes([{ path, element: <Sidebar {...props} /> }], {
    initialEntries: [path],
    session: signedInSession(5150),
  });
}

describe('Sidebar', () => {
  it('marks the current page and shows labels when expanded', () => {
    renderSidebar({});
    const current = screen.getByRole('link', { name: 'Donations' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Donors' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Campaigns')).toBeVisible();
  });

  it('folds and unfolds a section, starting expanded', async () => {
    const user = userEvent.setup();
    renderSidebar({});
    const toggle = screen.getByRole('button', { name: 'CRM' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows icons only when collapsed, named by aria-label, with a tooltip on hover', async () => {
    const user = userEvent.setup();
    renderSidebar({ collapsed: true, onToggleCollapse: () => undefined });
    const link = screen.getByRole('link', { name: 'Campaigns' });
    expect(link).toHaveAttribute('aria-label', 'Campaigns');
    expect(within(link).queryByText('Campaigns')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fundraising' })).toBeNull();
    await user.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Campaigns');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the collapse button only where collapsing is possible (desktop)', () => {
    renderSidebar({});
    expect(screen.queryByRole('button', { name: /collapse sidebar/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  });

  it('logs out with GET /logout and goes to the sign-in page', async () => {
    const user = userEvent.setup();
    const server = stubFetch({ 'GET /logout': { body: { status: 200, message: 'Signed out' } } });
    renderSidebar({});
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(server.callsTo('GET', '/logout')).toHaveLength(1);
  });
});
