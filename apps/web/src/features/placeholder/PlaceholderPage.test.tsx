import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';

const renderPage = (pattern: string, url: string, code: 5150 | 1123 | 1984 = 5150) =>
  renderRoutes([{ path: pattern, element: <PlaceholderPage path={pattern} /> }], {
    initialEntries: [url],
    session: signedInSession(code),
  });

describe('PlaceholderPage', () => {
  it('frames a page that arrives later: title, description, empty state and a related page', () => {
    renderPage('/dashboard/donations', '/dashboard/donations');
    expect(screen.getByRole('heading', { level: 1, name: 'Donations' })).toBeInTheDocument();
    expect(screen.getByText(/Every gift to your organisation will be listed here/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No donations to show yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to your dashboard/ })).toHaveAttribute('href', '/dashboard/home');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Fundraising');
  });

  it('names the record of a detail route', () => {
    renderPage('/dashboard/donor/:id', '/dashboard/donor/12');
    expect(screen.getByRole('heading', { level: 1, name: 'Donor #12' })).toBeInTheDocument();
  });

  it('hides a related link the role could not open', () => {
    renderPage('/dashboard/launchpad', '/dashboard/launchpad', 1984);
    expect(screen.getByRole('heading', { level: 1, name: 'Launchpad' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /payment processor/i })).toBeNull();
  });

  it('shows the related link to a role that can open it', () => {
    renderPage('/dashboard/launchpad', '/dashboard/launchpad', 5150);
    expect(screen.getByRole('link', { name: /payment processor/i })).toHaveAttribute('href', '/admin/processors');
  });
});
